import ChartCore
import ChartdJSON

/// An LSP hover: Markdown and the range of the hovered key or value.
public struct HoverResult: Sendable, Equatable {
  public var markdown: String
  public var range: TextRange?

  /// - Parameter markdown: false for a client that reads only plain text (the Markdown is sent as is).
  public func json(markdown: Bool = true) -> JSONValue {
    var o: [String: JSONValue] = ["contents": ["kind": markdown ? "markdown" : "plaintext", "value": .string(self.markdown)]]
    if let range { o["range"] = range.json }
    return .object(o)
  }
}

/// Hover over a key or a value of a spec: the property's description, type, default and limits.
public enum SpecHover {
  /// - Parameters:
  ///   - known: where the text's values lie, as far as known (`CursorContext.at`).
  ///   - analysis: the analysis of the text: where it reads as a spec, on an entry, a first line
  ///     gives the entry's values as the chart's axes write them.
  public static func hover(at position: TextPosition, in doc: TextDocument, encoding: PositionEncoding,
                           known: KnownPrefix? = nil, analysis: SpecAnalysis? = nil) -> HoverResult? {
    let offset = doc.offset(of: position, encoding: encoding)
    guard let ctx = context(under: offset, in: doc.bytes, known: known) else { return nil }
    let entry = ctx.slot == .key ? nil : entryLine(ctx, spec: keptSpec(analysis, at: ctx.token, in: doc))
    let range = doc.range(of: ctx.token, encoding: encoding)
    let tokens: [String]
    switch ctx.slot {
    case .key, .value:
      guard let name = ctx.memberName(in: doc.bytes), !name.isEmpty else { return nil }
      tokens = ctx.path + [name]
    case .element:
      // An element of a list (a colour of `colors`, a value of `tickValues`): the list's property.
      tokens = ctx.path
    case .root, .none:
      return nil
    }
    guard let (table, property) = SpecTable.property(at: tokens) else {
      // An element of an `[x, y]` pair has no property of its own; its entry still says something.
      return entry.map { HoverResult(markdown: $0, range: range) }
    }
    var text = PropertyDocs.markdown(property, in: table)
    if let entry { text = entry + "\n\n" + text }
    if case .value = ctx.slot, ctx.tokenIsString, !property.choices.isEmpty {
      let given = CursorContext.decodeString(doc.bytes, ctx.token)
      if !property.choices.contains(given) { text = "`\(given)` is not one of the accepted values.\n\n" + text }
    }
    let isColour = property.type == .color || property.type == .array(.color)
    if isColour, ctx.tokenIsString, ctx.slot != .key {
      text = colourLine(CursorContext.decodeString(doc.bytes, ctx.token)) + "\n\n" + text
    }
    return HoverResult(markdown: text, range: range)
  }

  /// The context of the token that holds the character at byte `offset`, its whole string or word
  /// as its token, or nil when that character is in none (a space, a comma, a bracket).
  ///
  /// A hover's position is the character under the mouse, where completion's is a place between
  /// two characters: the cursor context is that of a place, so the token is looked for with the
  /// place at `offset` (inside or on the last character of a token) and after it (on the first).
  static func context(under offset: Int, in text: [UInt8], known: KnownPrefix?) -> CursorContext? {
    guard offset < text.count else { return nil }
    let lexer = ContextScanner(text: text, cursor: offset, known: nil)
    func whole(_ ctx: CursorContext) -> CursorContext {
      var ctx = ctx  // an unclosed string's token ends at the place; hovered, it runs to its line's end
      if ctx.tokenIsString { ctx.token = ctx.token.lowerBound..<lexer.stringEnd(from: ctx.token.lowerBound) }
      return ctx
    }
    let at = whole(CursorContext.at(offset, in: text, known: known))
    if !at.token.isEmpty, at.token.lowerBound < offset, offset < at.token.upperBound { return at }
    let after = whole(CursorContext.at(offset + 1, in: text, known: known))
    return !after.token.isEmpty && after.token.lowerBound == offset ? after : nil
  }

  /// The spec `analysis` reads, when the bytes `range` of the text lie in a value it keeps: not in a
  /// member that a later one with the same key replaces (whose entries the spec does not hold).
  private static func keptSpec(_ analysis: SpecAnalysis?, at range: Range<Int>, in doc: TextDocument) -> ChartSpec? {
    guard let analysis, let spec = analysis.spec, let map = analysis.map,
          doc.bytes.withUnsafeBufferPointer({ map.innermostKept(containing: range, in: $0) }) != nil else { return nil }
    return spec
  }

  /// "`tomato` = `#ff6347` · `rgb(255, 99, 71)` · `hsl(9, 100%, 64%)`", or why the text is not a colour.
  static func colourLine(_ given: String) -> String {
    guard let c = Color(parsing: given) else { return Color.problem(with: given) + "." }
    let others = ColorNotation.labels(c).filter { $0 != given.lowercased() }
    return "`\(given)` = " + others.map { "`\($0)`" }.joined(separator: " · ") + (c.alpha < 1 ? " (alpha \(ColorNotation.alpha(c.alpha)))" : "")
  }
}
