import Testing
@testable import ChartdJSON

/// A string written once as JSON text is exactly what the writer writes for it, whatever it holds.
@Suite struct JSONStringLiteralTests {
  @Test func theTextIsWhatTheWriterWrites() {
    let pieces = ["<path d=\"M0 0L1 1\"/>", "a\\b", "\u{1}", "\n\t", "é😀", "x", String(repeating: "\"q", count: 9_000)]
    var seed: UInt64 = 0xC0FFEE
    for _ in 0..<120 {
      var s = ""
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for k in 0..<Int(seed >> 60) { s += pieces[Int((seed >> UInt64(4 * k % 56)) % UInt64(pieces.count))] }
      let literal = JSONStringLiteral(s)
      #expect(literal.bytes == Array(JSONWriter.string(.string(s)).utf8))
      var out: [UInt8] = [7]
      literal.write(into: &out)
      #expect(out == [7] + literal.bytes)
      #expect(literal.jsonValue == .string(s))
    }
  }
}
