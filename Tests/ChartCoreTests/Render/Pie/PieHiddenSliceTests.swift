import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Hiding one pie slice from its legend item: `hiddenEntries` and `setVisibility` with `entry`.
@Suite struct PieHiddenSliceTests {
  static let spec = spec(hidden: nil)

  /// The pie, with `hiddenEntries` set to `hidden` when given.
  static func spec(hidden: JSONValue?) -> JSONValue {
    var ds: [String: JSONValue] = ["id": "p", "entries": ["y": [30, 20, 40, 10], "labels": ["A", "B", "C", "D"]]]
    ds["hiddenEntries"] = hidden
    return ["kind": "pie", "width": 480, "height": 320, "dataSets": [.object(ds)]]
  }

  /// The first data set's `hiddenEntries` in a spec's JSON.
  static func hidden(_ json: JSONValue) -> JSONValue? { json["dataSets"]?.arrayValue?.first?["hiddenEntries"] }

  static func parse(_ json: JSONValue) throws -> ChartSpec {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    #expect(log.items.isEmpty, "\(log.items)")
    return spec
  }

  static func document(_ json: JSONValue = spec) throws -> ChartDocument {
    ChartDocument(model: ChartModel(spec: try parse(json)), prefix: "d", specJSON: json)
  }

  static func apply(_ doc: inout ChartDocument, _ edits: JSONValue) throws -> ChartPatch {
    let patch = try doc.applyChecked(edits)
    return patch
  }

  /// The errors a batch gets from `plan` (nil when it is valid).
  static func planErrors(_ doc: ChartDocument, _ edits: JSONValue) -> [String]? {
    let log = DiagnosticLog()
    guard doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) == nil else { return nil }
    return log.errors.map(\.path)
  }

  @Test func hiddenEntriesAreReadSortedAndWithoutRepeats() throws {
    #expect(try Self.parse(Self.spec(hidden: [3, 1, 3])).dataSets[0].hiddenEntries == [1, 3])
  }

  @Test func badHiddenEntriesAreErrorsAtTheirPointer() {
    let cases: [(JSONValue, String)] = [
      ("x", "/dataSets/0/hiddenEntries"), ([1, "a"], "/dataSets/0/hiddenEntries/1"),
      ([-1], "/dataSets/0/hiddenEntries/0"), ([0.5], "/dataSets/0/hiddenEntries/0"),
    ]
    for (value, pointer) in cases {
      let log = DiagnosticLog()
      #expect(ChartSpec.parse(Self.spec(hidden: value), log: log) == nil)
      #expect(log.errors.map(\.path) == [pointer], "\(log.items)")
    }
  }

  @Test func hiddenSliceLeavesTheTotalAndItsLegendItemIsDimmed() throws {
    let model = ChartModel(spec: try Self.parse(Self.spec(hidden: [2])))
    let pie = PieSlices.compute(model)
    #expect(pie.slices.map(\.index) == [0, 1, 3])
    #expect(abs(pie.total - 60) < 1e-9)
    #expect(abs(pie.slices[0].fraction - 0.5) < 1e-12)
    let items = try #require(LayoutEngine.layout(model).legend).items
    #expect(items.map(\.dimmed) == [false, false, true, false])
    // The dimmed item is hit as the slice's legend item, so a client can toggle it back.
    let c = try #require(items.first { $0.entryIndex == 2 }).hitRect
    let t = try #require(HitTester.hitTest(model, LayoutEngine.layout(model), at: Point(x: c.midX, y: c.midY)))
    #expect(t.kind == .legendItem && t.dataSet == "p" && t.index == 2)
    let svg = ChartRenderer.render(model, prefix: "d").svg
    #expect(!PieFixtures.elements("path", in: svg).contains { $0.contains("data-entry=\"2\"") }, "no slice for the hidden entry")
    #expect(svg.contains("aria-label=\"A: 30 (50.0%)\""))
  }

  @Test func toggleRendersThePieAndOneLegendItem() throws {
    var doc = try Self.document()
    let patch = try Self.apply(&doc, [["op": "setVisibility", "dataSet": "p", "entry": 2, "visible": false]])
    #expect(doc.model.spec.dataSets[0].hiddenEntries == [2])
    #expect(Set(patch.rendered) == [.pie, .legendItem(.entry(2))])
    // Hiding it again changes nothing; showing it gives back the original picture.
    #expect(try Self.apply(&doc, [["op": "setVisibility", "dataSet": "p", "entry": 2, "visible": false]]).rendered.isEmpty)
    _ = try Self.apply(&doc, [["op": "setVisibility", "dataSet": "p", "entry": 2, "visible": true]])
    #expect(doc.svg == (try Self.document()).svg)
  }

  @Test func getSpecRoundTripsHiddenSlices() throws {
    var doc = try Self.document()
    _ = try Self.apply(&doc, [["op": "setVisibility", "dataSet": "p", "entry": 1, "visible": false],
                              ["op": "setVisibility", "dataSet": "p", "entry": 3, "visible": false]])
    let state = doc.currentSpec
    #expect(Self.hidden(state) == [1, 3])
    let fresh = ChartRenderer.render(ChartModel(spec: try Self.parse(state)), prefix: "d").svg
    #expect(fresh == doc.svg)
    _ = try Self.apply(&doc, [["op": "setVisibility", "dataSet": "p", "entry": 1, "visible": true],
                              ["op": "setVisibility", "dataSet": "p", "entry": 3, "visible": true]])
    #expect(Self.hidden(doc.currentSpec) == nil)
  }

  @Test func entryTogglesAreCheckedAtTheirPointer() throws {
    let doc = try Self.document()
    #expect(Self.planErrors(doc, [["op": "setVisibility", "dataSet": "p", "entry": 4, "visible": false]]) == ["/edits/0/entry"])
    #expect(Self.planErrors(doc, [["op": "setVisibility", "dataSet": "p", "entry": -1, "visible": false]]) == ["/edits/0/entry"])
    let line = try Self.document(["kind": "line", "dataSets": [["id": "a", "entries": [1, 2]]]])
    #expect(Self.planErrors(line, [["op": "setVisibility", "dataSet": "a", "entry": 0, "visible": false]]) == ["/edits/0/entry"])
    #expect(Self.planErrors(line, [["op": "setVisibility", "dataSet": "a", "visible": false]]) == nil)
  }
}
