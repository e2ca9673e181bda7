import ChartCore
import ChartdJSON
import ChartdLanguage
import Testing

@Suite struct SpecDiagnosticsTests {
  func diagnostics(_ text: String, _ encoding: PositionEncoding = .utf16) -> (TextDocument, [LanguageDiagnostic]) {
    let d = doc(text)
    return (d, SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: encoding))
  }

  @Test func unknownPropertyAtItsKeyAfterCJKText() {
    let (d, list) = diagnostics("{\"title\": \"売上😀\", \"widht\": 300}")
    let w = try! #require(list.first)
    #expect(w.code == .unknownProperty && w.severity == .warning)
    #expect(slice(d, w.range) == "\"widht\"")
    // `{"title": "` 11 units, 売上 2, 😀 2, `", ` 3.
    #expect(w.range.start == TextPosition(line: 0, character: 18))
    #expect(w.message.hasSuffix("(did you mean 'width'?)"))
  }

  @Test func wrongValuesAtTheirValue() {
    let (d, list) = diagnostics("{\n  \"width\": 10,\n  \"legend\": {\"form\": \"sqare\"},\n  \"kind\": 3\n}")
    let byCode = Dictionary(grouping: list, by: \.code)
    let range = try! #require(byCode[.outOfRange]?.first)
    #expect(slice(d, range.range) == "10" && range.range.start.line == 1)
    let value = try! #require(byCode[.unknownValue]?.first)
    #expect(slice(d, value.range) == "\"sqare\"")
    #expect(value.message.contains("did you mean 'square'?"))
    #expect(slice(d, try! #require(byCode[.wrongType]?.first).range) == "3")
  }

  @Test func syntaxErrorAtTheByteWhereParsingStopped() {
    let (d, list) = diagnostics("{\n  \"kind\": \"line\",\n  \"title\" \"x\"\n}")
    let e = try! #require(list.first)
    #expect(list.count == 1 && e.code == .jsonSyntax && e.severity == .error)
    #expect(e.range.start == TextPosition(line: 2, character: 10))
    #expect(!e.message.contains("at byte"))
    #expect(slice(d, e.range) == "\"")
  }

  /// A string left open at a line's end: the error covers the line break, up to the next line's
  /// start, whichever line breaks the text has (never between a `\r` and its `\n`).
  @Test(arguments: ["\n", "\r", "\r\n"])
  func anUnterminatedStringUpToTheNextLine(_ lineBreak: String) {
    let (_, list) = diagnostics("{" + lineBreak + "\"title\": \"abc" + lineBreak + "}" + lineBreak)
    let e = try! #require(list.first)
    #expect(e.code == .jsonSyntax)
    #expect(e.range == TextRange(start: TextPosition(line: 1, character: 13), end: TextPosition(line: 2, character: 0)))
  }

  @Test func missingMemberAtTheKeyOfItsObject() {
    let (d, list) = diagnostics(#"{"limitLines": [{"label": "x"}], "xAxis": {"format": {"decimals": 1}}}"#)
    let missing = list.filter { $0.code == .missingProperty }
    #expect(missing.count == 2)
    #expect(missing.map { slice(d, $0.range) }.sorted() == ["\"format\"", "{"])
  }

  /// A data set without an id is still read through: its other errors are reported with the
  /// missing id (all errors of a spec together), each with its quick fix.
  @Test func aDataSetWithoutAnIDHidesNoOtherError() {
    let (d, list) = diagnostics(#"{"dataSets": [{"color": "stelblue", "line": {"mode": "lineer"}, "entries": [1]}]}"#)
    #expect(list.map(\.code) == [.missingProperty, .wrongType, .unknownValue], "\(list.map(\.message))")
    #expect(list.map(\.path) == ["/dataSets/0", "/dataSets/0/color", "/dataSets/0/line/mode"])
    #expect(list.dropFirst().map { slice(d, $0.range) } == [#""stelblue""#, #""lineer""#])
    #expect(list.dropFirst().map { $0.fix?.title } == ["Use 'steelblue'", "Use 'linear'"])
  }

  @Test func aKeyGivenTwiceWarnsAtTheOneThatDoesNotCount() throws {
    let text = """
      {"kind": "line",
       "dataSets": [{"id": "a", "color": "red", "entries": [1], "colo\\u0072": "blue"}],
       "kind": "bar"}
      """
    let (d, list) = diagnostics(text)
    let dups = list.filter { $0.code == .duplicateKey }
    #expect(dups.map { slice(d, $0.range) } == [#""kind""#, #""color""#])
    #expect(dups.allSatisfy { $0.severity == .warning })
    #expect(dups[0].message == "duplicate key 'kind': the 'kind' on line 3 replaces this one")
    #expect(dups[0].path == "/kind" && dups[1].path == "/dataSets/0/color")
    #expect(dups[1].related.map { slice(d, $0.range) } == [#""colo\u0072""#])
    // The fix removes the member that does not count, up to the next key.
    let fix = try #require(dups[1].fix)
    var fixed = d
    fixed.apply(fix.edits.map { TextChange(range: $0.range, text: $0.newText) }, version: 2, encoding: .utf16)
    #expect(fixed.text.contains(#"{"id": "a", "entries": [1], "colo\u0072": "blue"}"#))
    #expect(SpecAnalysis(fixed.bytes).languageDiagnostics(in: fixed, encoding: .utf16).filter { $0.code == .duplicateKey }.count == 1)
    // No warning where keys differ or repeat only in other objects.
    #expect(diagnostics(#"{"dataSets": [{"id": "a", "entries": [{"x": 0, "y": 1}, {"x": 1, "y": 2}]}]}"#).1.isEmpty)
  }

  @Test func duplicateIDPointsAtTheFirst() {
    let (d, list) = diagnostics(#"{"dataSets": [{"id": "a"}, {"id": "b"}, {"id": "a"}]}"#)
    let dup = try! #require(list.first { $0.code == .duplicateID })
    #expect(dup.path == "/dataSets/2/id")
    let related = try! #require(dup.related.first)
    #expect(slice(d, related.range) == "\"a\"" && related.range.start.character == 21)
  }

  @Test func codesOfReaderMessages() {
    func code(_ message: String, _ path: String = "/x", _ severity: Diagnostic.Severity = .error) -> DiagnosticCode {
      DiagnosticCode(Diagnostic(path: path, message: message, severity: severity))
    }
    #expect(code("unknown property 'x' is ignored", "/x", .warning) == .unknownProperty)
    #expect(code("unknown formatter 'y'; expected one of 'number'") == .unknownValue)
    #expect(code("expected a boolean, got a string") == .wrongType)
    #expect(code("'blu' is not a colour (use #rgb …)") == .wrongType)
    #expect(code("must be between 16 and 16384, got 10") == .outOfRange)
    #expect(code("missing required property 'value'", "/leftAxis/limitLines/0/value") == .missingProperty)
    #expect(code("missing required property 'dates' (or 'times': Unix seconds)") == .missingProperty)
    #expect(code("a data set needs an 'id' or a 'label' (the id defaults to the label)") == .missingProperty)
    #expect(code("no data set has the id 'q'", "/highlights/0/dataSet") == .unknownReference)
    #expect(code("entry 9 is out of range: data set 'a' has 3 entries", "/highlights/0/index") == .unknownReference)
    #expect(code("string of 12 bytes exceeds the limit maxLabelBytes = 10") == .limit)
    #expect(code("expected an [x, y] pair like the first entry, got an array of 1", "/dataSets/0/entries/1") == .wrongType)
    #expect(code("candlestick entries need open, high, low and close; missing 'open'", "/dataSets/0/entries") == .entries)
    #expect(code("a pie chart draws one data set; the 1 after the first are ignored", "/dataSets/1", .warning) == .specWarning)
  }

  /// A number beyond a double's range: one error over the whole literal, at its pointer, worded as a
  /// request holding it is answered (transport.md); no spec is read, but the structure stays.
  @Test func aNumberOutOfRangeIsNamedOverItsLiteral() throws {
    let text = #"{"kind": "line", "viewport": {"xMin": 1, "xMax": -4.5e99999}, "dataSets": [{"id": "a", "entries": [1]}]}"#
    let (d, list) = diagnostics(text)
    let e = try #require(list.first)
    #expect(list.count == 1 && e.code == .jsonSyntax && e.severity == .error)
    #expect(slice(d, e.range) == "-4.5e99999" && e.path == "/viewport/xMax")
    #expect(e.message == "number -4.5e99999 is out of range (a number must lie within ±1.7976931348623157e+308)")
    let analysis = SpecAnalysis(d.bytes)
    #expect(analysis.spec == nil && analysis.map != nil && analysis.dataSetIDs == ["a"])
    // Broken text after it is still reported as what it is.
    let broken = diagnostics(#"{"xMax": 1e400, "kind": }"#).1
    #expect(broken.map(\.message) == ["number out of range"])
  }

  @Test func barsAtUnixTimesAreAnEntriesWarning() {
    let text = #"{"kind": "bar", "dataSets": [{"id": "a", "entries": {"x": [1700000000, 1700086400], "y": [1, 2]}}]}"#
    let (d, list) = diagnostics(text)
    let w = try! #require(list.first)
    #expect(list.count == 1)
    #expect(w.code == .entries && w.severity == .warning && w.path == "/dataSets/0/entries")
    #expect(w.message.contains("86400 or more apart"))
    #expect(slice(d, w.range).hasPrefix(#"{"x": [1700000000"#))
  }

  @Test func areaSuggestsALineWithFill() {
    let (_, list) = diagnostics(#"{"kind": "area", "dataSets": [{"id": "a", "entries": [1]}, {"id": "b", "line": {"width": 2}}]}"#)
    let d = try! #require(list.first { $0.code == .unknownValue })
    #expect(d.message.contains("did you mean 'line' with"))
    let fix = try! #require(d.fix)
    #expect(fix.edits.map(\.newText) == ["\"line\"", "\"line\": {\"fill\": true}, ", "\"fill\": true, "])
  }

  @Test func aMisspeltColourNameGetsAFixWhereverAColourGoes() {
    let text = #"{"dataSets": [{"id": "a", "color": "stelblue", "colors": ["tomato", "Rebecapurple"], "#
      + ##""entries": [{"y": 1, "color": "gren"}]}], "xAxis": {"gridColor": "#12"}}"##
    let (d, list) = diagnostics(text)
    let fixes = list.compactMap { l in l.fix.map { (l.path, slice(d, l.range), $0.edits.map(\.newText)) } }
    #expect(fixes.map(\.0) == ["/dataSets/0/color", "/dataSets/0/colors/1", "/dataSets/0/entries/0/color"])
    #expect(fixes.map(\.1) == ["\"stelblue\"", "\"Rebecapurple\"", "\"gren\""])
    #expect(fixes.map(\.2) == [["\"steelblue\""], ["\"rebeccapurple\""], ["\"green\""]])
    // Not a name: the forms a colour takes, and nothing to fix.
    let hex = try! #require(list.first { $0.path == "/xAxis/gridColor" })
    #expect(hex.fix == nil && hex.message.contains("hsl()"))
  }

  @Test func aValidSpecHasNone() {
    #expect(diagnostics(#"{"$schema": "chart-spec.schema.json", "kind": "bar", "dataSets": [{"id": "a", "entries": [1, 2]}]}"#).1.isEmpty)
  }

  /// Members the chart as written does not draw with get a hint marked unnecessary, at the key;
  /// its fix removes the member and one comma, leaving a spec that reads the same.
  @Test func membersTheChartDoesNotDrawWithAreHinted() throws {
    let text = """
      {"kind": "line", "pie": {"holeRadius": 0.5}, "xAxis": {"drawGrid": true, "slot": 2},
       "dataSets": [{"id": "a", "bar": {"cornerRadius": 2}, "entries": [1], "kind": "bar"},
                    {"id": "b", "line": {"width": 2}, "hiddenEntries": [0], "stack": "s", "entries": [2], "candle": {}}],
       "bars": {"groupSpace": 0.2}}
      """
    let (d, list) = diagnostics(text)
    let unused = list.filter { $0.code == .unused }
    #expect(unused.map { slice(d, $0.range) } == [#""pie""#, #""slot""#, #""bar""#, #""hiddenEntries""#, #""candle""#, #""bars""#])
    #expect(unused.allSatisfy { $0.severity == .hint && $0.unnecessary })
    #expect(unused.map(\.path) == ["/pie", "/xAxis/slot", "/dataSets/0/bar", "/dataSets/1/hiddenEntries", "/dataSets/1/candle", "/bars"])
    #expect(unused[2].message == "'bar' is not used: this data set is drawn as a line")
    #expect(unused[1].message == "'slot' is not used: slots are for bars and candles, and no data set is drawn as either")
    #expect(unused[0].json(uri: "u")["tags"] == [1])
    // The data set's own kind in a line chart is the reader's warning, not a hint as well.
    #expect(list.filter { $0.code != .unused }.map { slice(d, $0.range) } == [#""bar""#])
    // Each fix alone leaves JSON that reads as the same chart, without that hint.
    let before = try #require(SpecAnalysis(d.bytes).spec)
    for hint in unused {
      let fix = try #require(hint.fix)
      var fixed = d
      fixed.apply(fix.edits.map { TextChange(range: $0.range, text: $0.newText) }, version: 2, encoding: .utf16)
      let analysis = SpecAnalysis(fixed.bytes)
      #expect(analysis.syntaxError == nil, "\(fixed.text)")
      #expect(JSONPointer(parsing: hint.path)?.resolve(in: analysis.value ?? .null) == nil, "\(fixed.text)")
      let after = try #require(analysis.spec)
      #expect(Self.svg(after) == Self.svg(before), "\(hint.path)")
      #expect(analysis.languageDiagnostics(in: fixed, encoding: .utf16).filter { $0.code == .unused }.count == unused.count - 1)
    }
    // A combined chart draws each data set as its own kind; a radar's polygons take the line style.
    let combined = #"{"kind": "combined", "dataSets": [{"id": "a", "kind": "bar", "bar": {}, "line": {}, "entries": [1]}, {"id": "b", "line": {}, "stack": "s", "entries": [1]}], "bars": {}}"#
    #expect(diagnostics(combined).1.map { slice(diagnostics(combined).0, $0.range) } == [#""line""#])
    #expect(diagnostics(#"{"kind": "radar", "dataSets": [{"id": "a", "line": {"fill": true}, "bubble": {}, "entries": [1, 2, 3]}]}"#).1
      .map(\.message) == ["'bubble' is not used: a radar chart draws a polygon"])
    // Of "dataSets" given twice, the hints follow the list that counts (the earlier is a duplicate).
    let twice = #"{"kind": "bar", "dataSets": [{"id": "a", "line": {}, "entries": [1]}], "dataSets": [{"id": "b", "bar": {}, "line": {}, "entries": [1]}]}"#
    #expect(diagnostics(twice).1.filter { $0.code == .unused }.map(\.path) == ["/dataSets/0/line"])
    #expect(diagnostics(twice).1.filter { $0.code == .unused }.map { slice(diagnostics(twice).0, $0.range) } == [#""line""#])
    #expect(diagnostics(twice).1.filter { $0.code == .unused }.first?.range.start.character ?? 0 > 70)
    // Nothing while a kind is not one the reader knows: its error comes alone.
    #expect(diagnostics(#"{"kind": "lines", "pie": {}, "dataSets": []}"#).1.map(\.code) == [.unknownValue])
  }

  /// The hint's walk compares keys with `DrawnKinds`' member lists: every name its rules can judge
  /// unused, for any chart kind and any data set kind, is on them.
  @Test func everyNameTheRulesJudgeIsListed() throws {
    for chart in ChartKind.allCases {
      for own in SeriesKind.allCases {
        let spec = try JSONReader.parse(Array(#"{"kind": "\#(chart.rawValue)", "dataSets": [{"kind": "\#(own.rawValue)"}]}"#.utf8))
        let kinds = try #require(DrawnKinds(spec))
        for p in SpecTable.chart.properties where kinds.unusedChartMember(p.name) != nil {
          #expect(DrawnKinds.chartMembers.contains(p.name), "\(p.name) in a \(chart) chart")
        }
        for p in SpecTable.dataSet.properties where kinds.unusedDataSetMember(p.name, dataSet: 0) != nil {
          #expect(DrawnKinds.dataSetMembers.contains(p.name), "\(p.name) of a \(own) data set in a \(chart) chart")
        }
        for p in SpecTable.xAxis.properties where kinds.unusedXAxisMember(p.name) != nil {
          #expect(DrawnKinds.xAxisMembers.contains(p.name), "xAxis.\(p.name) in a \(chart) chart")
        }
      }
    }
  }

  /// The built-in examples, what users copy from, are clean in an editor too: no warning, no hint.
  @Test(arguments: DemoGallery.examples.map(\.name))
  func galleryExamplesHaveNoDiagnostics(name: String) throws {
    let example = try #require(DemoGallery.examples.first { $0.name == name })
    #expect(diagnostics(example.spec).1.map(\.message) == [])
  }

  static func svg(_ spec: ChartSpec) -> String { ChartDocument(model: ChartModel(spec: spec), prefix: "t").svg }
}
