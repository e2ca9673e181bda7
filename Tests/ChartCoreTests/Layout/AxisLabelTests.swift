import Foundation
import Testing
@testable import ChartCore

/// Tick label fitting: thinning, automatic rotation, first/last label inside the canvas.
@Suite struct AxisLabelTests {
  func categoryChart(_ labels: [String], width: Double, rotation: Double? = nil) -> ChartSpec {
    var s = ChartSpec()
    s.kind = .bar
    s.width = width
    let xs = (0..<labels.count).map(Double.init)
    s.dataSets = [SampleCharts.dataSet("a", x: xs, y: xs.map { $0 + 1 })]
    s.xAxis.common.formatter = .category(labels: labels)
    s.xAxis.labelRotation = rotation
    return s
  }

  /// Independent overlap check from layout values alone.
  func expectNoOverlap(_ axis: AxisLayout, canvasWidth: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let shown = axis.ticks.filter { !$0.label.isEmpty }.sorted { $0.position < $1.position }
    if abs(axis.labelRotation) < 1 {
      let boxes = shown.map { t -> (Double, Double) in
        let w = TextMetrics.width(t.label, fontSize: axis.fontSize)
        return (t.position + t.labelShift - w / 2, t.position + t.labelShift + w / 2)
      }
      for (a, b) in zip(boxes, boxes.dropFirst()) { #expect(a.1 <= b.0, sourceLocation: sourceLocation) }
      for b in boxes { #expect(b.0 >= -0.01 && b.1 <= canvasWidth + 0.01, sourceLocation: sourceLocation) }
    } else {
      let needed = TextMetrics.lineHeight(fontSize: axis.fontSize) / abs(sin(axis.labelRotation * .pi / 180))
      for (a, b) in zip(shown, shown.dropFirst()) { #expect(b.position - a.position >= needed, sourceLocation: sourceLocation) }
    }
  }

  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  @Test func everyMonthFitsFlat() throws {
    let x = try #require(LayoutEngine.layout(ChartModel(spec: categoryChart(Self.months, width: 800))).x)
    #expect(x.labelRotation == 0)
    #expect(x.ticks.map(\.label) == Self.months)
    expectNoOverlap(x, canvasWidth: 800)
  }

  @Test func narrowChartRotatesToKeepEveryLabel() throws {
    let names = Self.months.map { $0 + "uary 2024" }
    let x = try #require(LayoutEngine.layout(ChartModel(spec: categoryChart(names, width: 420))).x)
    #expect(x.labelRotation == -45)
    #expect(x.ticks.count == 12)
    expectNoOverlap(x, canvasWidth: 420)
    // The band grows to hold the rotated labels.
    #expect(x.band.height > 40)
  }

  @Test func manyCategoriesAreThinned() throws {
    let labels = (0..<120).map { DateText.format(Double($0) * 86_400, pattern: "MM/dd") }
    let x = try #require(LayoutEngine.layout(ChartModel(spec: categoryChart(labels, width: 800))).x)
    #expect(x.labelRotation == 0)
    #expect(x.ticks.count < 40 && x.ticks.count > 5)
    let steps = Set(zip(x.ticks.dropFirst(), x.ticks).map { $0.value - $1.value })
    #expect(steps.count == 1)
    expectNoOverlap(x, canvasWidth: 800)
  }

  @Test func explicitRotationIsKept() throws {
    let x = try #require(LayoutEngine.layout(ChartModel(spec: categoryChart(Self.months, width: 800, rotation: -90))).x)
    #expect(x.labelRotation == -90)
    expectNoOverlap(x, canvasWidth: 800)
  }

  @Test func firstAndLastLabelsStayOnCanvas() throws {
    var s = ChartSpec()
    s.padding = Insets(top: 0, left: 0, bottom: 0, right: 0)
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 1_000_000], y: [1, 2], axis: .right)]
    s.rightAxis.common.enabled = false
    let l = LayoutEngine.layout(ChartModel(spec: s))
    let x = try #require(l.x)
    #expect(x.ticks.last?.labelShift ?? 0 < 0)
    expectNoOverlap(x, canvasWidth: 800)
  }

