import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The web is centred in the plot and every category label stays inside the plot, outside the web,
/// and clear of the other labels, whatever the label lengths, scripts, rotation and canvas size.
@Suite struct RadarLayouterTests {
  static func layout(_ json: JSONValue) throws -> (ChartModel, ChartLayout) {
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    return (model, LayoutEngine.layout(model))
  }

  @Test func labelsNeverLeaveThePlotNorMeetTheWebOrEachOther() throws {
    var rng = SeededRandom(seed: 2026)
    let words = ["Speed", "Shooting accuracy", "売上高の伸び率", "x", "Defending in the final third of the pitch", "Ω"]
    for step in 0..<300 {
      let n = 3 + Int(rng.next() % 6)
      let categories: [JSONValue] = (0..<n).map { _ in
        let w = words[Int(rng.next() % UInt64(words.count))]
        return .string(rng.uniform() < 0.2 ? String(repeating: w + " ", count: 1 + Int(rng.next() % 4)) : w)
      }
      let width = 300 + Double(rng.next() % 600), height = 260 + Double(rng.next() % 400)
      let json: JSONValue = [
        "kind": "radar", "width": .number(width), "height": .number(height),
        "fontSize": .number(Double(9 + rng.next() % 6)),
        "radar": ["categories": .array(categories), "rotation": .number(Double(rng.next() % 360))],
        "dataSets": [["id": "a", "entries": .array((0..<n).map { _ in .number(Double(rng.next() % 100)) })]],
      ]
      let (_, layout) = try Self.layout(json)
      let radar = try #require(layout.radar)
      let g = radar.geometry
      let plot = layout.plot
      #expect(g.radius > min(plot.width, plot.height) * 0.2, "step \(step): the web shrank to \(g.radius)")
      #expect(abs(g.center.x - plot.midX) < 0.01 && abs(g.center.y - plot.midY) < 0.01)
      for (k, label) in radar.labels.enumerated() {
        let b = label.box
        #expect(b.minX >= plot.minX - 0.02 && b.maxX <= plot.maxX + 0.02 && b.minY >= plot.minY - 0.02 && b.maxY <= plot.maxY + 0.02,
                "step \(step): label \(k) \(b) leaves the plot \(plot)")
        // No point of the outer ring lies inside the box, and the box's corners lie outside the ring.
        let inner = b.insetBy(dx: 0.05, dy: 0.05)
        #expect(!Self.outline(g).contains { inner.contains($0) }, "step \(step): label \(k) overlaps the web")
        let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)]
        #expect(!corners.contains { HitTester.contains((0..<g.spokes).map { g.at(spoke: $0, distance: g.radius) }, $0) },
                "step \(step): label \(k) lies on the web")
        for other in radar.labels[(k + 1)...] {
          #expect(!b.intersects(other.box), "step \(step): labels '\(label.text)' and '\(other.text)' overlap")
        }
      }
    }
  }

  /// Points every px or so along the outer ring.
  static func outline(_ g: RadarGeometry) -> [Point] {
    let corners = (0...g.spokes).map { g.at(spoke: $0 % g.spokes, distance: g.radius) }
    return zip(corners, corners.dropFirst()).flatMap { a, b -> [Point] in
      let n = max(1, Int(hypot(b.x - a.x, b.y - a.y)))
      return (0...n).map { t in Point(x: a.x + (b.x - a.x) * Double(t) / Double(n), y: a.y + (b.y - a.y) * Double(t) / Double(n)) }
    }
  }

  @Test func ringsAreNiceStepsFromTheCentreAndKeepTheirValuesWhileTheDataStaysInside() throws {
    let (_, layout) = try Self.layout(["kind": "radar", "radar": ["categories": ["a", "b", "c"]],
                                       "dataSets": [["id": "s", "entries": [12, 47, 30]]]])
    let radar = try #require(layout.radar)
    #expect(radar.geometry.domainMin == 0)
    #expect(radar.geometry.domainMax == 50)
    #expect(radar.rings.map(\.value) == [10, 20, 30, 40, 50])
    #expect(radar.rings.last?.position == radar.geometry.radius)
    let (_, same) = try Self.layout(["kind": "radar", "radar": ["categories": ["a", "b", "c"]],
                                     "dataSets": [["id": "s", "entries": [12, 49, 30]]]])
    #expect(same.radar?.rings == radar.rings)
    // A fixed range ends on it even off the steps; the outer ring is always drawn.
    let (_, fixed) = try Self.layout(["kind": "radar", "radar": ["categories": ["a", "b", "c"], "min": -10, "max": 35, "ringCount": 4],
                                      "dataSets": [["id": "s", "entries": [12, 30, -4]]]])
    let f = try #require(fixed.radar)
    #expect(f.geometry.domainMin == -10 && f.geometry.domainMax == 35)
    #expect(f.rings.last?.value == 35)
    #expect(f.rings.count <= 5)
  }

  /// Values at the largest doubles leave no nice step: the ring is labelled for its own value, as an
  /// axis end is (it was "2e308", more than any double).
  @Test func ringsOfDataNoStepFitsKeepTheirValues() throws {
    let (_, layout) = try Self.layout(["kind": "radar", "radar": ["categories": ["a", "b", "c"]],
                                       "dataSets": [["id": "s", "entries": [1e308, 1.7e308, 5e307]]]])
    let radar = try #require(layout.radar)
    #expect(radar.rings.map(\.label) == ["1.7e308"])
  }

  @Test func withoutCategoriesTheLongestDataSetGivesTheSpokes() throws {
    let (_, layout) = try Self.layout(["kind": "radar", "dataSets": [["id": "s", "entries": [1, 2, 3]],
                                                                      ["id": "t", "visible": false, "entries": [1, 2, 3, 4, 5]]]])
    #expect(layout.radar?.geometry.spokes == 5)
    #expect(layout.radar?.labels.isEmpty == true)
  }
}
