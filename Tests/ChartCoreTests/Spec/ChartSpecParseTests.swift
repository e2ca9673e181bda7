import ChartCore
import ChartdJSON
import Testing

@Suite struct ChartSpecParseTests {
  /// Parses and fails the test on errors.
  func parse(_ json: JSONValue, keeping: [DataSetSpec]? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    -> (ChartSpec?, DiagnosticLog)
  {
    let log = DiagnosticLog()
    let spec = ChartSpec.parse(json, log: log, keepingDataSets: keeping)
    #expect(!log.hasErrors, "unexpected errors: \(log.errors)", sourceLocation: sourceLocation)
    return (spec, log)
  }

  @Test func emptyObjectGivesTheDefaults() {
    let (spec, log) = parse([:])
    #expect(spec == ChartSpec())
    #expect(log.items.isEmpty)
  }

  @Test func topLevelFieldsAreRead() throws {
    let (parsed, log) = parse([
      "width": 640, "height": 320, "theme": "dark", "title": "Sales", "description": "Sales by month", "kind": "bar",
      "viewport": ["xMin": 1, "xMax": .null, "autoScaleY": false], "hiddenDataSetsAffectRange": true,
      "largeData": ["mode": "lossless", "threshold": 100, "devicePixelRatio": 1, "chunkSize": 500],
      "locale": ["decimalSeparator": ",", "groupingSeparator": ".", "useGrouping": true], "fontSize": 13,
      "padding": ["top": 4, "right": 8],
      "dataSets": [["id": "a", "entries": [1, 2]]], "highlights": [["dataSet": "a", "index": 1]],
    ])
    let s = try #require(parsed)
    #expect(log.items.isEmpty)
    #expect(s.width == 640 && s.height == 320 && s.theme == .dark && s.kind == .bar)
    #expect(s.title == "Sales" && s.description == "Sales by month")
    #expect(s.viewport == Viewport(xMin: 1, xMax: nil, autoScaleY: false))
    #expect(s.hiddenDataSetsAffectRange)
    #expect(s.largeData.mode == .lossless && s.largeData.threshold == 100)
    #expect(s.largeData.devicePixelRatio == 1 && s.largeData.chunkSize == 500)
    #expect(s.locale.decimalSeparator == "," && s.locale.groupingSeparator == "." && s.locale.useGrouping)
    #expect(s.fontSize == 13)
    #expect(s.padding == Insets(top: 4, left: 10, bottom: 10, right: 8))
    #expect(s.highlights == [HighlightSpec(dataSet: "a", index: 1)])
  }

  @Test func paddingAsOneNumber() {
    #expect(parse(["padding": 0]).0?.padding == Insets(top: 0, left: 0, bottom: 0, right: 0))
  }

  @Test func dataSetFieldsAreRead() throws {
    let (parsed, _) = parse([
      "kind": "combined",
      "dataSets": [
        ["id": "s", "label": "Sales", "kind": "bar", "axis": "right", "visible": false, "color": "#336699",
         "colors": ["red", "#00f"], "stackLabels": ["a", "b"], "entries": [["values": [1, 2]]]],
        ["label": "Only label", "entries": [1]],
        ["id": "only-id"],
      ],
    ])
    let s = try #require(parsed)
    #expect(s.dataSets.map(\.id) == ["s", "Only label", "only-id"])
    #expect(s.dataSets.map(\.label) == ["Sales", "Only label", "only-id"])
    let d = s.dataSets[0]
    #expect(d.kind == .bar && d.axis == .right && !d.visible)
    #expect(d.color == Color(hex: 0x336699))
    #expect(d.colors == [Color(hex: 0xff0000), Color(hex: 0x0000ff)])
    #expect(d.stackLabels == ["a", "b"])
    #expect(d.entries.y == [3])
    #expect(s.dataSets[1].kind == nil && s.dataSets[1].visible)
    #expect(s.dataSets[2].entries.isEmpty)
  }

  @Test func unknownKeysWarnButDoNotBlock() throws {
    let (parsed, log) = parse(lineSpec(["colour": "red", "dataSets": [["id": "a", "colour": "red", "entries": [1]]]]))
    #expect(parsed != nil)
    #expect(log.warnings.map(\.path).sorted() == ["/colour", "/dataSets/0/colour"])
    #expect(log.warnings.allSatisfy { $0.message.contains("unknown property 'colour' is ignored") })
  }

  @Test func pieKeepsTheFirstDataSetWithAWarning() throws {
    let (parsed, log) = parse(["kind": "pie", "dataSets": [["id": "a", "entries": [1, 2]], ["id": "b", "entries": [3]]]])
    #expect(parsed?.dataSets.map(\.id) == ["a"])
    #expect(log.warnings.map(\.path) == ["/dataSets/1"])
    #expect(log.warnings.first?.message.contains("draws one data set") == true)
  }

  @Test func perDataSetKindOutsideCombinedChartsWarns() {
    let (parsed, log) = parse(specWith(["id": "a", "kind": "bar", "entries": [1]], kind: "line"))
    #expect(parsed?.dataSets.first?.kind == .bar)
    #expect(log.warnings.map(\.path) == ["/dataSets/0/kind"])
  }

  @Test func completeChartsOfEveryKindParse() throws {
    let specs: [JSONValue] = [
      specWithEntries([1, 2, 3], kind: "line"),
      specWithEntries([["x": 0, "values": [1, 2]], ["x": 1, "values": [2, 2]]], kind: "bar"),
      specWithEntries([[0.5, 1], [2, 3]], kind: "scatter"),
      specWithEntries(["x": [1, 2], "y": [3, 4], "size": [5, 6]], kind: "bubble"),
      specWithEntries(["open": [1], "high": [2], "low": [0.5], "close": [1.5]], kind: "candlestick"),
      specWithEntries(["y": [30, 70], "labels": ["yes", "no"]], kind: "pie"),
      ["kind": "combined", "dataSets": [["id": "b", "kind": "bar", "entries": [1, 2]], ["id": "l", "entries": [2, 1]]]],
    ]
    for json in specs {
      let log = DiagnosticLog()
      #expect(ChartSpec.parse(json, log: log) != nil, "\(log.items)")
      #expect(log.items.isEmpty, "\(log.items)")
    }
  }

  @Test func keepingDataSetsIgnoresTheJSONDataSets() throws {
    var kept = DataSetSpec(id: "k")
    kept.entries = EntryColumns(x: [0, 1], y: [5, 6])
    let (parsed, _) = parse(["title": "T", "dataSets": 5, "highlights": [["dataSet": "k", "index": 1]]], keeping: [kept])
    let s = try #require(parsed)
    #expect(s.dataSets == [kept])
    #expect(s.title == "T")
    #expect(s.highlights == [HighlightSpec(dataSet: "k", index: 1)])
  }

  @Test func keepingDataSetsStillChecksTheKind() {
    var kept = DataSetSpec(id: "k")
    kept.entries = EntryColumns(x: [0], y: [5])
    let log = DiagnosticLog()
    #expect(ChartSpec.parse(["kind": "candlestick"], log: log, keepingDataSets: [kept]) == nil)
    #expect(log.errors.map(\.path) == ["/dataSets/0/entries"])
  }

  @Test func diagnosticsStartAtTheGivenPath() {
    let log = DiagnosticLog()
    #expect(ChartSpec.parse(lineSpec(["width": 1]), at: JSONPointer(["spec"]), log: log) == nil)
    #expect(log.errors.map(\.path) == ["/spec/width"])
  }

  @Test func everyErrorOfOneSpecIsReported() {
    let log = DiagnosticLog()
    _ = ChartSpec.parse(lineSpec(["width": 1, "height": 1, "theme": "x"]), log: log)
    #expect(log.errors.map(\.path).sorted() == ["/height", "/theme", "/width"])
  }

  @Test func anErrorAfterAFloodOfWarningsStillRejects() {
    var o: [String: JSONValue] = ["width": 1]
    for i in 0..<150 { o["unknown\(i)"] = 1 }
    let log = DiagnosticLog()
    #expect(ChartSpec.parse(.object(o), log: log) == nil)
    #expect(log.items.count == log.limit)
    #expect(log.errors.map(\.path) == ["/width"])
  }

  @Test func aWrongTypeIsReportedOnce() {
    let log = DiagnosticLog()
    _ = ChartSpec.parse(lineSpec(["dataSets": [5], "highlights": ["x"]]), log: log)
    #expect(log.errors.map(\.path).sorted() == ["/dataSets/0", "/highlights/0"])
    let editLog = DiagnosticLog()
    _ = ChartEdit.parseEdits([5, ["op": "addDataSet", "dataSet": 5]], at: JSONPointer(["edits"]), log: editLog)
    #expect(editLog.errors.map(\.path) == ["/edits/0", "/edits/1/dataSet"])
  }

  @Test func errorsLoggedBeforeDoNotRejectTheSpec() {
    let log = DiagnosticLog()
    log.error(JSONPointer(["other"]), "an earlier problem")
    #expect(ChartSpec.parse(lineSpec(), log: log) != nil)
  }

  @Test func highlightOfAStackSegment() {
    let json = specWith(["id": "a", "entries": [["values": [1, 2, 3]]]], kind: "bar")
    guard case .object(var o) = json else { return }
    o["highlights"] = [["dataSet": "a", "index": 0, "stackIndex": 2]]
    #expect(parse(.object(o)).0?.highlights == [HighlightSpec(dataSet: "a", index: 0, stackIndex: 2)])
  }
}
