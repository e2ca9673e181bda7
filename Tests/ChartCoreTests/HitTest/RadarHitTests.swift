import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Radar hit tests: a vertex near the point, else the topmost visible polygon containing it, else
/// the web (nearest spoke, value at the distance) or a category label.
@Suite struct RadarHitTests {
  static func radar(hidden: Bool = false) -> JSONValue {
    ["kind": "radar", "width": 500, "height": 420, "radar": ["categories": ["N", "E", "S", "W"], "max": 10],
     "dataSets": [["id": "big", "line": ["fill": true], "entries": [8, 8, 8, 8]],
                  ["id": "small", "visible": .bool(!hidden), "line": ["fill": true], "entries": [4, 4, 4, 4]]]]
  }

  @Test func verticesPolygonsAndTheWebAreHitWhereTheyAreDrawn() throws {
    let chart = try HitTesterTests.Chart(Self.radar())
    let g = try #require(chart.layout.radar?.geometry)
    // Spoke 0 points up (rotation 270), spoke 1 right.
    let top = try #require(g.point(spoke: 0, value: 8))
    #expect(chart.hit(top.x + 3, top.y + 2) == "big[0]")
    let east = try #require(g.point(spoke: 1, value: 4))
    #expect(chart.hit(east.x - 4, east.y) == "small[1]")
    // Between the two polygons: only the big one contains the point; inside both, the one drawn on top.
    let mid = g.at(spoke: 0, distance: g.distance(6))
    let between = try #require(HitTester.hitTest(chart.model, chart.layout, at: Point(x: mid.x + 20, y: mid.y + 20)))
    #expect(between.kind == .dataSet && between.dataSet == "big")
    let inner = try #require(HitTester.hitTest(chart.model, chart.layout, at: Point(x: g.center.x + 15, y: g.center.y + 15)))
    #expect(inner.kind == .dataSet && inner.dataSet == "small")
    // Inside the web, outside both polygons: the nearest spoke and the value at that distance.
    let web = g.at(spoke: 2, distance: g.distance(9))
    let area = try #require(HitTester.hitTest(chart.model, chart.layout, at: web))
    #expect(area.kind == .plotArea && area.x == 2)
    #expect(abs((area.y ?? 0) - 9) < 0.05)
    // On a category label: the x axis, at the category's index.
    let label = try #require(chart.layout.radar?.labels.first { $0.text == "W" })
    let axis = try #require(HitTester.hitTest(chart.model, chart.layout, at: Point(x: label.box.midX, y: label.box.midY)))
    #expect(axis.kind == .axis && axis.axis == "x" && axis.value == 3)
    #expect(chart.hit(2, 2) == "nil")
  }

  @Test func hiddenPolygonsAreNotHit() throws {
    let chart = try HitTesterTests.Chart(Self.radar(hidden: true))
    let g = try #require(chart.layout.radar?.geometry)
    let east = try #require(g.point(spoke: 1, value: 4))
    #expect(chart.hit(east.x, east.y) == "dataSet")
    let hit = try #require(HitTester.hitTest(chart.model, chart.layout, at: Point(x: g.center.x + 15, y: g.center.y + 15)))
    #expect(hit.dataSet == "big")
  }

  @Test func pointInPolygonFollowsTheOutline() {
    let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
    #expect(HitTester.contains(square, Point(x: 5, y: 5)))
    #expect(!HitTester.contains(square, Point(x: 11, y: 5)))
    #expect(!HitTester.contains(square, Point(x: 5, y: -1)))
  }
}
