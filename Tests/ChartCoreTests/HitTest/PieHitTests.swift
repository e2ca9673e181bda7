import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Pie hit tests name the slice drawn under the point: none of a hidden pie, and a highlighted
/// slice also in the band it is drawn reaching beyond the rim.
@Suite struct PieHitTests {
  static func pie(visible: Bool = true, highlight: Int? = nil) -> JSONValue {
    let highlights: [JSONValue] = highlight.map { [["dataSet": "p", "index": .number(Double($0))]] } ?? []
    return ["kind": "pie", "width": 400, "height": 400, "pie": ["selectionShift": 12], "highlights": .array(highlights),
            "dataSets": [["id": "p", "visible": .bool(visible), "entries": [3, 0, 1]]]]
  }

  /// The hit at `radius` px from the centre, along the middle of the slice of entry `index`.
  static func hit(_ chart: HitTesterTests.Chart, slice index: Int, radius: Double) throws -> String {
    let pie = try #require(chart.layout.pie)
    let slice = try #require(PieSlices.compute(chart.model).slices.first { $0.index == index })
    let p = polar(pie.center, radius, slice.midAngle)
    return chart.hit(p.x, p.y)
  }

  @Test func slicesAreHitWhereTheyAreDrawn() throws {
    let chart = try HitTesterTests.Chart(Self.pie())
    let r = try #require(chart.layout.pie).radius
    #expect(try Self.hit(chart, slice: 0, radius: r / 2) == "p[0]")
    #expect(try Self.hit(chart, slice: 2, radius: r - 1) == "p[2]")
    #expect(try Self.hit(chart, slice: 2, radius: r + 6) == "nil")
  }

  @Test func hiddenPieIsNotHit() throws {
    let shown = try HitTesterTests.Chart(Self.pie())
    let chart = try HitTesterTests.Chart(Self.pie(visible: false))
    let pieRegion = try #require(chart.svg.split(separator: "\n").first { $0.contains("data-role=\"pie\"") })
    #expect(!pieRegion.contains("<path"), "a hidden pie draws no slice")
    // Where the first slice is drawn when the pie is shown.
    let pie = try #require(shown.layout.pie)
    let slice = try #require(PieSlices.compute(shown.model).slices.first)
    let p = polar(pie.center, pie.radius / 2, slice.midAngle)
    #expect(shown.hit(p.x, p.y) == "p[0]")
    #expect(chart.hit(p.x, p.y) == "nil")
  }

  @Test func highlightedSliceIsHitOnTheBandBeyondTheRim() throws {
    let chart = try HitTesterTests.Chart(Self.pie(highlight: 2))
    let r = try #require(chart.layout.pie).radius
    #expect(try Self.hit(chart, slice: 2, radius: r + 6) == "p[2]")
    #expect(try Self.hit(chart, slice: 2, radius: r + 14) == "nil")
    #expect(try Self.hit(chart, slice: 0, radius: r + 6) == "nil")
  }
}