  /// Random widths, ranges and formats never give overlapping labels.
  @Test func randomChartsNeverOverlap() throws {
    var rng = SplitMix(seed: 11)
    for _ in 0..<60 {
      var s = ChartSpec()
      s.width = 160 + (rng.next() * 1000).rounded()
      let lo = (rng.next() - 0.5) * pow(10, (rng.next() * 12).rounded())
      let hi = lo + pow(10, (rng.next() * 12 - 4).rounded()) * (1 + rng.next())
      s.dataSets = [SampleCharts.dataSet("a", x: [lo, hi], y: [lo, hi])]
      if rng.next() < 0.3 { s.xAxis.common.formatter = .date(pattern: "yyyy-MM-dd HH:mm") }
      if rng.next() < 0.3 { s.xAxis.common.formatter = .compact(decimals: nil) }
      let l = LayoutEngine.layout(ChartModel(spec: s))
      let x = try #require(l.x)
      #expect(x.ticks.count >= 2)
      expectNoOverlap(x, canvasWidth: s.width)
      let y = try #require(l.left)
      let rows = y.ticks.map(\.position).sorted()
      for (a, b) in zip(rows, rows.dropFirst()) { #expect(b - a >= TextMetrics.lineHeight(fontSize: y.fontSize)) }
    }
  }

  @Test func labelCountAndExplicitTicks() throws {
    var s = SampleCharts.line
    s.leftAxis.common.labelCount = 3
    var y = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(y.ticks.count <= 3)
    s.leftAxis.common.labelCount = nil
    s.leftAxis.common.tickValues = [0, 250, 500, 750]
    y = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(y.ticks.map(\.value) == [0, 250, 500, 750])
    #expect(y.scale.domainMin <= 0 && y.scale.domainMax >= 750)
    s.leftAxis.inverted = true
    y = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(y.scale.rangeStart < y.scale.rangeEnd)
  }

  /// Ticks the caller places need not be multiples of the smallest gap between them: a scientific
  /// label is its value at the step's last digit, not the nearest multiple (4e9 was "4.5e9").
  @Test func explicitTicksThatAreNotMultiplesKeepTheirValues() throws {
    var s = ChartSpec()
    s.kind = .line
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 1, 2], y: [0, 4e9, 2e9])]
    s.leftAxis.common.tickValues = [0, 1.5e9, 4e9]
    let y = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(y.ticks.map(\.label) == ["0", "1.5e9", "4.0e9"])
    // A given value with a digit finer than the gap's last one keeps it (4.25e9 was 4.3e9).
    s.leftAxis.common.tickValues = [0, 1.5e9, 4.25e9]
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 1, 2], y: [0, 4.25e9, 2e9])]
    let finer = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(finer.ticks.map(\.label) == ["0", "1.50e9", "4.25e9"])
    s.leftAxis.common.tickValues = [3e-7, 1e-6, 1.2e-6]
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 1], y: [0, 1.2e-6])]
    let small = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(small.ticks.map(\.label) == ["3.0e-7", "1.0e-6", "1.2e-6"], "3e-7 is no multiple of the gap 2e-7: it was 4e-7")
    // Plain labels take the decimals every given value needs (2.25 was written 2.3), shared.
    s.leftAxis.common.tickValues = [1, 1.5, 2.25]
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 1, 2], y: [1, 2.25, 2])]
    let plain = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(plain.ticks.map(\.label) == ["1.00", "1.50", "2.25"])
    s.leftAxis.common.formatter = .percent(decimals: nil, multiply: true)
    s.leftAxis.common.tickValues = [0, 0.125, 0.5]
    let percent = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(percent.ticks.map(\.label) == ["0.0%", "12.5%", "50.0%"])
    // Explicit decimals stay as asked.
    s.leftAxis.common.formatter = .number(decimals: 1, prefix: "", suffix: "")
    let asked = try #require(LayoutEngine.layout(ChartModel(spec: s)).left)
    #expect(asked.ticks.map(\.label) == ["0.0", "0.1", "0.5"])
  }
}
