import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The marker: content, placement above/below its point, and staying inside the plot.
@Suite struct MarkerRendererTests {
  typealias F = OverlayFixtures

  func box(_ markup: String) throws -> (vertices: [(x: Double, y: Double)], texts: [String]) {
    let path = try #require(PieFixtures.elements("path", in: markup).first)
    let d = try #require(PieFixtures.attributes("d", in: path).first)
    var texts: [String] = []
    var rest = Substring(markup)
    while let r = rest.range(of: "<text ") {
      rest = rest[r.upperBound...]
      guard let gt = rest.firstIndex(of: ">"), let end = rest.range(of: "</text>") else { break }
      texts.append(String(rest[rest.index(after: gt)..<end.lowerBound]))
      rest = rest[end.upperBound...]
    }
    return (PieFixtures.vertices(d), texts)
  }

  @Test func showsTheLabelAndTheValueAboveThePoint() throws {
    let model = F.model(.line, x: [5], y: [50], highlight: 0)
    let (vertices, texts) = try box(F.marker(model, F.layout()))
    #expect(texts == ["Revenue", ValueFormatter.format(50, nil, step: 20)])
    // The pointer's tip is the point (300, 170); the box is above it.
    #expect(vertices.contains { abs($0.x - 300) < 0.01 && abs($0.y - 170) < 0.01 })
    #expect(vertices.allSatisfy { $0.y <= 170 + 0.01 })
  }

  @Test func flipsBelowNearTheTopAndStaysInsideThePlot() throws {
    let model = F.model(.line, x: [10], y: [99], highlight: 0)
    let (vertices, _) = try box(F.marker(model, F.layout()))
    let tip = (x: 550.0, y: 23.0)
    let plot = F.plot
    #expect(vertices.contains { abs($0.x - tip.x) < 0.01 && abs($0.y - tip.y) < 0.01 })
    #expect(vertices.allSatisfy { $0.y >= tip.y - 0.01 })
    #expect(vertices.allSatisfy { $0.x >= plot.minX - 0.01 && $0.x <= plot.maxX + 0.01 && $0.y <= plot.maxY + 0.01 })
  }

  @Test func clampedAtTheLeftEdge() throws {
    let model = F.model(.line, x: [0], y: [50], highlight: 0)
    let (vertices, _) = try box(F.marker(model, F.layout()))
    #expect(vertices.map(\.x).min() == F.plot.minX)
  }

  @Test func placementWithoutRoomClampsWithoutAPointer() {
    let plot = Rect(x: 0, y: 0, width: 100, height: 30)
    let placed = MarkerRenderer.place(width: 60, height: 40, at: Point(x: 95, y: 15), in: plot)
    #expect(placed.pointer == .none)
    #expect(placed.box.maxX == 100)
    #expect(placed.box.minY == 0)
    let fallback = MarkerRenderer.place(width: 20, height: 10, at: Point(x: 50, y: 5), in: plot, sides: [.bottom],
                                        fallback: Point(x: 40, y: 20))
    #expect(fallback.pointer == .none && fallback.box == Rect(x: 30, y: 15, width: 20, height: 10))
  }

  @Test func aLabelLongerThanTheCanvasIsShortenedAndTheBoxStaysOnTheCanvas() throws {
    // 200 px wide, a label of 60 characters: the box is wider than the plot, so it keeps 2 px from
    // the canvas's edges instead, and the label ends with "…".
    let label = String(repeating: "Quarterly revenue ", count: 4)
    let json: ChartdJSON.JSONValue = ["kind": "line", "width": 200, "height": 150, "highlights": [["dataSet": "d", "index": 1]],
                                      "dataSets": [["id": "d", "label": .string(label), "entries": [3, 1_234_567, 2]]]]
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
    let region = try #require(svg.split(separator: "\n").first { $0.contains("id=\"c-marker\"") })
    let (vertices, texts) = try box(String(region))
    #expect(texts.count == 2 && texts[0].hasSuffix("…") && texts[0].count < label.count)
    #expect(vertices.allSatisfy { $0.x >= 2 - 0.01 && $0.x <= 198 + 0.01 })
    // The box holds its widest line as drawn: the value in bold.
    let width = (vertices.map(\.x).max() ?? 0) - (vertices.map(\.x).min() ?? 0)
    #expect(width >= TextMetrics.width(texts[1], fontSize: 11, bold: true) + 2 * MarkerRenderer.paddingX - 0.01)
    #expect(width >= TextMetrics.width(texts[0], fontSize: 11) + 2 * MarkerRenderer.paddingX - 0.01)
  }

