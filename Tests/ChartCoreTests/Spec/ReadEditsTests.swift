import ChartdJSON
import Testing
@testable import ChartCore

/// Edits read ahead (`ReadEdits`) make the same plan, with the same diagnostics, as edits read
/// by `ChartDocument.plan` itself, and are ignored where they were read otherwise.
@Suite struct ReadEditsTests {
  static let path = JSONPointer(["edits"])

  static func document() throws -> ChartDocument {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(["kind": "line", "dataSets": [["id": "a", "entries": [1, 2, 3]], ["id": "b", "entries": [3, 1]]]],
                                            log: log))
    return ChartDocument(model: ChartModel(spec: spec), prefix: "r")
  }

  /// Valid lists, lists that fail when read, and lists that read well but fail the document's check.
  static let lists: [JSONValue?] = InvalidEditTests.cases.map(\.json) + [
    [["op": "appendEntries", "dataSet": "a", "entries": [4, 5]]],
    [["op": "setVisibility", "dataSet": "b", "visible": false], ["op": "resize", "width": 300, "height": 200]],
    [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 1]]], ["op": "bogus", "extra": 1]],
    [["op": "appendEntries", "dataSet": "missing", "entries": [1]]],
    [["op": "removeEntries", "dataSet": "a", "start": 2, "count": 5]],
    [["op": "appendEntries", "dataSet": "a", "entries": [1], "unknownKey": true]],
    [],
  ]

  @Test(arguments: lists.indices)
  func aPlanFromEditsReadAheadIsThePlanFromTheirJSON(_ k: Int) throws {
    let json = Self.lists[k]
    var direct = try Self.document(), ahead = try Self.document()
    let directLog = DiagnosticLog(), aheadLog = DiagnosticLog()
    let read = ReadEdits(json, at: Self.path, limits: SpecLimits())
    let directPlan = direct.plan(json ?? .null, at: Self.path, limits: SpecLimits(), log: directLog)
    let aheadPlan = ahead.plan(json ?? .null, read: read, at: Self.path, limits: SpecLimits(), log: aheadLog)
    #expect(aheadLog.items == directLog.items)
    #expect((aheadPlan == nil) == (directPlan == nil))
    if let directPlan, let aheadPlan {
      #expect(ahead.apply([aheadPlan]) == direct.apply([directPlan]))
    }
  }

  @Test func editsReadUnderOtherLimitsOrAtAnotherPathAreReadAgain() throws {
    let json: JSONValue = [["op": "appendEntries", "dataSet": "a", "entries": [4, 5, 6]]]
    let strict = ReadEdits(json, at: Self.path, limits: SpecLimits(maxEntriesPerDataSet: 2))
    #expect(strict.edits == nil, "over the strict limit when read")
    let doc = try Self.document()
    let log = DiagnosticLog()
    #expect(doc.plan(json, read: strict, at: Self.path, limits: SpecLimits(), log: log) != nil)
    #expect(log.items.isEmpty, "read again under the plan's own limits: \(log.items)")
    let elsewhere = ReadEdits([5], at: JSONPointer(["other"]), limits: SpecLimits())
    let log2 = DiagnosticLog()
    #expect(doc.plan(json, read: elsewhere, at: Self.path, limits: SpecLimits(), log: log2) != nil)
    #expect(log2.items.isEmpty)
  }
}
