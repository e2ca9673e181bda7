import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Stacked areas: a point near a line's vertex names that entry; a point inside a band, away from
/// every vertex, names the band's entry nearest in x; highlights and markers sit on the band's top.
@Suite struct StackedHitTests {
  typealias Chart = HitTesterTests.Chart

  static func spec(mode: String = "normal", fill: Bool = true, hidden: String? = nil) -> JSONValue {
    let sets: [JSONValue] = [("a", [2, 4, 3, 5]), ("b", [3, 3, 4, 2]), ("c", [1, 2, 2, 3])].map { id, ys in
      ["id": .string(id), "stack": "s", "line": ["fill": .bool(fill)], "visible": .bool(id != hidden), "entries": .numbers(ys)]
    }
    return ["kind": "line", "width": 600, "height": 400, "stackMode": .string(mode), "dataSets": .array(sets)]
  }

  @Test func aVertexIsFoundAtTheTopOfItsBand() throws {
    let chart = try Chart(Self.spec())
    // b's entry 1 is drawn at 4 + 3 = 7, not at its value 3.
    let p = try chart.point(x: 1, y: 7)
    #expect(chart.hit(p.x + 2, p.y + 3) == "b[1]")
    let q = try chart.point(x: 1, y: 3)
    #expect(chart.hit(q.x, q.y) != "b[1]")
  }

  @Test func aPointInsideABandNamesItsNearestEntry() throws {
    let chart = try Chart(Self.spec())
    // Between x = 1 and 2, a third of the way: b's band runs from a's line to b's.
    let a = try chart.point(x: 1.3, y: 4 + (3 - 4) * 0.3), b = try chart.point(x: 1.3, y: 7 + (7 - 7) * 0.3)
    #expect(chart.hit(a.x, (a.y + b.y) / 2) == "b[1]")
    let c = try chart.point(x: 1.7, y: 7.5)
    #expect(chart.hit(c.x, c.y) == "c[2]")
    // Below a's band is a's; above the stack is the plot.
    let low = try chart.point(x: 2.5, y: 1)
    #expect(chart.hit(low.x, low.y) == "a[2]" || chart.hit(low.x, low.y) == "a[3]")
    let high = try chart.point(x: 1.5, y: 9.8)
    #expect(chart.hit(high.x, high.y) == "plotArea")
  }

  @Test func linesWithoutFillHaveNoBands() throws {
    let chart = try Chart(Self.spec(fill: false))
    let p = try chart.point(x: 1.5, y: 5.5)
    #expect(chart.hit(p.x, p.y) == "plotArea")
  }

  @Test func aHiddenSetsBandIsTakenByTheSetAbove() throws {
    let chart = try Chart(Self.spec(hidden: "b"))
    #expect(chart.model.spec.dataSets[1].visible == false)
    // c now stands on a: its entry 1 spans 4 … 6.
    let p = try chart.point(x: 1, y: 5)
    #expect(chart.hit(p.x + 1, p.y) == "c[1]")
  }

  @Test func highlightAndMarkerSitOnTheTopOfTheBand() throws {
    var json = Self.spec(mode: "percent")
    if case .object(var o) = json { o["highlights"] = [["dataSet": "b", "index": 0]]; json = .object(o) }
    let chart = try Chart(json)
    let target = try #require(HighlightTarget.resolve(chart.model.spec.highlights[0], chart.model, chart.layout))
    // b's entry 0 is 3 of 2 + 3 + 1: its band reaches (2 + 3) / 6 = 83.33 %.
    let top = try chart.point(x: 0, y: 500.0 / 6)
    #expect(abs(target.anchor.y - top.y) < 0.01 && abs(target.anchor.x - top.x) < 0.01)
    #expect(abs(target.value - 50) < 1e-9)
    let content = MarkerContent.lines(for: target, chart.model.spec.highlights[0], chart.model, chart.layout)
    #expect(content.title == "b")
    #expect(content.values == ["50%", "3"])
  }
}
