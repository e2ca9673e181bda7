import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// What a radar draws: vertices on their spokes (clamped to the web, missing values skipped),
/// translucent fills, the web, the vertex highlight and its marker.
@Suite struct RadarRendererTests {
  static func render(_ json: JSONValue) throws -> (ChartModel, ChartLayout, [String]) {
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let layout = LayoutEngine.layout(model)
    return (model, layout, ChartRenderer.render(model, prefix: "r").svg.split(separator: "\n").map(String.init))
  }

  static func region(_ lines: [String], _ id: String) -> String? { lines.first { $0.contains("id=\"r-\(id)\"") } }

  @Test func polygonJoinsThePresentValuesClampedToTheWeb() throws {
    let (model, layout, lines) = try Self.render([
      "kind": "radar", "radar": ["categories": ["a", "b", "c", "d", "e"], "min": 0, "max": 10],
      "dataSets": [["id": "s", "line": ["fill": true, "fillOpacity": 0.25], "entries": [5, .null, 20, -3]]],
    ])
    let g = try #require(layout.radar?.geometry)
    let polygon = try #require(Self.region(lines, "radar-s"))
    let rim = g.at(spoke: 2, distance: g.radius)
    let d = try #require(Markup.elements("path", in: polygon).first?["d"])
    #expect(d.contains("L\(SVGNumber.format(rim.x)) \(SVGNumber.format(rim.y))"), "a value over max lies on the outer ring: \(d)")
    #expect(polygon.contains("Z"))
    #expect(polygon.contains("fill=\"#4e79a740\"") || polygon.contains("fill-opacity") || polygon.contains("rgba"), "\(polygon)")
    #expect(RadarRenderer.vertices(model, g, dataSet: 0).map(\.index) == [0, 2, 3])
    #expect(g.point(spoke: 3, value: -3) == g.center)
    let web = try #require(Self.region(lines, "radar-web"))
    #expect(web.contains("data-role=\"spokes\"") && web.contains("data-role=\"rings\""))
    #expect(Self.region(lines, "radar-categories")?.contains(">c</text>") == true)
  }

  @Test func highlightedVertexGetsARingAndAMarker() throws {
    let (_, layout, lines) = try Self.render([
      "kind": "radar", "radar": ["categories": ["Speed", "Power", "Range"]],
      "highlights": [["dataSet": "s", "index": 1]],
      "dataSets": [["id": "s", "label": "Car", "entries": [3, 7.25, 5]]],
    ])
    let g = try #require(layout.radar?.geometry)
    let p = try #require(g.point(spoke: 1, value: 7.25))
    let highlight = try #require(Self.region(lines, "highlight"))
    #expect(highlight.contains("<circle cx=\"\(SVGNumber.format(p.x))\" cy=\"\(SVGNumber.format(p.y))\""), "\(highlight)")
    let marker = try #require(Self.region(lines, "marker"))
    #expect(marker.contains("Car · Power"))
    #expect(marker.contains(">7.25</text>"))
  }

  @Test func aHiddenDataSetDrawsNothingAndSkipWebLineCountThinsTheSpokes() throws {
    let (_, _, lines) = try Self.render([
      "kind": "radar", "radar": ["categories": ["a", "b", "c", "d", "e", "f"], "skipWebLineCount": 1],
      "dataSets": [["id": "s", "visible": false, "entries": [1, 2, 3, 4, 5, 6]]],
    ])
    #expect(Self.region(lines, "radar-s")?.contains("display=\"none\"") == true)
    let spokes = try #require(Self.region(lines, "radar-web")?.components(separatedBy: "data-role=\"spokes\"").first)
    #expect(spokes.components(separatedBy: "M").count - 1 == 3, "every other of 6 spokes: \(spokes)")
  }
  @Test func theFirstSpokesValueSitsClearOfTheRingValues() throws {
    // The ring values run up the right of the first spoke; a value label centred on that spoke
    // sat beside them ("7" "6" read as 76). It goes to the spoke's other side.
    let (_, layout, lines) = try Self.render([
      "kind": "radar", "radar": ["categories": ["a", "b", "c", "d", "e"], "min": 0, "max": 10],
      "dataSets": [["id": "s", "valueLabels": ["show": true], "entries": [7, 5, 5, 5, 5]]],
    ])
    let g = try #require(layout.radar?.geometry)
    let values = try #require(Self.region(lines, "labels-s"))
    let rings = try #require(Self.region(lines, "radar-scale"))
    let first = try #require(Markup.elements("text", in: values).first)
    #expect(first["text-anchor"] == "end")
    let fs = 11.0
    let label = PlacedText("7", x: try #require(Double(first["x"] ?? "")), y: try #require(Double(first["y"] ?? "")),
                           anchor: .end, fontSize: fs)
    #expect(label.box.rect.maxX < g.center.x, "left of the upward spoke")
    let ringTexts = Markup.elements("text", in: rings)
    #expect(ringTexts.count == 5)
    for t in ringTexts {
      let ring = PlacedText("10", x: try #require(Double(t["x"] ?? "")), y: try #require(Double(t["y"] ?? "")), fontSize: 10)
      #expect(!label.box.overlaps(ring.box), "the value label meets the ring value at \(t)")
      #expect(ring.box.rect.minX > g.center.x)
    }
    // The other spokes' values stay centred on their spokes.
    #expect(Markup.elements("text", in: values).dropFirst().allSatisfy { $0["text-anchor"] == nil })
  }
}
