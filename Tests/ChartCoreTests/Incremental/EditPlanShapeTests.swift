import ChartdJSON
import Testing
@testable import ChartCore

/// Edits are checked against the sets as the earlier edits of the batch (and the earlier updates
/// of a burst) leave them, found by id in charts of many sets, and an edit that fails its check
/// leaves them as they were for the edits after it.
@Suite struct EditPlanShapeTests {
  /// A line chart of `count` sets s0, s1, … of three entries each.
  static func document(sets count: Int) throws -> ChartDocument {
    let sets: [JSONValue] = (0..<count).map { .object(["id": .string("s\($0)"), "entries": [1, 2, 3]]) }
    return try ChartDocument.reading(["kind": "line", "width": 320, "height": 200, "dataSets": .array(sets)])
  }

  static func plan(_ doc: ChartDocument, _ edits: JSONValue, after earlier: [EditPlan] = []) -> (EditPlan?, DiagnosticLog) {
    let log = DiagnosticLog()
    return (doc.plan(edits, at: JSONPointer(["edits"]), after: earlier, limits: SpecLimits(), log: log), log)
  }

  @Test(arguments: [3, 12, 40])
  func editsSeeTheSetsThatEarlierEditsAddedAndRemoved(count: Int) throws {
    var doc = try Self.document(sets: count)
    let removed = "s\(count / 2)"
    let (refused, log) = Self.plan(doc, [["op": "addDataSet", "dataSet": ["id": "n", "entries": [5]], "index": 0],
                                         ["op": "appendEntries", "dataSet": "n", "entries": [6, 7]],
                                         ["op": "removeDataSet", "dataSet": .string(removed)],
                                         ["op": "appendEntries", "dataSet": .string(removed), "entries": [1]]])
    #expect(refused == nil)
    #expect(log.errors.map(\.path) == ["/edits/3/dataSet"])
    try doc.applyCheckedAgainstFresh([["op": "addDataSet", "dataSet": ["id": "n", "entries": [5]], "index": 0],
                                      ["op": "appendEntries", "dataSet": "n", "entries": [6, 7]],
                                      ["op": "removeDataSet", "dataSet": .string(removed)],
                                      ["op": "appendEntries", "dataSet": .string("s\(count - 1)"), "entries": [4, 5]]])
    let ids = doc.model.spec.dataSets.map(\.id)
    #expect(ids == ["n"] + (0..<count).map { "s\($0)" }.filter { $0 != removed })
    #expect(doc.model.spec.dataSets[0].entries.count == 3)
    #expect(doc.model.spec.dataSets.last?.entries.count == 5)
    for (k, id) in ids.enumerated() { #expect(doc.model.dataSetIndex(id: id) == k) }
  }

  /// The second update of a burst is checked against the sets the first leaves; an edit refused
  /// in it leaves them as they were for the edits after it (one error, not one per edit).
  @Test(arguments: [3, 12, 40])
  func aRefusedEditLeavesTheSetsForTheEditsAfterIt(count: Int) throws {
    let doc = try Self.document(sets: count)
    let (first, firstLog) = Self.plan(doc, [["op": "addDataSet", "dataSet": ["id": "m", "entries": [1]], "index": 1]])
    let added = try #require(first, "\(firstLog.items)")
    let (second, log) = Self.plan(doc, [["op": "appendEntries", "dataSet": "zzz", "entries": [1]],
                                        ["op": "removeEntries", "dataSet": "s0", "start": 0, "count": 9],
                                        ["op": "appendEntries", "dataSet": "m", "entries": [2, 3]],
                                        ["op": "removeEntries", "dataSet": "m", "start": 0, "count": 3],
                                        ["op": "removeDataSet", "dataSet": "s0"],
                                        ["op": "removeDataSet", "dataSet": "s0"]], after: [added])
    #expect(second == nil)
    // The append to m counts: its three entries can all be removed. The second removal of s0 finds it gone.
    #expect(log.errors.map(\.path) == ["/edits/0/dataSet", "/edits/1/count", "/edits/5/dataSet"], "\(log.items)")
  }

  /// A row: one append to every set of a chart of many sets, in one update.
  @Test func aRowOfAppendsReachesEverySet() throws {
    var doc = try Self.document(sets: 60)
    let row: [JSONValue] = (0..<60).reversed().map { ["op": "appendEntries", "dataSet": .string("s\($0)"), "entries": .numbers([Double($0)])] }
    try doc.applyCheckedAgainstFresh(.array(row))
    for (k, ds) in doc.model.spec.dataSets.enumerated() {
      #expect(ds.entries.count == 4)
      #expect(ds.entries.y.last == Double(k))
    }
  }
}
