import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

/// Definition, references, highlights and rename of data set ids in open chart spec files.
/// Documents chartd does not serve get empty answers.
extension ChartServer {
  /// The references of an open spec file and the byte offset of a position in it.
  private func references(at p: TextDocumentPositionParams) -> (TextDocument, SpecReferences, Int)? {
    guard let doc = textDocuments[p.uri] else { return nil }
    let offset = doc.text.offset(of: TextPosition(p.position), encoding: positionEncoding)
    return (doc.text, SpecReferences(doc.analysis, in: doc.text), offset)
  }

  private func location(_ uri: String, _ range: TextRange) -> JSONValue { ["uri": .string(uri), "range": range.json] }

  func definition(_ r: DefinitionRequest) -> JSONValue {
    guard let (doc, refs, offset) = references(at: r.at),
          let range = refs.definition(at: offset, in: doc, encoding: positionEncoding) else { return .null }
    return location(r.at.uri, range)
  }

  func references(_ r: ReferencesRequest) -> JSONValue {
    guard let (doc, refs, offset) = references(at: r.at) else { return [] }
    let ranges = refs.references(at: offset, includeDeclaration: r.includeDeclaration, in: doc, encoding: positionEncoding)
    return .array(ranges.map { location(r.at.uri, $0) })
  }

  func documentHighlights(_ r: DocumentHighlightRequest) -> JSONValue {
    guard let (doc, refs, offset) = references(at: r.at) else { return [] }
    return .array(refs.highlights(at: offset, in: doc, encoding: positionEncoding).map(\.json))
  }

  func prepareRename(_ r: PrepareRenameRequest) throws(ResponseError) -> JSONValue {
    guard let (doc, refs, offset) = references(at: r.at) else { return .null }
    return try answer(refs.prepareRename(at: offset, in: doc, encoding: positionEncoding), uri: r.at.uri)
  }

  func rename(_ r: RenameRequest) throws(ResponseError) -> JSONValue {
    guard let (doc, refs, offset) = references(at: r.at) else { return .null }
    let outcome = refs.rename(at: offset, to: r.newName, in: doc, encoding: positionEncoding, limits: options.spec)
    return try answer(outcome, uri: r.at.uri)
  }

  /// A rename's outcome as LSP answers it: a workspace edit, a range with a placeholder, `null`
  /// where nothing names a data set, or -32803 `cannotRename` saying why.
  private func answer(_ outcome: RenameOutcome, uri: String) throws(ResponseError) -> JSONValue {
    switch outcome {
    case .edits(let edits): return ["changes": .object([uri: .array(edits.map(\.json))])]
    case .renames(let range, let placeholder): return ["range": range.json, "placeholder": .string(placeholder)]
    case .refused(let why): throw ResponseError.failed(.cannotRename, why)
    case .nothing: return .null
    }
  }
}
