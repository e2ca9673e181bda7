import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

/// `chart/preview`: the chart document that follows a text document, and how text changes reach it.
extension ChartServer {
  func preview(_ r: PreviewChartRequest) throws(ResponseError) -> JSONValue {
    guard let doc = textDocuments[r.uri] else {
      throw .failed(.unknownDocument, "text document '\(r.uri)' is not open: send textDocument/didOpen first",
                    extra: ["uri": .string(r.uri)])
    }
    if let open = documents[r.uri] {
      guard open.view != nil else {
        throw .failed(.documentAlreadyOpen, "'\(r.uri)' is open as a chart document (chart/open); close it to preview the text")
      }
      return previewResult(open, doc)
    }
    guard documents.count < options.maxDocuments else {
      throw .failed(.tooManyDocuments, "cannot open more than maxDocuments = \(options.maxDocuments) documents",
                    extra: ["limit": .number(Double(options.maxDocuments))])
    }
    let taken = Set(documents.values.map(\.document.prefix))
    if let p = r.idPrefix, PrefixAllocator.conflict(of: p, with: taken) != nil {
      throw .invalidParam("/idPrefix", "'\(p)' would give element ids that an open document uses")
    }
    let prefix = r.idPrefix ?? PrefixAllocator.unique(for: r.uri, taken: taken)
    // Until the text has read as a spec once, the preview shows an empty chart.
    let spec = doc.lastGood?.spec ?? ChartSpec()
    let chart = ChartDocument(model: ChartModel(spec: spec), prefix: prefix, specJSON: doc.lastGood?.json ?? .object([:]))
    let open = OpenDocument(uri: r.uri, version: 1, document: chart)
    open.view = PreviewView()
    open.textVersion = doc.lastGood?.version
    open.textJSON = doc.lastGood?.json
    documents[r.uri] = open
    return previewResult(open, doc)
  }

  private func previewResult(_ open: OpenDocument, _ doc: OpenTextDocument) -> JSONValue {
    guard case .object(var o) = fullRender(open) else { return fullRender(open) }
    o["textVersion"] = open.textVersion.map { .number(Double($0)) } ?? .null
    return .object(o)
  }

  /// After a text change: when the text reads as a spec and has a preview, the preview shows it (with
  /// the preview's view state laid over it) and its patch is pushed; otherwise the preview stays.
  func refreshPreview(of doc: OpenTextDocument) {
    guard let open = documents[doc.text.uri], var view = open.view, var spec = doc.analysis.spec, let json = doc.analysis.value,
          open.textVersion != doc.text.version else { return }
    view.apply(to: &spec, json: json, previous: open.textJSON)
    open.view = view
    open.textJSON = json
    open.textVersion = doc.text.version
    let base = open.version
    let patch = open.document.replace(with: spec, json: json)
    open.version += 1
    notify(ChartPatchNotification(patch: Self.payload(patch, uri: open.uri, baseVersion: base, version: open.version)))
  }

  /// The version a `chart/update` takes: the one given, or for a preview sent without one, the next.
  func version(of r: UpdateChartRequest, after current: Int, of open: OpenDocument) throws(ResponseError) -> Int {
    guard r.versionOmitted else { return r.version }
    guard open.view != nil else { throw .invalidParam("/version", "missing required property 'version'") }
    return current + 1
  }

  /// Keeps what an update of a preview did to the view (legend toggles, highlight, zoom) for the text
  /// changes that follow.
  func recordView(_ open: OpenDocument, before: ChartSpec?) {
    guard let before, var view = open.view else { return }
    view.record(open.document.model.spec, from: before)
    open.view = view
  }
}
