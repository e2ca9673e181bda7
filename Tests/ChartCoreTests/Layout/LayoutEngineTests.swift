import Foundation
import Testing
@testable import ChartCore
import ChartdJSON

/// Layout of whole charts: stability, ranges, viewport, bands, horizontal bars, limit lines.
@Suite struct LayoutEngineTests {
  func layout(_ spec: ChartSpec) -> ChartLayout { LayoutEngine.layout(ChartModel(spec: spec)) }

  /// Every layout value the renderers read, checked to lie on the canvas.
  func expectInsideCanvas(_ l: ChartLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    let canvas = Rect(x: 0, y: 0, width: l.canvas.width, height: l.canvas.height)
    func inside(_ r: Rect) -> Bool { r.minX >= -0.01 && r.minY >= -0.01 && r.maxX <= canvas.maxX + 0.01 && r.maxY <= canvas.maxY + 0.01 }
    #expect(inside(l.plot), sourceLocation: sourceLocation)
    for a in [l.x, l.left, l.right].compactMap({ $0 }) {
      #expect(inside(a.band), "band \(a.side)", sourceLocation: sourceLocation)
      for b in a.badges { #expect(inside(b.box), sourceLocation: sourceLocation) }
    }
    for item in l.legend?.items ?? [] { #expect(inside(item.hitRect), sourceLocation: sourceLocation) }
  }

  @Test func lineChartBasics() throws {
    let l = layout(SampleCharts.line)
    let x = try #require(l.x), y = try #require(l.left)
    #expect(l.right == nil)
    #expect(x.scale.domainMin == 0 && x.scale.domainMax == 100)
    #expect(y.scale.domainMin == 100 && y.scale.domainMax == 600)
    #expect(y.ticks.map(\.value) == [100, 200, 300, 400, 500, 600])
    #expect(y.ticks.first?.position == l.plot.maxY && y.ticks.last?.position == l.plot.minY)
    // Plot edges on whole pixels.
    for v in [l.plot.x, l.plot.y, l.plot.width, l.plot.height] { #expect(v == v.rounded()) }
    // The band of the left axis holds its widest label.
    let widest = y.ticks.map { TextMetrics.width($0.label, fontSize: y.fontSize) }.max() ?? 0
    #expect(y.band.width >= widest + y.style.labelOffset)
    expectInsideCanvas(l)
    let title = try #require(l.title)
    #expect(abs(title.origin.x - l.plot.midX) < 0.01)
  }

  /// Domain hysteresis: appending a point inside the nice domain gives an equal layout.
  @Test func appendInsideDomainKeepsLayout() {
    var spec = SampleCharts.line
    let before = layout(spec)
    spec.dataSets[0].entries.append(contentsOf: EntryColumns(x: [95], y: [590]))
    spec.dataSets[1].entries.append(contentsOf: EntryColumns(x: [96], y: [101]))
    #expect(layout(spec) == before)
    // Outside the domain the axis does move (so the test above can fail).
    spec.dataSets[0].entries.append(contentsOf: EntryColumns(x: [97], y: [640]))
    #expect((layout(spec).left?.scale.domainMax ?? 0) > 600)
  }

  @Test func hiddenDataSetsAndRange() {
    var spec = SampleCharts.line
    spec.dataSets[0].visible = false
    // Only "web" (170…350) counts now.
    #expect(layout(spec).left?.scale.domainMax == 350)
    spec.hiddenDataSetsAffectRange = true
    #expect(layout(spec).left?.scale.domainMax == 600)
  }

  @Test func legendToggleOnlyDims() throws {
    var spec = SampleCharts.line
    let before = try #require(layout(spec).legend)
    spec.dataSets[1].visible = false
    spec.hiddenDataSetsAffectRange = true
    let after = try #require(layout(spec).legend)
    #expect(after.bounds == before.bounds)
    #expect(after.items.map(\.hitRect) == before.items.map(\.hitRect))
    #expect(after.items.map(\.dimmed) == [false, true])
  }

  @Test func viewportRestrictsXAndAutoScalesY() throws {
    var spec = SampleCharts.line
    spec.viewport = Viewport(xMin: 0, xMax: 10, autoScaleY: true)
    let l = layout(spec)
    let x = try #require(l.x), y = try #require(l.left)
    #expect(x.scale.domainMin == 0 && x.scale.domainMax == 10)
    #expect(x.ticks.allSatisfy { $0.value >= 0 && $0.value <= 10 })
    #expect(x.ticks.count >= 3)
    let full = try #require(layout(SampleCharts.line).left)
    // The window's values span less than the whole series: the y domain shrinks.
    #expect(y.scale.domainMax - y.scale.domainMin < full.scale.domainMax - full.scale.domainMin)
    spec.viewport?.autoScaleY = false
    #expect(layout(spec).left?.scale == full.scale)
  }

  @Test func emptyAndDegenerateCharts() {
    var spec = ChartSpec()
    var l = layout(spec)
    #expect(l.x?.scale.domainMin == 0 && l.x?.scale.domainMax == 1)
    #expect(l.legend == nil && l.title == nil)
    spec.dataSets = [SampleCharts.dataSet("one", x: [3], y: [7])]
    l = layout(spec)
    #expect((l.left?.scale.domainMin ?? 0) < 7 && (l.left?.scale.domainMax ?? 0) > 7)
    spec.width = 0
    spec.height = .nan
    spec.fontSize = .infinity
    spec.dataSets[0].entries = EntryColumns(x: [.nan, 1, .infinity], y: [.nan, -.infinity, 2])
    l = layout(spec)
    #expect(l.plot.width >= 1 && l.plot.height >= 1)
    _ = ChartRenderer.render(ChartModel(spec: spec), prefix: "c")
  }

  @Test func horizontalBars() throws {
    let l = layout(SampleCharts.horizontalBars)
    #expect(l.horizontal)
    let x = try #require(l.x), v = try #require(l.left)
    #expect(x.side == .left && v.side == .bottom)
    // Categories run from the top down; values from the left.
    #expect(x.scale.rangeStart == l.plot.minY && v.scale.rangeStart == l.plot.minX)
    #expect(x.ticks.map(\.label) == ["macOS", "Linux", "Windows", "iOS", "Android", "FreeBSD"])
    #expect(v.scale.domainMin == 0)
    expectInsideCanvas(l)
  }

  @Test func rightAxisOnlyWhenNeeded() {
    var spec = SampleCharts.line
    #expect(layout(spec).right == nil)
    spec.dataSets[1].axis = .right
    var l = layout(spec)
    #expect(l.right != nil && l.left != nil)
    // "web" spans 170…350: steps of 50 from 150.
    #expect(l.right?.scale.domainMin == 150 && l.right?.scale.domainMax == 350)
    spec.dataSets[1].visible = false
    l = layout(spec)
    #expect(l.right == nil)
    var line = LimitLineSpec(value: 300)
    line.axis = .right
    spec.limitLines = [line]
    #expect(layout(spec).right != nil)
  }

  @Test func barDomainIsPaddedIndexRange() throws {
    let l = layout(SampleCharts.bars)
    let x = try #require(l.x)
    #expect(x.scale.domainMin == -0.5 && x.scale.domainMax == 11.5)
    #expect(x.ticks.map(\.label).first == "Jan" && x.ticks.count == 12)
    #expect(l.left?.scale.domainMin == 0)
    #expect(x.drawGrid == false)
  }

  @Test func limitLinesAndBadges() throws {
    let l = layout(SampleCharts.candles)
    let right = try #require(l.right)
    #expect(l.left == nil)
    let badge = try #require(right.badges.first)
    #expect(badge.box.minX >= l.plot.maxX && badge.box.maxX <= right.band.maxX + 0.01)
    let price = try #require(SampleCharts.candles.limitLines.first?.value)
    #expect(abs(badge.box.midY - right.scale.map(price)) < 0.6)
    // Tick labels under the badge are hidden.
    for t in right.ticks where abs(t.position - badge.box.midY) < badge.box.height / 2 { #expect(t.label.isEmpty) }
    // The badge follows the scale: zooming to a window moves it.
    var zoomed = SampleCharts.candles
    zoomed.viewport = Viewport(xMin: 40, xMax: 59.5)
    let z = try #require(layout(zoomed).right?.badges.first)
    #expect(z.box.midY != badge.box.midY)
    #expect(l.limitLines.count == 1 && l.limitLines[0].label == nil)
    expectInsideCanvas(l)

    let dark = layout(SampleCharts.darkLine)
    #expect(dark.limitLines.count == 2)
    let slo = dark.limitLines[0], deploy = dark.limitLines[1]
    #expect(slo.from.y == slo.to.y && slo.from.x == dark.plot.minX && slo.to.x == dark.plot.maxX)
    #expect(deploy.from.x == deploy.to.x && deploy.from.y == dark.plot.minY)
    // 1-px lines on half pixels.
    #expect(slo.from.y - slo.from.y.rounded(.down) == 0.5)
    #expect(slo.label == "SLO 75 ms" && slo.labelAnchor == "end")
  }

  @Test func limitLineOutsideDomainIsDropped() {
    var spec = SampleCharts.line
    spec.limitLines = [LimitLineSpec(value: 10_000)]
    #expect(layout(spec).limitLines.isEmpty)
  }
  /// Trace events stamped in nanoseconds since 1970 (about 1.7e18) over a millisecond: the x axis
  /// spans them with labels that differ, and the points spread over the plot instead of standing
  /// on one vertical line.
  @Test func nanosecondTimestampsOverAMillisecondSpreadAcrossThePlot() throws {
    let t0 = 1_732_950_000_000_000_000.0
    let entries: [JSONValue] = (0..<10).map { k in [.number(t0 + Double(k) * 100_000), .number(Double(k % 7))] }
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(["kind": "line", "width": 500, "height": 300,
                                             "dataSets": [["id": "a", "entries": .array(entries)]]], log: log))
    let l = layout(spec)
    let x = try #require(l.x)
    #expect(x.ticks.count >= 2)
    #expect(Set(x.ticks.map(\.label)).count == x.ticks.count, "\(x.ticks.map(\.label))")
    let first = x.scale.map(t0), last = x.scale.map(t0 + 900_000)
    #expect(last - first >= l.plot.width * 0.8, "\(first) … \(last) in \(l.plot)")
    expectInsideCanvas(l)
  }
}

/// Domain hysteresis of whole layouts, on random charts where label fitting matters.
@Suite struct LayoutStabilityTests {
  @Test func randomAppendsInsideDomainsKeepLayout() throws {
    var rng = SplitMix(seed: 99)
    var checked = 0
    for _ in 0..<600 {
      var s = ChartSpec()
      s.width = 150 + (rng.next() * rng.next() * 900).rounded()
      s.height = 120 + (rng.next() * 400).rounded()
      let scale = pow(10, (rng.next() * 14 - 4).rounded())
      let x0 = (rng.next() - 0.5) * scale * 10
      let xs = (0..<3).map { x0 + Double($0) * scale * (0.2 + rng.next()) }
      let ys = xs.map { _ in (rng.next() - 0.3) * scale * 3 }
      s.dataSets = [SampleCharts.dataSet("a", x: xs, y: ys)]
      switch Int(rng.next() * 4) {
      case 0: s.xAxis.common.formatter = .compact(decimals: nil)
      case 1: s.xAxis.common.formatter = .number(decimals: nil, prefix: "$", suffix: " USD")
      default: break
      }
      if rng.next() < 0.3 { s.leftAxis.spaceTop = 0.1 }
      let before = LayoutEngine.layout(ChartModel(spec: s))
      let x = try #require(before.x?.scale), y = try #require(before.left?.scale)
      let top = y.domainMax - (y.domainMax - y.domainMin) * s.leftAxis.spaceTop
      let px = x.domainMin + rng.next() * (x.domainMax - x.domainMin)
      let py = y.domainMin + rng.next() * (top - y.domainMin)
      s.dataSets[0].entries.append(contentsOf: EntryColumns(x: [px], y: [py]))
      let after = LayoutEngine.layout(ChartModel(spec: s))
      #expect(after == before, "width \(s.width) scale \(scale) point \(px), \(py)")
      checked += 1
    }
    #expect(checked == 600)
  }

}
