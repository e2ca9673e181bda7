/// Naming a number beyond a `Double`'s range in a text that is otherwise JSON: where it is and what
/// to say about it, the same for a request's error and an editor's diagnostic.
extension JSONSourceMap {
  /// The number at byte `offset` (where a `.numberOutOfRange` error stopped): its node, the path to
  /// it, and the message "number 1e400 is out of range (…)". Nil when no value of this map (read with
  /// `clampingNumbers`) lies there.
  public func outOfRangeNumber(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (node: Int, tokens: [String], problem: String)? {
    guard offset >= 0, offset < text.count, let (node, tokens) = innermost(containing: offset..<(offset + 1), in: text) else {
      return nil
    }
    let range = valueRange(node)
    var literal = String(decoding: UnsafeBufferPointer(rebasing: text[range.prefix(40)]), as: UTF8.self)
    if range.count > 40 { literal += "…" }
    return (node, tokens, "number \(literal) is out of range (a number must lie within ±\(Double.greatestFiniteMagnitude))")
  }
}
