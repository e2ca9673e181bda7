import ChartCore
import ChartdJSON
@testable import ChartdLanguage
import Testing

@Suite struct SpecCompletionTests {
  func items(_ marked: String, ids: [String] = []) -> [CompletionItem] {
    let m = Marked(marked)
    return SpecCompletion.items(at: m.position, in: m.document, encoding: .utf16, dataSetIDs: ids)
  }

  @Test func topLevelKeysWithoutThoseAlreadyThere() {
    let list = items("{\n  \"kind\": \"line\",\n  ‸\n}")
    let labels = Set(list.map(\.label))
    #expect(labels == SpecTable.chart.keys.subtracting(["kind"]))
    let width = try! #require(list.first { $0.label == "width" })
    #expect(width.newText == "\"width\": ${1:800}" && width.isSnippet && width.kind == .property)
    #expect(width.documentation.contains("Canvas width in px.") && width.detail.contains("16 … 16384"))
  }

  @Test func keysOfTheObjectAtTheCursor() {
    #expect(Set(items(#"{"dataSets": [{"id": "a", "line": {"‸"#).map(\.label)) == SpecTable.lineStyle.keys)
    #expect(Set(items(#"{"dataSets": [{"id": "a", ‸}]}"#).map(\.label)) == SpecTable.dataSet.keys.subtracting(["id"]))
    #expect(Set(items(#"{"xAxis": {"format": {"type": "number", "‸"}}}"#).map(\.label)) == SpecTable.formatter.keys.subtracting(["type"]))
    // A pane's keys, and its axis's (the y axis table).
    #expect(Set(items(#"{"panes": [{}, {"‸"#).map(\.label)) == SpecTable.pane.keys)
    #expect(Set(items(#"{"panes": [{}, {"axis": {"‸"#).map(\.label)) == SpecTable.yAxis.keys)
  }

