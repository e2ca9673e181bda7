import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

extension ChartServer {
  func initialize(_ request: InitializeRequest) throws(ResponseError) -> JSONValue {
    lifecycle = .running
    if let pid = request.processId { watchParent(pid) }
    log.log(.info, "initialized by \(request.clientName ?? "an unnamed client")")
    let chart = capabilities()
    let offered = request.capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
    positionEncoding = PositionEncoding.negotiate(offered: offered)
    let text = request.capabilities?["textDocument"]
    let formats = (text?["hover"]?["contentFormat"]?.arrayValue ?? [])
      + (text?["completion"]?["completionItem"]?["documentationFormat"]?.arrayValue ?? [])
    markdownDocs = formats.isEmpty || formats.contains("markdown")
    // LSP: snippets only for a client that says it expands them; others get the plain text.
    snippetsOnClient = text?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue == true
    hierarchicalSymbolsOnClient = text?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue == true
    foldingRangeLimit = text?["foldingRange"]?["rangeLimit"]?.intValue.flatMap { $0 >= 0 ? $0 : nil }
    // Under `experimental` too: some LSP clients pass only that through.
    let chartCaps = [request.capabilities?["chart"], request.capabilities?["experimental"]?["chart"]]
    previousMarkupOnClient = chartCaps.contains { $0?["previousMarkup"]?.boolValue == true }
    splicesOnClient = chartCaps.contains { $0?["markupSplices"]?.boolValue == true }
    // LSP: rename options (prepareProvider) only for a client that says it sends prepareRename.
    var all = languageCapabilities(prepareRename: text?["rename"]?["prepareSupport"]?.boolValue == true)
    all["chart"] = chart
    all["experimental"] = ["chart": chart]
    return [
      "serverInfo": ["name": "chartd", "version": .string(ChartdVersion.server)],
      "protocolVersion": .string(ChartdVersion.protocolVersion),
      "capabilities": .object(all),
    ]
  }

  func shutdown(_ request: ShutdownRequest) throws(ResponseError) -> JSONValue {
    lifecycle = .shutDown
    documents.removeAll()
    textDocuments.removeAll()
    return .null
  }

  /// Exits when the parent process dies (it cannot close our stdin if it was killed holding it).
  func watchParent(_ pid: Int) {
    parentWatcher = ParentProcessWatcher(pid: Int32(truncatingIfNeeded: pid)) { [weak self] in
      self?.log.log(.info, "parent process \(pid) is gone")
      self?.onExit(1)
    }
  }

  /// What this server can do: `capabilities.chart` (mirrored under `experimental.chart`).
  func capabilities() -> JSONValue {
    [
      "kinds": .array(ChartKind.allCases.map { .string($0.rawValue) }),
      "editOps": .array(EditOps.all.map { .string($0) }),
      "fragmentFormat": "svg",
      "patchNotifications": true,
      "hitTest": true,
      "previousMarkup": true,
      "markupSplices": true,
      "limits": [
        "maxMessageBytes": .number(Double(options.maxMessageBytes)),
        "maxDocuments": .number(Double(options.maxDocuments)),
        "maxEntriesPerDataSet": .number(Double(options.spec.maxEntriesPerDataSet)),
        "maxDataSets": .number(Double(options.spec.maxDataSets)),
        "maxUnsentBytes": .number(Double(options.maxQueuedBytes)),
        "maxMemory": .number(Double(options.memory.limit)),
      ],
    ]
  }
}

extension ChartServer {
  /// The standard LSP capabilities: what an editor's language client needs to serve chart spec files.
  func languageCapabilities(prepareRename: Bool) -> [String: JSONValue] {
    [
      "positionEncoding": .string(positionEncoding.rawValue),
      "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
      "completionProvider": ["triggerCharacters": ["\"", ":"], "resolveProvider": false],
      "hoverProvider": true,
      "documentSymbolProvider": true,
      "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      "colorProvider": true,
      "documentFormattingProvider": true,
      "documentRangeFormattingProvider": true,
      "foldingRangeProvider": true,
      "selectionRangeProvider": true,
      "definitionProvider": true,
      "referencesProvider": true,
      "documentHighlightProvider": true,
      "renameProvider": prepareRename ? ["prepareProvider": true] : true,
      "inlayHintProvider": true,
    ]
  }
}

/// The edit operations of `chart/update`, as the edit reader knows them.
public enum EditOps {
  public static var all: [String] { ChartEdit.Op.allCases.map(\.rawValue) }
}

extension ChartServer {
  /// `--clientProcessId`: exit when that process dies, as with `initialize`'s `processId`.
  public func watchParentProcess(_ pid: Int32) {
    parentWatcherFromFlag = ParentProcessWatcher(pid: pid) { [weak self] in
      self?.log.log(.info, "client process \(pid) is gone")
      self?.onExit(1)
    }
  }
}
