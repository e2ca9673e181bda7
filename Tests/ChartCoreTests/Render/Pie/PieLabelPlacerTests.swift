import Foundation
import Testing
@testable import ChartCore

/// Outside labels: spread without overlap, inside bounds, as close to their slices as possible.
@Suite struct PieLabelPlacerTests {
  @Test func labelsWithRoomStayWhereTheySlicesPoint() {
    #expect(PieLabelPlacer.spread([10, 50, 90], height: 12, minY: 0, maxY: 200) == [10, 50, 90])
  }

  @Test func aCrowdIsCentredOnItsMean() {
    let ys = PieLabelPlacer.spread([100, 100, 100], height: 10, minY: 0, maxY: 200)
    #expect(ys == [90, 100, 110])
  }

  @Test func boundsPushCrowdsInward() {
    let ys = PieLabelPlacer.spread([0, 1, 2], height: 10, minY: 0, maxY: 200)
    #expect(ys == [5, 15, 25])
    let low = PieLabelPlacer.spread([199, 199.5], height: 10, minY: 0, maxY: 200)
    #expect(low == [185, 195])
  }

  @Test func randomCrowdsNeverOverlap() {
    var seed: UInt64 = 42
    func next() -> Double {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<200 {
      let n = Int(next() * 20) + 1
      let desired = (0..<n).map { _ in next() * 300 }.sorted()
      let ys = PieLabelPlacer.spread(desired, height: 14, minY: 0, maxY: 300)
      #expect(ys.count == n)
      for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= 14 - 1e-9) }
      #expect(ys.allSatisfy { $0 >= 7 - 1e-9 && $0 <= 293 + 1e-9 })
    }
  }

  /// (x, y, anchor) of every outside label in the pie region's markup.
  func outsideLabels(_ markup: String) -> [(x: Double, y: Double, anchor: String)] {
    PieFixtures.elements("text", in: markup).compactMap { tag in
      guard let anchor = PieFixtures.attributes("text-anchor", in: tag).first, anchor != "middle",
            let x = PieFixtures.attributes("x", in: tag).first.flatMap(Double.init),
            let y = PieFixtures.attributes("y", in: tag).first.flatMap(Double.init) else { return nil }
      return (x, y, anchor)
    }
  }

  @Test func manySmallSlicesGetSeparateLines() {
    // A big slice and a run of tiny ones: their labels all want the same spot.
    let values = [100.0] + Array(repeating: 1, count: 16) + [60, 1, 1, 1, 1]
    let spec = PieFixtures.spec(values, labels: values.indices.map { "Slice \($0)" }) {
      $0.pie.entryLabels = .outside
      $0.pie.valueLabels = .outside
    }
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    let markup = PieFixtures.markup { PieRenderer.render(model: model, layout: layout, into: &$0) }
    let labels = outsideLabels(markup)
    #expect(labels.count == values.count)
    let lh = PieLabelText.lineHeight(spec)
    let bounds = layout.pie?.bounds ?? .zero
    for side in ["start", "end"] {
      let ys = labels.filter { $0.anchor == side }.map(\.y).sorted()
      for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= lh - 0.02) }
    }
    for l in labels {
      #expect(l.y >= bounds.minY && l.y <= bounds.maxY + lh / 2)
    }
    // One value line per label, from the slice to the label.
    let lines = PieFixtures.elements("path", in: markup).filter { $0.contains("fill=\"none\"") }
    #expect(lines.count == values.count)
  }

  @Test func whenTooManyTheSmallestLoseTheirLabels() {
    let values = [50.0] + (1...60).map { Double($0) / 10 }
    let spec = PieFixtures.spec(values, labels: values.indices.map { "S\($0)" }, width: 500, height: 200) {
      $0.pie.entryLabels = .outside
      $0.pie.valueLabels = PieLabelPosition.none
    }
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    let markup = PieFixtures.markup { PieRenderer.render(model: model, layout: layout, into: &$0) }
    let labels = outsideLabels(markup)
    let perSide = Int((180 / PieLabelText.lineHeight(spec)).rounded(.down))
    #expect(labels.count < values.count && labels.count <= 2 * perSide)
    #expect(markup.contains(">S0<"), "the largest slice keeps its label")
    #expect(!markup.contains(">S1<"), "the smallest slice loses its label")
  }

  @Test func longLabelsAreShortenedToTheBounds() throws {
    let long = String(repeating: "Very long label ", count: 12)
    let spec = PieFixtures.spec([1, 1], labels: [long, "Short"]) { $0.pie.entryLabels = .outside; $0.pie.valueLabels = .outside }
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    let markup = PieFixtures.markup { PieRenderer.render(model: model, layout: layout, into: &$0) }
    let texts = markup.components(separatedBy: "<text ").dropFirst().joined()
    #expect(texts.contains("Very long label Very long") && markup.contains("…"))
    #expect(!markup.contains(">" + long))
    #expect(texts.count > 0)
    // The shortened line ends inside the pie's bounds.
    let start = try #require(markup.range(of: "text-anchor=\"start\""))
    let body = markup[start.upperBound...].drop { $0 != ">" }.dropFirst()
    let label = String(body.prefix { $0 != "<" })
    let x = try #require(outsideLabels(markup).first { $0.anchor == "start" }?.x)
    let bounds = try #require(layout.pie?.bounds)
    #expect(x + TextMetrics.width(label + ValueFormatter.format(50, .percent(decimals: 1, multiply: false)), fontSize: 11) <= bounds.maxX)
    #expect(markup.contains(">Short <tspan"))
  }
}