  @Test func aKeyBeingRenamedKeepsItsValue() {
    let list = items(#"{"wid‸th": 5}"#)
    let width = try! #require(list.first { $0.label == "width" })
    #expect(width.newText == "\"width\"" && !width.isSnippet)
    #expect(width.filterText == "\"width\"")
  }

  @Test func enumValues() {
    let kinds = items(#"{"kind": "‸"}"#)
    #expect(kinds.map(\.label) == ChartKind.allCases.map(\.rawValue))
    #expect(kinds.allSatisfy { $0.kind == .enumMember && $0.newText.hasPrefix("\"") })
    #expect(items(#"{"dataSets": [{"line": {"mode": ‸}}]}"#).map(\.label) == LineMode.allCases.map(\.rawValue))
    #expect(items(#"{"legend": {"inside": ‸"#).map(\.label) == ["true", "false"])
    #expect(items(#"{"leftAxis": {"format": "‸"}}"#).map(\.label).prefix(4) == ["number", "percent", "compact", "date"])
  }

  @Test func dataSetIDsWhereAnIDIsExpected() {
    let list = items(#"{"highlights": [{"dataSet": "‸"}]}"#, ids: ["north", "south"])
    #expect(list.map(\.label) == ["north", "south"])
    #expect(list.first?.newText == "\"north\"")
    let element = items(#"{"highlights": [‸]}"#, ids: ["north"])
    #expect(element.first?.newText.contains("${1|north|}") == true)
  }

  /// The highlight skeleton's choice of ids writes each as JSON string content, escaped again
  /// for a snippet's choice (`,` `|` `\`): expanded or read as plain text, the element is JSON.
  @Test func theHighlightSkeletonEscapesItsIDs() throws {
    let ids = [#"say "hi""#, #"C:\temp"#, "a,b|c"]
    let item = try #require(items(#"{"highlights": [‸]}"#, ids: ids).first)
    #expect(item.newText == #"{"dataSet": "${1|say \\"hi\\",C:\\\\temp,a\,b\|c|}", "index": ${2:0}}"#)
    let plain = SnippetText.plain(item.newText)
    #expect(plain == #"{"dataSet": "say \"hi\"", "index": 0}"#)
    #expect(try JSONReader.parse(Array(plain.utf8))["dataSet"] == .string(ids[0]))
    // The value of `dataSet` the same way, with no snippet.
    #expect(items(#"{"highlights": [{"dataSet": ‸}]}"#, ids: ids).map(\.newText) == [#""say \"hi\"""#, #""C:\\temp""#, #""a,b|c""#])
  }

  @Test func replacesTheTypedWord() {
    let m = Marked(#"{"theme": "da‸rk"}"#)
    let item = try! #require(SpecCompletion.items(at: m.position, in: m.document, encoding: .utf16, dataSetIDs: []).first)
    #expect(slice(m.document, item.range) == "\"dark\"")
  }

  /// In a string not closed yet the edit replaces what is typed of it, from its quote to the
  /// cursor, and closes it: not the rest of the line, which is not the string's.
  @Test func anUnclosedStringIsReplacedUpToTheCursor() throws {
    func accepting(_ label: String, _ marked: String) throws -> String {
      let m = Marked(marked)
      let list = SpecCompletion.items(at: m.position, in: m.document, encoding: .utf16, dataSetIDs: [])
      let item = try #require(list.first { $0.label == label }, "\(list.map(\.label))")
      var d = m.document
      d.apply([TextChange(range: item.range, text: SnippetText.plain(item.newText))], version: 2, encoding: .utf16)
      return d.text
    }
    #expect(try accepting("tomato", #"{"dataSets": [{"color": "tom‸}]}"#) == #"{"dataSets": [{"color": "tomato"}]}"#)
    #expect(try accepting("bar", #"{"kind": "ba‸, "width": 300}"#) == #"{"kind": "bar", "width": 300}"#)
    #expect(try accepting("width", #"{"kind": "bar", "wi‸}"#) == #"{"kind": "bar", "width": 800}"#)
    #expect(try accepting("line", "{\"kind\": \"li‸\n}") == "{\"kind\": \"line\"\n}")
    // A string closed on its line is replaced whole, its rest after the cursor included.
    #expect(try accepting("bar", #"{"kind": "ba‸rr", "width": 300}"#) == #"{"kind": "bar", "width": 300}"#)
  }

  @Test func emptyFileGetsAStarter() {
    let list = items("‸")
    #expect(list.count == 1 && list[0].kind == .snippet && list[0].newText.contains("\"dataSets\""))
  }

  /// Members the chart would not draw with are still offered (the kind may change), after the
  /// others and saying why: the same reasons the `unused` hint gives.
  @Test func membersNotDrawnWithComeLast() throws {
    let m = Marked(#"{"kind": "line", "dataSets": [{"id": "a", ‸}]}"#)
    let spec = try JSONReader.parse(Array(#"{"kind": "line", "dataSets": [{"id": "a"}]}"#.utf8))
    let list = SpecCompletion.items(at: m.position, in: m.document, encoding: .utf16, dataSetIDs: ["a"], kinds: DrawnKinds(spec))
    #expect(Set(list.filter { $0.sortText.hasPrefix("2") }.map(\.label)) == ["bar", "scatter", "bubble", "candle", "hiddenEntries"])
    let bar = try #require(list.first { $0.label == "bar" })
    #expect(bar.detail.hasSuffix(" · not used: this data set is drawn as a line"))
    #expect(bar.sortText.hasPrefix("2"))
    #expect(try #require(list.first { $0.label == "line" }).sortText.hasPrefix("1"))
    // Without what the chart draws (no text has parsed yet), nothing is ranked down.
    #expect(items(#"{"kind": "line", "dataSets": [{"id": "a", ‸}]}"#).allSatisfy { !$0.sortText.hasPrefix("2") })
    // The chart's own members: a pie's options in a bar chart.
    let root = Marked(#"{"kind": "bar", ‸}"#)
    let barChart = try JSONReader.parse(Array(#"{"kind": "bar", "dataSets": [{"id": "a"}]}"#.utf8))
    let top = SpecCompletion.items(at: root.position, in: root.document, encoding: .utf16, dataSetIDs: [], kinds: DrawnKinds(barChart))
    #expect(Set(top.filter { $0.sortText.hasPrefix("2") }.map(\.label)) == ["pie", "radar"])
  }
}
