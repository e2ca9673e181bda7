/// Formats a spec file (LSP `textDocument/formatting` and `rangeFormatting`): every token's bytes
/// are kept — numbers, strings and escapes as written, members in their order, duplicates too —
/// and only the whitespace between tokens changes, so the edits never change what the text means.
///
/// The layout: one space after `:` and `,`; the root broken over lines, one member per line; any
/// other object or array on one line when it fits in `printWidth` columns, else broken — an object
/// one member per line, an array of numbers, strings and literals filled (as many elements per line
/// as fit), any other array one element per line. An object the author broke after its `{` stays
/// broken, as they laid it out. Formatting a formatted text changes nothing.
public enum SpecFormatting {
  /// The column a line should not pass (LSP's options carry no width).
  public static let printWidth = 80

  /// LSP `FormattingOptions` that the layout reads.
  public struct Options: Sendable, Equatable {
    public var tabSize: Int
    public var insertSpaces: Bool
    /// True: end with one line break; false or nil: end with one when the text did.
    public var insertFinalNewline: Bool?

    public init(tabSize: Int, insertSpaces: Bool, insertFinalNewline: Bool? = nil) {
      self.tabSize = tabSize
      self.insertSpaces = insertSpaces
      self.insertFinalNewline = insertFinalNewline
    }
  }

  /// Past this many changed runs of whitespace, formatting the whole text answers one edit that
  /// replaces it: a minified data file would otherwise take an edit per token, each ten times the
  /// size of the whitespace it writes.
  public static let maxEdits = 10_000

  /// The edits that format `doc` (only the whitespace inside `range` when given: before each token
  /// that starts in it, and runs of whitespace it overlaps). None while the text is not JSON.
  public static func edits(_ analysis: SpecAnalysis, in doc: TextDocument, options: Options, range: TextRange? = nil,
                           encoding: PositionEncoding) -> [TextEdit] {
    guard let (gaps, tokens) = layout(analysis, doc, options) else { return [] }
    var changed = gaps.filter { gap in !doc.bytes[gap.bytes].elementsEqual(gap.text.utf8) }
    if let range {
      let lo = doc.offset(of: range.start, encoding: encoding), hi = doc.offset(of: range.end, encoding: encoding)
      changed = changed.filter { gap in
        (gap.bytes.upperBound >= lo && gap.bytes.upperBound < hi) || (gap.bytes.lowerBound < hi && gap.bytes.upperBound > lo)
      }
    } else if changed.count > maxEdits {
      let whole = TextRange(start: TextPosition(line: 0, character: 0), end: doc.position(of: doc.bytes.count, encoding: encoding))
      return [TextEdit(range: whole, newText: text(doc, gaps, tokens))]
    }
    return changed.map { TextEdit(range: doc.range(of: $0.bytes, encoding: encoding), newText: $0.text) }
  }

  /// The text `doc` formats to (the edits applied), or nil while it is not JSON.
  public static func formatted(_ analysis: SpecAnalysis, in doc: TextDocument, options: Options) -> String? {
    layout(analysis, doc, options).map { text(doc, $0.gaps, $0.tokens) }
  }

  /// The whitespace before each token and after the last, and the tokens; nil while the text is not JSON.
  static func layout(_ analysis: SpecAnalysis, _ doc: TextDocument, _ options: Options) -> (gaps: [Gap], tokens: [JSONTokens.Token])? {
    guard analysis.syntaxError == nil, analysis.map != nil else { return nil }
    return doc.bytes.withUnsafeBufferPointer { text in
      guard let tokens = JSONTokens(text), !tokens.tokens.isEmpty, let partners = tokens.partners() else { return nil }
      var layout = Layout(text: text, tokens: tokens.tokens, partners: partners, options: options)
      let gaps = layout.gaps(bodyStart: tokens.bodyStart, endsWithNewline: text.last == 0x0A || text.last == 0x0D,
                             lineBreak: Self.lineBreak(of: text))
      return (gaps, tokens.tokens)
    }
  }

  /// `doc`'s text with each gap's new whitespace and every token as written.
  static func text(_ doc: TextDocument, _ gaps: [Gap], _ tokens: [JSONTokens.Token]) -> String {
    var out = Array(doc.bytes[0..<(gaps.first?.bytes.lowerBound ?? 0)])
    out.reserveCapacity(doc.bytes.count + doc.bytes.count / 4)
    for (k, gap) in gaps.enumerated() {
      out.append(contentsOf: gap.text.utf8)
      if k < tokens.count { out.append(contentsOf: doc.bytes[tokens[k].start..<tokens[k].end]) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The text's line break: the one its first line ends with (`\n`, `\r\n` or a lone `\r`, the
  /// three LSP knows), `\n` for a text of one line.
  static func lineBreak(of text: UnsafeBufferPointer<UInt8>) -> String {
    guard let i = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), text[i] == 0x0D else { return "\n" }
    return i + 1 < text.count && text[i + 1] == 0x0A ? "\r\n" : "\r"
  }

  /// The whitespace before a token (or after the last one): the bytes it replaces and its new text.
  struct Gap {
    var bytes: Range<Int>
    var text: String
  }
}
