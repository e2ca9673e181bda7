import ChartdJSON
import ChartdLanguage

extension FuzzChecks {
  /// A spec file's text as the language server reads it: every feature answers without trapping at
  /// positions the bytes choose, in every position encoding; the cursor context resumed from the
  /// source map is the full scan's, also of the text cut short after the map was made; formatting
  /// edits replace whitespace with whitespace, give `SpecFormatting.formatted`, read as the same
  /// JSON and format to themselves; folding ranges lie in the text; selection chains hold their
  /// position and nest.
  ///
  /// The first byte picks the options and the encoding, the next four the positions; the rest is
  /// the text (invalid UTF-8 is replaced, as a client's text would be valid).
  public static func language(_ bytes: [UInt8]) -> String? {
    guard bytes.count >= 5 else { return nil }
    let mode = Int(bytes[0])
    let encoding = PositionEncoding.allCases[mode % PositionEncoding.allCases.count]
    let options = SpecFormatting.Options(tabSize: (mode / 4) % 5, insertSpaces: mode & 0x40 == 0,
                                         insertFinalNewline: mode & 0x80 == 0 ? nil : true)
    let doc = TextDocument(uri: "file:///fuzz.chart.json", languageId: "chart-json", version: 1,
                           text: String(decoding: bytes.dropFirst(5), as: UTF8.self))
    let analysis = SpecAnalysis(doc.bytes)
    let lines = doc.lineStarts.count
    let positions = bytes[1..<5].map { b in
      TextPosition(line: Int(b) % max(1, lines + 1), character: Int(b) * 7 % 97)
    }
    _ = analysis.languageDiagnostics(in: doc, encoding: encoding)
    _ = SpecSymbols.symbols(analysis, in: doc, encoding: encoding)
    _ = SpecColors.colors(analysis, in: doc, encoding: encoding)
    let everything = TextRange(start: TextPosition(line: 0, character: 0), end: TextPosition(line: lines, character: 0))
    for hint in SpecInlayHints.hints(analysis, in: doc, range: everything, encoding: encoding)
    where doc.position(of: doc.offset(of: hint.position, encoding: encoding), encoding: encoding) != hint.position {
      return "inlay hint at \(hint.position), not a position of the text"
    }
    let known = analysis.map.map { KnownPrefix(map: $0, textCount: doc.bytes.count) }
    for p in positions {
      _ = SpecCompletion.items(at: p, in: doc, encoding: encoding, dataSetIDs: analysis.dataSetIDs, known: known)
      _ = SpecHover.hover(at: p, in: doc, encoding: encoding, known: known, analysis: analysis)
      let offset = doc.offset(of: p, encoding: encoding)
      if let known, CursorContext.at(offset, in: doc.bytes, known: known) != CursorContext.at(offset, in: doc.bytes) {
        return "the cursor context at \(offset) read from the source map differs from the full scan's"
      }
      // The text cut at the position, as a deletion to its end leaves it: the map is of a longer text.
      if var stale = known {
        let cut = Array(doc.bytes[..<offset])
        stale.changed(from: offset)
        for q in [offset / 2, offset] where CursorContext.at(q, in: cut, known: stale) != CursorContext.at(q, in: cut) {
          return "the cursor context at \(q) of the text cut at \(offset) differs from the full scan's"
        }
      }
    }
    if let problem = formatting(doc, analysis, options, encoding) { return problem }
    for f in SpecFolding.ranges(analysis, in: doc) where !(0 <= f.startLine && f.startLine < f.endLine && f.endLine < lines) {
      return "folding range \(f) outside the text's \(lines) lines"
    }
    if let problem = references(doc, analysis, positions, encoding) { return problem }
    for (p, s) in zip(positions, SpecSelectionRanges.ranges(analysis, in: doc, at: positions, encoding: encoding)) {
      guard let first = s.ranges.first else { return "no selection range at \(p)" }
      let at = doc.position(of: doc.offset(of: p, encoding: encoding), encoding: encoding)
      guard first.start <= at, at <= first.end else { return "selection range \(first) does not hold \(at)" }
      for (inner, outer) in zip(s.ranges, s.ranges.dropFirst())
      where !(outer.start <= inner.start && inner.end <= outer.end && outer != inner) {
        return "selection range \(outer) does not hold \(inner)"
      }
    }
    return nil
  }

  /// Data set ids at the positions: a definition is one of the references, every reference reads
  /// as the name, and a rename's edits write the new name everywhere the name was.
  static func references(_ doc: TextDocument, _ analysis: SpecAnalysis, _ positions: [TextPosition],
                         _ encoding: PositionEncoding) -> String? {
    let refs = SpecReferences(analysis, in: doc)
    for p in positions {
      let offset = doc.offset(of: p, encoding: encoding)
      let all = refs.references(at: offset, includeDeclaration: true, in: doc, encoding: encoding)
      if let d = refs.definition(at: offset, in: doc, encoding: encoding), !all.contains(d) {
        return "the definition at \(p) is not among its references"
      }
      guard case .edits(let edits) = refs.rename(at: offset, to: "renamed", in: doc, encoding: encoding) else { continue }
      guard edits.map(\.range) == all else { return "a rename at \(p) edits other places than the references" }
      var out = doc
      out.apply(edits.reversed().map { TextChange(range: $0.range, text: $0.newText) }, version: 2, encoding: encoding)
      let after = SpecReferences(SpecAnalysis(out.bytes), in: out)
      guard after.sites.count == refs.sites.count,
            after.sites.filter({ $0.name == "renamed" }).count >= edits.count else {
        return "after a rename at \(p) the ids read \(after.sites.map(\.name))"
      }
    }
    return nil
  }

  /// The formatting invariants of `language`.
  static func formatting(_ doc: TextDocument, _ analysis: SpecAnalysis, _ options: SpecFormatting.Options,
                         _ encoding: PositionEncoding) -> String? {
    let edits = SpecFormatting.edits(analysis, in: doc, options: options, encoding: encoding)
    guard !edits.isEmpty else { return nil }
    func whitespace(_ s: some Sequence<UInt8>) -> Bool { s.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
    var out = doc
    for e in edits.reversed() {
      let a = doc.offset(of: e.range.start, encoding: encoding), b = doc.offset(of: e.range.end, encoding: encoding)
      guard a <= b, whitespace(doc.bytes[a..<b]), whitespace(e.newText.utf8) else {
        return "a formatting edit at \(e.range) changes more than whitespace"
      }
      out.apply([TextChange(range: e.range, text: e.newText)], version: out.version + 1, encoding: encoding)
    }
    guard out.text == SpecFormatting.formatted(analysis, in: doc, options: options) else {
      return "the formatting edits do not give the formatted text"
    }
    guard let before = try? JSONReader.parse(doc.bytes), let after = try? JSONReader.parse(out.bytes), before == after else {
      return "the formatted text does not read as the same JSON"
    }
    let again = SpecFormatting.edits(SpecAnalysis(out.bytes), in: out, options: options, encoding: encoding)
    return again.isEmpty ? nil : "formatting the formatted text gives \(again.count) edits"
  }
}
