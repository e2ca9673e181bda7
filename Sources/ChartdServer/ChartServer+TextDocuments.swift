import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

extension TextPosition {
  init(_ p: DocumentPosition) { self.init(line: p.line, character: p.character) }
}

extension TextRange {
  init(_ r: DocumentRange) { self.init(start: TextPosition(r.start), end: TextPosition(r.end)) }
}

/// Text document sync: chart spec files opened, changed and closed by an editor, each change read
/// once and published as diagnostics, and pushed to the document's preview when it reads as a spec.
extension ChartServer {
  func didOpen(_ n: DidOpenTextDocumentNotification) {
    guard TextDocument.isChartSpec(uri: n.uri, languageId: n.languageId) else {
      log.log(.debug, "not a chart spec, ignored: \(n.uri) (\(n.languageId))")
      return
    }
    let doc = OpenTextDocument(text: TextDocument(uri: n.uri, languageId: n.languageId, version: n.version, text: n.text),
                               limits: options.spec)
    textDocuments[n.uri] = doc
    publishDiagnostics(doc)
    refreshPreview(of: doc)
  }

  /// One or more `didChange` notifications of one document, in order: all changes are applied, the
  /// text is read once, and one set of diagnostics and one patch are published.
  func didChange(_ all: [JSONValue?]) {
    var touched: OpenTextDocument?
    for params in all {
      do throws(ResponseError) {
        let n = try DidChangeTextDocumentNotification(params: params)
        guard let doc = textDocuments[n.uri] else {
          log.log(.debug, "didChange for a document that is not open: \(n.uri)")
          continue
        }
        if let other = touched, other !== doc { settle(other) }
        doc.apply(n.changes.map { TextChange(range: $0.range.map(TextRange.init), text: $0.text) }, version: n.version,
                  encoding: positionEncoding)
        touched = doc
      } catch {
        notify(LogMessageNotification(level: .error, message: "textDocument/didChange rejected: \(error.message)"))
      }
    }
    if let doc = touched { settle(doc) }
  }

  /// Reads a changed text and publishes what follows from it.
  private func settle(_ doc: OpenTextDocument) {
    doc.reanalyze(limits: options.spec)
    publishDiagnostics(doc)
    refreshPreview(of: doc)
  }

  func didClose(_ n: DidCloseTextDocumentNotification) {
    guard textDocuments.removeValue(forKey: n.uri) != nil else { return }
    notify(PublishDiagnosticsNotification(uri: n.uri, version: nil, diagnostics: []))
    if documents[n.uri]?.view != nil { documents[n.uri] = nil }
  }

  func publishDiagnostics(_ doc: OpenTextDocument) {
    doc.diagnostics = doc.analysis.languageDiagnostics(in: doc.text, encoding: positionEncoding)
    notify(PublishDiagnosticsNotification(uri: doc.text.uri, version: doc.text.version,
                                          diagnostics: doc.diagnostics.map { $0.json(uri: doc.text.uri) }))
  }
}
