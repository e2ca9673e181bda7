import ChartCore
import ChartdJSON
import Testing

@Suite struct ChartEditParseTests {
  /// Parses one edit list and fails the test on errors.
  func edits(_ json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> ([ChartEdit]?, DiagnosticLog) {
    let log = DiagnosticLog()
    let out = ChartEdit.parseEdits(json, at: JSONPointer(["edits"]), log: log)
    #expect(!log.hasErrors, "unexpected errors: \(log.errors)", sourceLocation: sourceLocation)
    return (out, log)
  }

  func one(_ json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> ChartEdit? {
    let (list, _) = edits([json], sourceLocation: sourceLocation)
    #expect(list?.count == 1, sourceLocation: sourceLocation)
    return list?.first
  }

  @Test func emptyListIsANoOp() {
    #expect(edits([]).0 == [])
  }

  @Test func wholeSpecEdits() throws {
    let specLog = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(lineSpec(["title": "x"]), log: specLog))
    #expect(one(["op": "setSpec", "spec": lineSpec(["title": "x"])]) == .setSpec(spec))
    #expect(one(["op": "mergeSpec", "patch": ["title": .null]]) == .mergeSpec(["title": .null]))
  }

  @Test func entryEdits() {
    let bare = EntryBatch(columns: EntryColumns(x: [0, 1], y: [7, 8]), explicitX: false)
    #expect(one(["op": "appendEntries", "dataSet": "a", "entries": [7, 8]])
      == .appendEntries(dataSet: "a", entries: bare, maxEntries: nil))
    #expect(one(["op": "appendEntries", "dataSet": "a", "entries": [7, 8], "maxEntries": 100])
      == .appendEntries(dataSet: "a", entries: bare, maxEntries: 100))
    #expect(one(["op": "removeEntries", "dataSet": "a", "start": 2, "count": 0])
      == .removeEntries(dataSet: "a", start: 2, count: 0))
    let rows = EntryBatch(columns: EntryColumns(x: [5], y: [1]), explicitX: true)
    #expect(one(["op": "updateEntries", "dataSet": "a", "start": 3, "entries": [["x": 5, "y": 1]]])
      == .updateEntries(dataSet: "a", start: 3, entries: rows))
    #expect(one(["op": "replaceEntries", "dataSet": "a", "entries": ["y": [7, 8]]])
      == .replaceEntries(dataSet: "a", entries: bare.columns))
  }

  @Test func dataSetEdits() {
    var b = DataSetSpec(id: "b", label: "Bees")
    b.entries = EntryColumns(x: [0], y: [1])
    b.source = ["id": "b", "label": "Bees"]  // what chart/getSpec writes back
    #expect(one(["op": "addDataSet", "dataSet": ["id": "b", "label": "Bees", "entries": [1]]]) == .addDataSet(b, index: nil))
    #expect(one(["op": "addDataSet", "dataSet": ["id": "b", "label": "Bees", "entries": [1]], "index": 0]) == .addDataSet(b, index: 0))
    #expect(one(["op": "replaceDataSet", "dataSet": ["id": "b", "label": "Bees", "entries": [1]]]) == .replaceDataSet(b))
    #expect(one(["op": "removeDataSet", "dataSet": "b"]) == .removeDataSet("b"))
    #expect(one(["op": "setVisibility", "dataSet": "b", "visible": false]) == .setVisibility(dataSet: "b", visible: false))
  }

  @Test func viewEdits() {
    #expect(one(["op": "setHighlight", "highlights": []]) == .setHighlight([]))
    #expect(one(["op": "setHighlight", "highlights": [["dataSet": "a", "index": 2, "stackIndex": 1]]])
      == .setHighlight([HighlightSpec(dataSet: "a", index: 2, stackIndex: 1)]))
    #expect(one(["op": "setViewport", "xMin": 1, "xMax": 5]) == .setViewport(xMin: 1, xMax: 5, autoScaleY: nil))
    #expect(one(["op": "setViewport", "xMin": .null, "xMax": .null]) == .setViewport(xMin: nil, xMax: nil, autoScaleY: nil))
    #expect(one(["op": "setViewport"]) == .setViewport(xMin: nil, xMax: nil, autoScaleY: nil))
    #expect(one(["op": "setViewport", "xMax": 3, "autoScaleY": false]) == .setViewport(xMin: nil, xMax: 3, autoScaleY: false))
    #expect(one(["op": "resize", "width": 300, "height": 200]) == .resize(width: 300, height: 200))
  }

  @Test func editsKeepTheirOrder() {
    let (list, _) = edits([["op": "resize", "width": 300, "height": 200], ["op": "removeDataSet", "dataSet": "a"]])
    #expect(list?.map(\.op) == [.resize, .removeDataSet])
  }

  @Test func unknownKeysOfAnEditWarn() {
    let (list, log) = edits([["op": "removeDataSet", "dataSet": "a", "id": "a"]])
    #expect(list == [.removeDataSet("a")])
    #expect(log.warnings.map(\.path) == ["/edits/0/id"])
  }

  @Test func opNamesAndNamedDataSets() {
    #expect(ChartEdit.Op.allCases.count == 13)
    #expect(ChartEdit.removeEntries(dataSet: "a", start: 0, count: 1).dataSetID == "a")
    #expect(ChartEdit.addDataSet(DataSetSpec(id: "n"), index: nil).dataSetID == "n")
    #expect(ChartEdit.resize(width: 20, height: 20).dataSetID == nil)
    #expect(!ChartEdit.mergeSpec(["title": "x"]).touchesDataSets)
    #expect(ChartEdit.mergeSpec(["dataSets": .null]).touchesDataSets)
    #expect(!ChartEdit.setViewport(xMin: nil, xMax: nil, autoScaleY: nil).touchesDataSets)
  }

  @Test func aFailedEditRejectsTheWholeList() {
    let log = DiagnosticLog()
    let list = ChartEdit.parseEdits([["op": "resize", "width": 300, "height": 200], ["op": "nope"]],
                                    at: JSONPointer(["edits"]), log: log)
    #expect(list == nil)
    #expect(log.errors.map(\.path) == ["/edits/1/op"])
  }
}
