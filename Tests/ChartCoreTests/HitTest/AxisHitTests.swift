import ChartdJSON
import Testing
@testable import ChartCore

/// With an axis tooltip, a point anywhere in the plot names the entry to highlight: the visible
/// entry nearest in x.
@Suite struct AxisHitTests {
  func document(trigger: String, hideA: Bool = false) throws -> ChartDocument {
    let spec: JSONValue = ["kind": "line", "width": 400, "height": 240, "marker": ["trigger": .string(trigger)],
                           "dataSets": [["id": "a", "visible": .bool(!hideA), "entries": [[0, 1], [2, 9], [4, 1]]],
                                        ["id": "b", "entries": [[1, 9], [3, 1], [5, 9]]]]]
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "h")
  }

  /// A point low in the plot (away from every entry at the top) at data x `x`.
  func hit(_ doc: ChartDocument, x: Double) throws -> HitTarget? {
    let xs = try #require(doc.layout.x?.scale)
    return HitTester.hitTest(doc.model, doc.layout, at: Point(x: xs.map(x), y: doc.layout.plot.maxY - 2))
  }

  @Test func aPlotAreaHitNamesTheNearestEntryInX() throws {
    let doc = try document(trigger: "axis")
    let t = try #require(try hit(doc, x: 2.8))
    #expect(t.kind == .plotArea)
    #expect(t.dataSet == "b" && t.index == 1 && t.value == 3)
    let early = try #require(try hit(doc, x: 1.7))
    #expect(early.dataSet == "a" && early.index == 1 && early.value == 2)
  }

  @Test func hiddenDataSetsAreNotNamed() throws {
    let t = try #require(try hit(try document(trigger: "axis", hideA: true), x: 2.1))
    #expect(t.dataSet == "b" && t.index == 1, "a's x 2 is hidden; b's x 3 is nearer to 2.1 than its x 1")
  }

  @Test func withoutAnAxisTooltipThePlotAreaNamesNoEntry() throws {
    let t = try #require(try hit(try document(trigger: "item"), x: 2.8))
    #expect(t.kind == .plotArea && t.dataSet == nil && t.index == nil && t.value == nil)
  }
}
