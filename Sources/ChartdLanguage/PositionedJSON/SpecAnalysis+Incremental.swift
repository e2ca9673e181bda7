import ChartCore
import ChartdJSON

/// Re-reading a text after a keystroke without parsing it again: most keystrokes change one number
/// or string, and then only that value is parsed and the source map shifted.
extension SpecAnalysis {
  /// The analysis of `value` (with its source map) by the spec reader.
  public init(value: JSONValue, map: JSONSourceMap, limits: SpecLimits = SpecLimits()) {
    let log = DiagnosticLog()
    let spec = ChartSpec.parse(value, log: log, limits: limits)
    self.init(value: value, map: map, syntaxError: nil, spec: log.hasErrors ? nil : spec, diagnostics: log.items)
  }

  /// The JSON and source map after bytes `range` of `text` (the text this analysis read) are replaced
  /// by `inserted`, when the change stays inside one scalar value and leaves it a scalar of the same
  /// JSON type (a digit typed in a number, a letter in a string); nil when the text must be parsed again.
  /// A value in a member that a later one of the same key replaces is not in the parsed value: its
  /// path names the later one's, so such an edit is parsed again too.
  public func scalarEdit(replacing range: Range<Int>, with inserted: [UInt8], in text: [UInt8]) -> (value: JSONValue, map: JSONSourceMap)? {
    guard var value, let map, syntaxError == nil else { return nil }
    let found = text.withUnsafeBufferPointer { map.innermostKept(containing: range, in: $0) }
    guard let (node, tokens) = found else { return nil }
    let old = map.valueRange(node)
    guard let first = text[old].first, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return nil }
    var token = Array(text[old.lowerBound..<range.lowerBound])
    token += inserted
    token += text[range.upperBound..<old.upperBound]
    // The parser allows whitespace around a value; a token must not have any, or the map would be off.
    guard let head = token.first, let tail = token.last, !Self.isSpace(head), !Self.isSpace(tail),
          let new = try? JSONReader.parse(token), Self.sameKind(new, pointer(tokens, in: value)) else { return nil }
    guard value.replace(at: tokens[...], with: new) else { return nil }
    return (value, map.resized(node: node, by: inserted.count - range.count))
  }

  private func pointer(_ tokens: [String], in value: JSONValue) -> JSONValue? { JSONPointer(tokens).resolve(in: value) }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

  /// Numbers stay numbers and strings strings (a packed array of numbers holds only numbers; a
  /// literal becoming another literal is fine).
  static func sameKind(_ a: JSONValue, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (.number, .number?), (.string, .string?): return true
    case (.bool, .bool?), (.null, .null?), (.bool, .null?), (.null, .bool?): return true
    default: return false
    }
  }
}
