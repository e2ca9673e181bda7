import ChartdJSON
import Testing
@testable import ChartdServer

/// The language server as a client that knows nothing of `chart/*` sees it, and the preview.
@Suite struct LanguageServerTests {
  static let uri = "file:///charts/sales.chart.json"

  func open(_ h: ServerHarness, _ text: String, uri: String = uri, languageId: String = "json") {
    h.notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": 1,
                                                          "text": .string(text)]])
  }

  func change(_ h: ServerHarness, version: Int, _ changes: [JSONValue], uri: String = uri) {
    h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .number(Double(version))],
                                        "contentChanges": .array(changes)])
  }

  static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSONValue {
    ["start": ["line": .number(Double(l0)), "character": .number(Double(c0))], "end": ["line": .number(Double(l1)), "character": .number(Double(c1))]]
  }

  /// The latest publishDiagnostics of `uri` for `version`.
  func diagnostics(_ h: ServerHarness, version: Int, uri: String = uri) -> [JSONValue]? {
    h.synchronize()
    return h.sink.all.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
      && $0["params"]?["version"] == .number(Double(version)) }?["params"]?["diagnostics"]?.arrayValue
  }

  @Test func initializeAnnouncesTheStandardCapabilities() {
    let h = ServerHarness(initialize: false)
    let caps = h.request("initialize", ["processId": .null, "capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]])["result"]?["capabilities"]
    #expect(caps?["positionEncoding"] == "utf-16")
    #expect(caps?["textDocumentSync"] == ["openClose": true, "change": 2, "save": ["includeText": false]])
    #expect(caps?["completionProvider"]?["triggerCharacters"] == ["\"", ":"])
    #expect(caps?["hoverProvider"] == true && caps?["documentSymbolProvider"] == true)
    #expect(caps?["codeActionProvider"] == ["codeActionKinds": ["quickfix"]])
    #expect(caps?["colorProvider"] == true)
    #expect(caps?["documentFormattingProvider"] == true && caps?["documentRangeFormattingProvider"] == true)
    #expect(caps?["foldingRangeProvider"] == true && caps?["selectionRangeProvider"] == true)
    #expect(caps?["definitionProvider"] == true && caps?["referencesProvider"] == true && caps?["documentHighlightProvider"] == true)
    #expect(caps?["inlayHintProvider"] == true)
    // Rename options only for a client that announces prepareSupport, as LSP says.
    #expect(caps?["renameProvider"] == true)
    let h2 = ServerHarness(initialize: false)
    let caps2 = h2.request("initialize", ["processId": .null, "capabilities": ["textDocument": ["rename": ["prepareSupport": true]]]])["result"]?["capabilities"]
    #expect(caps2?["renameProvider"] == ["prepareProvider": true])
    #expect(caps?["chart"]?["kinds"] != nil && caps?["experimental"]?["chart"] == caps?["chart"])
  }

  /// Snippets only for a client that announces `completionItem.snippetSupport`; any other gets the
  /// text the snippet would insert, as plain text, so no `${1:…}` lands in its file.
  @Test func completionSendsSnippetsOnlyToClientsThatExpandThem() throws {
    func width(_ capabilities: JSONValue) throws -> JSONValue {
      let h = ServerHarness(initialize: false)
      _ = h.request("initialize", ["processId": .null, "capabilities": capabilities])
      open(h, "{\"kind\": \"bar\", }")
      let items = h.request("textDocument/completion", ["textDocument": ["uri": .string(Self.uri)],
                                                        "position": ["line": 0, "character": 15]])["result"]?.arrayValue ?? []
      return try #require(items.first { $0["label"] == "width" })
    }
    let plain = try width([:])
    #expect(plain["textEdit"]?["newText"] == "\"width\": 800" && plain["insertTextFormat"] == 1)
    let expanded = try width(["textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]])
    #expect(expanded["textEdit"]?["newText"] == "\"width\": ${1:800}" && expanded["insertTextFormat"] == 2)
  }

  /// Inlay hints: an entry's x as the date axis writes it, only inside the requested range.
  @Test func inlayHintsOfTheRequestedLines() throws {
    let h = ServerHarness()
    open(h, "{\"xAxis\": {\"format\": {\"type\": \"date\"}},\n\"dataSets\": [{\"id\": \"a\", \"entries\": [\n[1718236800, 1],\n[1718323200, 2]]}]}")
    func hints(_ l0: Int, _ l1: Int) -> [JSONValue] {
      h.request("textDocument/inlayHint", ["textDocument": ["uri": .string(Self.uri)], "range": Self.range(l0, 0, l1, 99)])["result"]?.arrayValue ?? []
    }
    #expect(hints(0, 9).map { $0["label"] } == ["2024-06-13", "2024-06-14"])
    #expect(hints(3, 3).map { $0["position"] } == [["line": 3, "character": 11]])
    #expect(hints(3, 3).first?["tooltip"] == "entry 1 of a: x = 1718323200")
    let bad = h.request("textDocument/inlayHint", ["textDocument": ["uri": .string(Self.uri)]])
    #expect(bad["error"]?["code"] == -32602)
  }

  @Test func diagnosticsFollowIncrementalChanges() throws {
    let h = ServerHarness()
    open(h, "{\n  \"kind\": \"bar\",\n  \"title\": \"売上\"\n}")
    #expect(diagnostics(h, version: 1) == [])
    // Type a bad value after the CJK title: one character at a time.
    change(h, version: 2, [["range": Self.range(2, 15, 2, 15), "text": ", \"widht\": 100"]])
    let list = try #require(diagnostics(h, version: 2))
    #expect(list.count == 1)
    #expect(list[0]["code"] == "unknown-property" && list[0]["source"] == "chartd" && list[0]["severity"] == 2)
    #expect(list[0]["range"] == Self.range(2, 17, 2, 24))
    change(h, version: 3, [["range": Self.range(2, 19, 2, 23), "text": "idth"]])
    #expect(diagnostics(h, version: 3) == [])
    change(h, version: 4, [["range": Self.range(2, 24, 2, 25), "text": ""]])
    #expect(try #require(diagnostics(h, version: 4))[0]["code"] == "json-syntax")
  }

  /// A change with no content changes still brings its version: the document takes it, and the
  /// diagnostics published after it carry it.
  @Test func aChangeOfNothingTakesItsVersion() throws {
    let h = ServerHarness()
    open(h, #"{"kind": "barx"}"#)
    #expect(try #require(diagnostics(h, version: 1)).count == 1)
    change(h, version: 7, [])
    #expect(try #require(diagnostics(h, version: 7)).count == 1)
    change(h, version: 8, [["range": Self.range(0, 0, 0, 0), "text": " "]])
    #expect(try #require(diagnostics(h, version: 8)).count == 1)
  }

  @Test func otherDocumentsAreNotServed() {
    let h = ServerHarness()
    open(h, "{\"kind\": 3}", uri: "file:///package.json")
    #expect(diagnostics(h, version: 1, uri: "file:///package.json") == nil)
    let items = h.request("textDocument/completion", ["textDocument": ["uri": "file:///package.json"], "position": ["line": 0, "character": 1]])
    #expect(items["result"] == [])
    open(h, "{\"kind\": 3}", uri: "untitled:1", languageId: "chart-json")
    #expect(diagnostics(h, version: 1, uri: "untitled:1")?.count == 1)
  }

  @Test func completionHoverSymbolsAndActions() {
    let h = ServerHarness()
    open(h, "{\"kind\": \"area\", \"dataSets\": [{\"id\": \"a\", \"entries\": [1]}], \"highlights\": [{\"dataSet\": \"\"}]}")
    let at = { (c: Int) -> JSONValue in ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": .number(Double(c))]] }
    let kinds = h.request("textDocument/completion", at(11))["result"]?.arrayValue ?? []
    let kindLabels = kinds.compactMap { $0["label"]?.stringValue }
    #expect(kindLabels.contains("candlestick"))
    let ids = h.request("textDocument/completion", at(88))["result"]?.arrayValue ?? []
    #expect(ids.compactMap { $0["label"]?.stringValue } == ["a"])
    let hover = h.request("textDocument/hover", at(3))["result"]
    #expect(hover?["contents"]?["kind"] == "markdown")
    #expect(hover?["contents"]?["value"]?.stringValue?.contains("Chart kind") == true)
    // This client does not announce hierarchical symbols: a flat list, each child naming its container.
    let flat = h.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.arrayValue ?? []
    #expect(flat.prefix(2).map { $0["name"] } == ["dataSets", "a"])
    #expect(flat.dropFirst().first?["containerName"] == "dataSets" && flat.first?["containerName"] == nil)
    #expect(flat.allSatisfy { $0["children"] == nil && $0["location"]?["uri"] == .string(Self.uri) })
    let nested = ServerHarness(initialize: false)
    _ = nested.request("initialize", ["processId": .null,
                                      "capabilities": ["textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]]]])
    open(nested, "{\"kind\": \"area\", \"dataSets\": [{\"id\": \"a\", \"entries\": [1]}]}")
    let symbols = nested.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.arrayValue
    #expect(symbols?.first?["children"]?.arrayValue?.first?["name"] == "a")
    #expect(flat.first?["location"]?["range"] == symbols?.first?["range"])
    let actions = h.request("textDocument/codeAction", ["textDocument": ["uri": .string(Self.uri)], "range": Self.range(0, 11, 0, 11),
                                                        "context": ["diagnostics": []]])["result"]?.arrayValue ?? []
    #expect(actions.first?["kind"] == "quickfix")
    #expect(actions.first?["edit"]?["changes"]?[Self.uri]?.arrayValue?.count == 2)
  }

  @Test func coloursAndTheirPresentations() throws {
    let h = ServerHarness()
    open(h, #"{"kind": "bar", "dataSets": [{"id": "a", "color": "rgb(255, 99, 71)", "entries": [1]}]}"#)
    let doc: JSONValue = ["uri": .string(Self.uri)]
    let colors = try #require(h.request("textDocument/documentColor", ["textDocument": doc])["result"]?.arrayValue)
    #expect(colors.count == 1)
    #expect(colors[0]["range"] == Self.range(0, 50, 0, 68))
    #expect(colors[0]["color"]?["red"] == 1 && colors[0]["color"]?["alpha"] == 1)
    let picked: JSONValue = ["red": 0.4, "green": 0.2, "blue": 0.6, "alpha": 1]
    let list = try #require(h.request("textDocument/colorPresentation", ["textDocument": doc, "color": picked,
                                                                          "range": Self.range(0, 50, 0, 68)])["result"]?.arrayValue)
    #expect(list.first?["label"] == "rgb(102, 51, 153)")
    #expect(list.first?["textEdit"] == ["range": Self.range(0, 50, 0, 68), "newText": "\"rgb(102, 51, 153)\""])
    // A component outside 0 … 1 is the client's mistake, named by its pointer.
    let bad = h.request("textDocument/colorPresentation", ["textDocument": doc, "color": ["red": 2, "green": 0, "blue": 0, "alpha": 1],
                                                           "range": Self.range(0, 50, 0, 68)])
    #expect(bad["error"]?["code"] == -32602)
    #expect(bad["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/color/red")
    // A document chartd does not serve has none.
    let other = h.request("textDocument/documentColor", ["textDocument": ["uri": "file:///x.json"]])
    #expect(other["result"] == [])
  }

  @Test func formattingFoldingAndSelection() throws {
    let h = ServerHarness(initialize: false)
    _ = h.request("initialize", ["processId": .null, "capabilities": ["textDocument": ["foldingRange": ["rangeLimit": 1]]]])
    let text = "{\"kind\":\"bar\",\n\"dataSets\":[{\"id\":\"a\",\n\"entries\":[1,2]}]}\n"
    open(h, text)
    let doc: JSONValue = ["uri": .string(Self.uri)]
    let options: JSONValue = ["tabSize": 2, "insertSpaces": true, "trimTrailingWhitespace": true, "editor.custom": "kept"]
    let edits = try #require(h.request("textDocument/formatting", ["textDocument": doc, "options": options])["result"]?.arrayValue)
    #expect(edits.first == ["range": Self.range(0, 1, 0, 1), "newText": "\n  "])
    // `"dataSets": [{"id": "a", "entries": [1, 2]}]` fits on its line.
    #expect(edits.map { $0["newText"]?.stringValue ?? "?" } == ["\n  ", " ", "\n  ", " ", " ", " ", " ", " ", "\n"])
    let inRange = try #require(h.request("textDocument/rangeFormatting", ["textDocument": doc, "range": Self.range(0, 0, 0, 14),
                                                                           "options": options])["result"]?.arrayValue)
    #expect(inRange.count == 2 && inRange.allSatisfy { $0["range"]?["end"]?["line"] == 0 })
    // Options are LSP's: tabSize and insertSpaces required, an indent wider than 16 refused.
    let wide = h.request("textDocument/formatting", ["textDocument": doc, "options": ["tabSize": 40, "insertSpaces": true]])
    #expect(wide["error"]?["code"] == -32602)
    #expect(wide["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/options/tabSize")
    let missing = h.request("textDocument/formatting", ["textDocument": doc, "options": ["tabSize": 2]])
    #expect(missing["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/options/insertSpaces")
    // The client's rangeLimit: one range, the outermost.
    let folds = h.request("textDocument/foldingRange", ["textDocument": doc])["result"]
    #expect(folds == [["startLine": 0, "endLine": 1]])
    let selection = try #require(h.request("textDocument/selectionRange", ["textDocument": doc,
                                                                            "positions": [["line": 0, "character": 10]]])["result"]?.arrayValue)
    #expect(selection.first?["range"] == Self.range(0, 8, 0, 13) && selection.first?["parent"]?["range"] == Self.range(0, 1, 0, 13))
    // Positions as a parser gives them (a list of like objects may come as a table).
    let parsed = try JSONReader.parse(Array(#"{"textDocument": {"uri": "file:///charts/sales.chart.json"}, "positions": [{"line": 0, "character": 10}, {"line": 0, "character": 3}]}"#.utf8))
    let two = try #require(h.request("textDocument/selectionRange", parsed)["result"]?.arrayValue)
    #expect(two.count == 2 && two[0] == selection[0] && two[1]["range"] == Self.range(0, 1, 0, 7))
    let many = JSONValue.array(Array(repeating: ["line": 0, "character": 0], count: 1_001))
    let tooMany = h.request("textDocument/selectionRange", ["textDocument": doc, "positions": many])
    #expect(tooMany["error"]?["message"]?.stringValue?.contains("maxPositions = 1000") == true)
    let badPosition = h.request("textDocument/selectionRange", ["textDocument": doc, "positions": [["line": -1, "character": 0]]])
    #expect(badPosition["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/positions/0/line")
    // Documents chartd does not serve: no edits, no folds, the cursor alone.
    let other: JSONValue = ["uri": "file:///x.json"]
    #expect(h.request("textDocument/formatting", ["textDocument": other, "options": options])["result"] == [])
    #expect(h.request("textDocument/foldingRange", ["textDocument": other])["result"] == [])
    #expect(h.request("textDocument/selectionRange", ["textDocument": other, "positions": [["line": 2, "character": 1]]])["result"]
      == [["range": Self.range(2, 1, 2, 1)]])
  }

  @Test func dataSetIdsNavigateAndRename() throws {
    let h = ServerHarness()
    let text = #"{"dataSets": [{"id": "a", "entries": [1]}, {"label": "B", "entries": [2]}], "highlights": [{"dataSet": "a", "index": 0}]}"#
    open(h, text)
    func at(_ character: Int, _ extra: [String: JSONValue] = [:]) -> JSONValue {
      .object(["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": .number(Double(character))]]
        .merging(extra) { $1 })
    }
    let highlight = 103  // inside the highlight's "a"
    #expect(h.request("textDocument/definition", at(highlight))["result"] == ["uri": .string(Self.uri), "range": Self.range(0, 21, 0, 24)])
    #expect(h.request("textDocument/references", at(highlight, ["context": ["includeDeclaration": true]]))["result"]?.arrayValue?.count == 2)
    #expect(h.request("textDocument/documentHighlight", at(22))["result"]?.arrayValue?.map { $0["kind"] } == [3, 2])
    #expect(h.request("textDocument/prepareRename", at(22))["result"] == ["range": Self.range(0, 22, 0, 23), "placeholder": "a"])
    let edits = try #require(h.request("textDocument/rename", at(22, ["newName": "alpha"]))["result"]?["changes"]?[Self.uri]?.arrayValue)
    #expect(edits.map { $0["newText"] } == ["\"alpha\"", "\"alpha\""])
    // Refused renames say why, with -32803 and kind cannotRename; no name there is null.
    let taken = h.request("textDocument/rename", at(22, ["newName": "B"]))
    #expect(taken["error"]?["code"] == -32803 && taken["error"]?["data"]?["kind"] == "cannotRename")
    #expect(taken["error"]?["message"]?.stringValue?.contains("exists already") == true)
    let fromLabel = h.request("textDocument/prepareRename", at(54))
    #expect(fromLabel["error"]?["data"]?["kind"] == "cannotRename")
    #expect(h.request("textDocument/prepareRename", at(2))["result"] == .null)
    #expect(h.request("textDocument/definition", at(2))["result"] == .null)
    #expect(h.request("textDocument/rename", at(22))["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/newName")
  }

  @Test func previewPatchesEqualARenderAndKeepTheViewState() throws {
    let h = ServerHarness()
    let text = #"{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2, 3]}, {"id": "b", "entries": [3, 2, 1]}]}"#
    open(h, text)
    let preview = h.request("chart/preview", ["textDocument": ["uri": .string(Self.uri)]])["result"]
    #expect(preview?["version"] == 1 && preview?["textVersion"] == 1)
    // A legend click in the preview, sent without a version.
    let toggle = h.request("chart/update", ["uri": .string(Self.uri), "edits": [["op": "setVisibility", "dataSet": "b", "visible": false]]])
    #expect(toggle["result"]?["version"] == 2)
    // Typing: a change that parses is pushed as a patch; the hidden data set stays hidden.
    let edited = text.replacingOccurrences(of: "[1, 2, 3]", with: "[1, 5, 3]")
    change(h, version: 2, [["text": .string(edited)]])
    h.synchronize()
    let patch = try #require(h.sink.all.last { $0["method"] == "chart/patch" })["params"]
    #expect(patch?["baseVersion"] == 2 && patch?["version"] == 3)
    let spec = h.request("chart/getSpec", ["uri": .string(Self.uri)])["result"]?["spec"]
    #expect(spec?["dataSets"]?.arrayValue?[1]["visible"] == false)
    #expect(spec?["dataSets"]?.arrayValue?[0]["entries"]?["y"] == [1, 5, 3])
    // A broken change keeps the chart; no patch is pushed.
    let patches = h.sink.all.filter { $0["method"] == "chart/patch" }.count
    change(h, version: 3, [["text": "{\"kind\": "]])
    #expect(diagnostics(h, version: 3)?.first?["code"] == "json-syntax")
    #expect(h.sink.all.filter { $0["method"] == "chart/patch" }.count == patches)
    #expect(h.request("chart/render", ["uri": .string(Self.uri)])["result"]?["version"] == 3)
    // Closing the text closes its preview.
    h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
    #expect(h.request("chart/render", ["uri": .string(Self.uri)]).errorCode == -32803)
  }

  @Test func previewNeedsAnOpenTextAndAFreeURI() {
    let h = ServerHarness()
    #expect(h.request("chart/preview", ["textDocument": ["uri": "file:///x.chart.json"]]).errorCode == -32803)
    _ = h.request("chart/open", ["uri": .string(Self.uri), "version": 1, "spec": [:]])
    open(h, "{}")
    #expect(h.request("chart/preview", ["textDocument": ["uri": .string(Self.uri)]])["error"]?["data"]?["kind"] == "documentAlreadyOpen")
    // A plain chart document still needs its version.
    #expect(h.request("chart/update", ["uri": .string(Self.uri), "edits": []]).errorCode == -32602)
  }

  @Test func burstOfKeystrokesIsReadOnce() {
    let h = ServerHarness()
    open(h, "{\"title\": \"\"}")
    h.occupyWorker()
    for (i, c) in "Sales".enumerated() {
      change(h, version: i + 2, [["range": Self.range(0, 11 + i, 0, 11 + i), "text": .string(String(c))]])
    }
    h.synchronize()
    let published = h.sink.all.filter { $0["method"] == "textDocument/publishDiagnostics" }
    #expect(published.count == 2, "didOpen and one for the whole burst")
    #expect(published.last?["params"]?["version"] == 6)
    let hover = h.request("textDocument/hover", ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": 3]])
    #expect(hover["result"]?["range"] == Self.range(0, 1, 0, 8))
  }

  /// Hover and completion of a document changed keystroke by keystroke, broken on the way, answer
  /// what they answer for the same text opened afresh: the source map kept from the last text that
  /// parsed is trusted only before the first byte changed since.
  @Test func hoverAndCompletionAfterChangesMatchAFreshDocument() throws {
    let h = ServerHarness()
    let lines = ["{", "  \"kind\": \"line\",", "  \"title\": \"Sales\",", "  \"dataSets\": [",
                 "    {\"id\": \"a\", \"entries\": [1, 2, 3], \"line\": {\"mode\": \"cubic\"}},",
                 "    {\"id\": \"b\", \"entries\": [4, 5, 6]}", "  ],", "  \"legend\": {\"form\": \"circle\"}", "}"]
    var text = lines.joined(separator: "\n")
    open(h, text)
    let fresh = "file:///charts/fresh.chart.json"
    // (line, character, characters removed, text typed): breaks the text, mends it, breaks it
    // elsewhere, and while it is broken replaces a list by an object before the break.
    let edits: [(Int, Int, Int, String)] = [(2, 2, 0, "\"xAxis\": {\"mi"), (5, 36, 0, ", \"colo"), (2, 2, 13, ""),
                                            (5, 36, 7, ""), (7, 13, 0, "{\"fo"), (4, 27, 9, "{\"a\": \"long text\"}"),
                                            (1, 11, 4, "ba"), (7, 13, 4, ""), (4, 30, 1, "")]
    for (step, (line, character, removed, typed)) in edits.enumerated() {
      change(h, version: step + 2, [["range": Self.range(line, character, line, character + removed), "text": .string(typed)]])
      var split = text.components(separatedBy: "\n")
      let row = Array(split[line].utf16)
      split[line] = String(decoding: row[..<character] + Array(typed.utf16) + row[(character + removed)...], as: UTF16.self)
      text = split.joined(separator: "\n")
      if step > 0 { h.notify("textDocument/didClose", ["textDocument": ["uri": .string(fresh)]]) }
      open(h, text, uri: fresh)
      for (l, content) in split.enumerated() {
        for c in 0...content.utf16.count where (c + step) % 2 == 0 {  // half the positions, the other half next step
          for method in ["textDocument/hover", "textDocument/completion"] {
            func ask(_ uri: String) -> JSONValue? {
              h.request(method, ["textDocument": ["uri": .string(uri)], "position": ["line": .number(Double(l)), "character": .number(Double(c))]])["result"]
            }
            #expect(ask(Self.uri) == ask(fresh), "step \(step), \(method) at \(l):\(c) of\n\(text)")
          }
        }
      }
    }
    #expect(diagnostics(h, version: edits.count + 1)?.isEmpty == false, "the last text is broken")
  }
}
