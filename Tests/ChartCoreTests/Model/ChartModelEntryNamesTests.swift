import ChartdJSON
import Testing
@testable import ChartCore

/// Highlights and hidden slices name entries by index: a removal drops those of removed entries
/// and moves those of later entries with them (edits.md, "State that edits keep").
@Suite struct ChartModelEntryNamesTests {
  static let line: JSONValue = [
    "kind": "line", "width": 300, "height": 200,
    "dataSets": [["id": "a", "entries": [10, 11, 12, 13, 14, 15]], ["id": "b", "entries": [1, 2, 3, 4, 5, 6]]],
  ]

  func highlights(_ doc: ChartDocument) -> [String] {
    doc.model.spec.highlights.map { "\($0.dataSet)\($0.index)" }
  }

  func highlight(_ names: [(String, Int)]) -> JSONValue {
    ["op": "setHighlight", "highlights": .array(names.map { ["dataSet": .string($0.0), "index": .number(Double($0.1))] })]
  }

  @Test func aRemovalDropsTheHighlightOfARemovedEntryAndMovesLaterOnes() throws {
    var doc = try ChartDocument.reading(Self.line)
    try doc.applyCheckedAgainstFresh([highlight([("a", 0), ("a", 2), ("a", 3), ("b", 3)])])
    try doc.applyCheckedAgainstFresh([["op": "removeEntries", "dataSet": "a", "start": 1, "count": 2]])
    // a0 stays, a2 (the value 12) was removed, a3 (the value 13) is now a1; b is another data set.
    #expect(highlights(doc) == ["a0", "a1", "b3"])
    #expect(doc.model.spec.dataSets[0].entries.y[1] == 13)
  }

  @Test func theHighlightOfTheRemovedEntryItselfIsDropped() throws {
    var doc = try ChartDocument.reading(Self.line)
    try doc.applyCheckedAgainstFresh([highlight([("a", 1)]), ["op": "removeEntries", "dataSet": "a", "start": 1, "count": 1]])
    #expect(highlights(doc) == [])
  }

  @Test func aSlidingWindowDropsHighlightsThatLeaveTheFrontAndMovesTheRest() throws {
    var doc = try ChartDocument.reading(Self.line)
    try doc.applyCheckedAgainstFresh([highlight([("a", 1), ("a", 4)])])
    try doc.applyCheckedAgainstFresh([["op": "appendEntries", "dataSet": "a", "entries": [16, 17], "maxEntries": 4]])
    // 14, 15, 16 and 17 remain: the old a4 (14) is a0, the old a1 (11) left.
    #expect(highlights(doc) == ["a0"])
    #expect(doc.model.spec.dataSets[0].entries.y[0] == 14)
  }

  @Test func hiddenSlicesFollowTheirEntries() throws {
    let pie: JSONValue = [
      "kind": "pie", "width": 300, "height": 200,
      "dataSets": [["id": "p", "hiddenEntries": [0, 2, 4, 9], "entries": [5, 4, 3, 2, 1, 6]]],
    ]
    var doc = try ChartDocument.reading(pie)
    try doc.applyCheckedAgainstFresh([["op": "removeEntries", "dataSet": "p", "start": 1, "count": 2]])
    // 0 stays, 2 (removed) goes, 4 and 9 (past the entries) move down by two.
    #expect(doc.model.spec.dataSets[0].hiddenEntries == [0, 2, 7])
    try doc.applyCheckedAgainstFresh([["op": "appendEntries", "dataSet": "p", "entries": [7], "maxEntries": 4]])
    #expect(doc.model.spec.dataSets[0].hiddenEntries == [1, 6])
  }

  @Test func editsBeforeTheNamedEntriesLeaveThemAlone() throws {
    var doc = try ChartDocument.reading(Self.line)
    try doc.applyCheckedAgainstFresh([highlight([("a", 1)])])
    try doc.applyCheckedAgainstFresh([["op": "removeEntries", "dataSet": "a", "start": 3, "count": 2]])
    try doc.applyCheckedAgainstFresh([["op": "removeEntries", "dataSet": "a", "start": 0, "count": 0]])
    try doc.applyCheckedAgainstFresh([["op": "appendEntries", "dataSet": "a", "entries": [20]]])
    #expect(highlights(doc) == ["a1"])
  }
}
