import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

/// Completion, hover, symbols, colours and quick fixes of open chart spec files. Documents chartd does not
/// serve get empty answers, as a language server gives for files it knows nothing about.
extension ChartServer {
  func completion(_ r: CompletionRequest) -> [CompletionItem] {
    guard let doc = textDocuments[r.at.uri] else { return [] }
    return SpecCompletion.items(at: TextPosition(r.at.position), in: doc.text, encoding: positionEncoding,
                                dataSetIDs: doc.dataSetIDs, kinds: doc.drawnKinds, known: doc.known)
  }

  func hover(_ r: HoverRequest) -> HoverResult? {
    guard let doc = textDocuments[r.at.uri] else { return nil }
    return SpecHover.hover(at: TextPosition(r.at.position), in: doc.text, encoding: positionEncoding, known: doc.known,
                           analysis: doc.analysis)
  }

  func documentSymbols(_ r: DocumentSymbolRequest) -> [DocumentSymbol] {
    guard let doc = textDocuments[r.uri] else { return [] }
    return SpecSymbols.symbols(doc.analysis, in: doc.text, encoding: positionEncoding)
  }

  /// Nested `DocumentSymbol`s, or for a client that does not read them a flat `SymbolInformation` list.
  func documentSymbolsReply(_ r: DocumentSymbolRequest) -> JSONValue {
    let symbols = documentSymbols(r)
    return .array(hierarchicalSymbolsOnClient ? symbols.map(\.json) : DocumentSymbol.flat(symbols, uri: r.uri))
  }

  func inlayHints(_ r: InlayHintRequest) -> [InlayHint] {
    guard let doc = textDocuments[r.at.uri] else { return [] }
    return SpecInlayHints.hints(doc.analysis, in: doc.text, range: TextRange(r.at.range), encoding: positionEncoding)
  }

  func documentColors(_ r: DocumentColorRequest) -> [ColorInformation] {
    guard let doc = textDocuments[r.uri] else { return [] }
    return SpecColors.colors(doc.analysis, in: doc.text, encoding: positionEncoding)
  }

  func colorPresentations(_ r: ColorPresentationRequest) -> [ColorPresentation] {
    guard let doc = textDocuments[r.uri] else { return [] }
    let color = ColorComponents(red: r.red, green: r.green, blue: r.blue, alpha: r.alpha)
    return SpecColors.presentations(of: color, replacing: TextRange(r.range), in: doc.text, encoding: positionEncoding)
  }

  func formatting(_ r: DocumentFormattingRequest) -> [TextEdit] {
    guard let doc = textDocuments[r.uri] else { return [] }
    return SpecFormatting.edits(doc.analysis, in: doc.text, options: SpecFormatting.Options(r.options), encoding: positionEncoding)
  }

  func rangeFormatting(_ r: DocumentRangeFormattingRequest) -> [TextEdit] {
    guard let doc = textDocuments[r.uri] else { return [] }
    return SpecFormatting.edits(doc.analysis, in: doc.text, options: SpecFormatting.Options(r.options), range: TextRange(r.range),
                                encoding: positionEncoding)
  }

  func foldingRanges(_ r: FoldingRangeRequest) -> [FoldingRange] {
    guard let doc = textDocuments[r.uri] else { return [] }
    return SpecFolding.ranges(doc.analysis, in: doc.text, limit: foldingRangeLimit)
  }

  func selectionRanges(_ r: SelectionRangeRequest) -> [SelectionRange] {
    let positions = r.positions.map(TextPosition.init)
    guard let doc = textDocuments[r.uri] else { return positions.map { SelectionRange(ranges: [TextRange(start: $0, end: $0)]) } }
    return SpecSelectionRanges.ranges(doc.analysis, in: doc.text, at: positions, encoding: positionEncoding)
  }

  func codeActions(_ r: CodeActionRequest) -> [CodeAction] {
    guard let doc = textDocuments[r.at.uri] else { return [] }
    return SpecCodeActions.actions(for: TextRange(r.at.range), diagnostics: doc.diagnostics)
  }
}

extension SpecFormatting.Options {
  init(_ o: FormattingOptionsParams) {
    self.init(tabSize: o.tabSize, insertSpaces: o.insertSpaces, insertFinalNewline: o.insertFinalNewline)
  }
}