  @Test func aBoxTallerThanTheCanvasIsNotDrawn() throws {
    // Two lines at 24 px need 72 px: a canvas 60 px high has no room for them.
    func marker(height: Double) throws -> Substring {
      let json: ChartdJSON.JSONValue = ["kind": "line", "width": 300, "height": .number(height), "fontSize": 24,
                                        "highlights": [["dataSet": "d", "index": 1]],
                                        "dataSets": [["id": "d", "label": "Revenue", "entries": [3, 5, 2]]]]
      let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
      let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
      return try #require(svg.split(separator: "\n").first { $0.contains("id=\"c-marker\"") })
    }
    #expect(try !marker(height: 60).contains("<text"))
    #expect(try marker(height: 200).contains("<text"))
  }

  @Test func aBoxWiderThanThePlotIsPlacedInsideTheCanvas() {
    let plot = Rect(x: 40, y: 20, width: 100, height: 80)
    let canvas = Rect(x: 0, y: 0, width: 180, height: 130)
    let placed = MarkerRenderer.place(width: 150, height: 30, at: Point(x: 130, y: 60), in: plot, canvas: canvas)
    #expect(placed.box.minX >= 2 && placed.box.maxX <= 178)
    // As near its anchor as the canvas lets it be: centred on 130 it would end at 205.
    #expect(placed.box.maxX == 178)
    // Without the canvas (the old contract), it starts at the plot's left edge.
    #expect(MarkerRenderer.place(width: 150, height: 30, at: Point(x: 130, y: 60), in: plot).box.minX == 40)
  }

  @Test func onlyTheFirstHighlightHasAMarker() throws {
    let model = F.model(.line, x: [2, 8], y: [10, 80], highlight: nil) {
      $0.highlights = [HighlightSpec(dataSet: "d", index: 1), HighlightSpec(dataSet: "d", index: 0)]
      $0.marker.showLabel = false
    }
    let markup = F.marker(model, F.layout())
    #expect(PieFixtures.elements("path", in: markup).count == 1)
    let (_, texts) = try box(markup)
    #expect(texts == [ValueFormatter.format(80, nil, step: 20)])
  }

  @Test func disabledMarkerDrawsNothing() {
    let model = F.model(.line, x: [5], y: [50], highlight: 0) { $0.marker.enabled = false }
    #expect(F.marker(model, F.layout()).isEmpty)
  }

  @Test func candleMarkerShowsOpenHighLowClose() throws {
    let model = F.model(.candlestick, x: [5], y: [40], highlight: 0) {
      $0.dataSets[0].entries.open = [30]; $0.dataSets[0].entries.high = [60]
      $0.dataSets[0].entries.low = [20]; $0.dataSets[0].entries.close = [40]
    }
    let (vertices, texts) = try box(F.marker(model, F.layout()))
    let f = { (v: Double) in ValueFormatter.format(v, nil, step: 20) }
    #expect(texts == ["Revenue", "O \(f(30))  H \(f(60))", "L \(f(20))  C \(f(40))"])
    // Points at the high (y 60 → 140 px).
    #expect(vertices.contains { abs($0.x - 300) < 0.01 && abs($0.y - 140) < 0.01 })
  }

  @Test func candleMarkerShowsPricesAtTheDataPrecisionNotTheAxisStep() throws {
    let model = F.model(.candlestick, x: [5], y: [44.8], highlight: 0) {
      $0.dataSets[0].entries.open = [41.25]; $0.dataSets[0].entries.high = [45]
      $0.dataSets[0].entries.low = [39.5]; $0.dataSets[0].entries.close = [44.8]
    }
    let (_, texts) = try box(F.marker(model, F.layout()))
    // The axis step (20 in the fixture) would print 44.8 as 45; the prices share their decimals.
    #expect(texts == ["Revenue", "O 41.25  H 45.00", "L 39.50  C 44.80"])
  }

  @Test func pieMarkerShowsSliceLabelValueAndShare() throws {
    let spec = PieFixtures.spec([1, 3], labels: ["Small", "Large"]) { $0.highlights = [HighlightSpec(dataSet: "share", index: 1)] }
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    let (vertices, texts) = try box(F.marker(model, layout))
    let pct = ValueFormatter.format(75, .number(decimals: 1, prefix: "", suffix: ""))
    #expect(texts == ["Large", "\(ValueFormatter.format(3, nil)) (\(pct)%)"])
    #expect(vertices.allSatisfy { layout.plot.insetBy(dx: -0.01, dy: -0.01).contains(Point(x: $0.x, y: $0.y)) })
  }

  @Test func markerTextIsEscaped() throws {
    let model = F.model(.line, x: [5], y: [50], highlight: 0) { $0.dataSets[0].label = "<Sales & \"Co\">" }
    let markup = F.marker(model, F.layout())
    #expect(markup.contains("&lt;Sales &amp; \"Co\"&gt;"))
  }
}
