import ChartdJSON

/// The quick fix of x values a `date` axis takes for seconds that count milliseconds (or micro-,
/// nanoseconds), as JavaScript's `Date.now()` does: every x of the data set divided into seconds,
/// as the reader's warning says.
extension SpecAnalysis {
  /// Most x a fix rewrites: beyond, the edit list outweighs rewriting the data where it is made.
  static let secondsFixMostValues = 100_000

  /// Sets the fix that divides every numeric x of the entries at `pointer` by the factor the
  /// warning names (`divide by 1,000`), each written as the shortest text that reads back as it.
  func secondsFix(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer, doc: TextDocument, encoding: PositionEncoding) {
    guard let map, let r = d.message.range(of: "(divide by ") else { return }
    let digits = d.message[r.upperBound...].prefix { $0 != ")" }.filter { $0 != "," }
    guard let factor = Double(String(digits)), factor > 1 else { return }
    let edits: [(Range<Int>, String)] = doc.bytes.withUnsafeBufferPointer { text in
      guard let entries = map.node(at: pointer, in: text) else { return [] }
      var out: [(Range<Int>, String)] = []
      for (range, v) in xNumbers(of: entries, map: map, text: text) {
        out.append((range, JSONWriter.string(.number(v / factor))))
        if out.count > Self.secondsFixMostValues { return [] }
      }
      return out
    }
    guard !edits.isEmpty else { return }
    let unit = factor == 1e3 ? "milliseconds" : factor == 1e6 ? "microseconds" : "nanoseconds"
    d.fix = .init(title: "Write x as seconds (\(unit) divided by \(digits))",
                  edits: edits.map { (doc.range(of: $0.0, encoding: encoding), $0.1) })
  }

  /// The finite numbers among the x of the entries node `entries`, with their text's bytes.
  func xNumbers(of entries: Int, map: JSONSourceMap, text: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, value: Double)] {
    xNodes(of: entries, map: map, text: text).compactMap { node in
      let range = map.valueRange(node)
      guard let v = Double(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)), v.isFinite else { return nil }
      return (range, v)
    }
  }

  /// The x value nodes of the entries node `entries`: its `x` column's elements, each row's `x`,
  /// each pair's first element (bare values have no x).
  private func xNodes(of entries: Int, map: JSONSourceMap, text: UnsafeBufferPointer<UInt8>) -> [Int] {
    func isObject(_ n: Int) -> Bool { text[Int(map.nodes[n].start)] == UInt8(ascii: "{") }
    func isArray(_ n: Int) -> Bool { text[Int(map.nodes[n].start)] == UInt8(ascii: "[") }
    if isObject(entries) {
      guard let x = map.member("x", of: entries, in: text), isArray(x) else { return [] }
      return map.children(x)
    }
    guard isArray(entries) else { return [] }
    return map.children(entries).compactMap { row in
      if isObject(row) { return map.member("x", of: row, in: text) }
      if isArray(row) { return map.children(row).first }
      return nil
    }
  }
}
