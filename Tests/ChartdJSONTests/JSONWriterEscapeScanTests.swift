import Testing
@testable import ChartdJSON

/// The writer reads eight bytes at a time and jumps to the first that needs escaping; the word test
/// must agree with a byte-by-byte test, or a quote or control character would slip through unescaped.
@Suite struct JSONWriterEscapeScanTests {
  static func needsEscape(_ b: UInt8) -> Bool { b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") }

  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
  }

  @Test func everyByteValueAtEveryPositionAmongHarmlessBytes() {
    var rng = SplitMix64(seed: 11)
    let harmless = (0...255).map(UInt8.init).filter { !Self.needsEscape($0) }
    for position in 0..<8 {
      for value in 0...255 {
        for _ in 0..<4 {
          var bytes = (0..<8).map { _ in harmless[Int(rng.next() % UInt64(harmless.count))] }
          bytes[position] = UInt8(value)
          let flags = JSONWriter.escapeFlags(Self.word(bytes))
          #expect((flags != 0) == Self.needsEscape(UInt8(value)), "byte \(value) at \(position) in \(bytes)")
          if flags != 0 { #expect(flags.trailingZeroBitCount >> 3 == position) }
        }
      }
    }
  }

  @Test func randomWordsAgreeWithTheByteTest() {
    var rng = SplitMix64(seed: 12)
    // Biased towards the bytes around the boundaries (0x1F/0x20, 0x21–0x23, 0x5B–0x5D, 0x7F/0x80).
    let near: [UInt8] = [0, 1, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
    for _ in 0..<200_000 {
      let bytes = (0..<8).map { _ in rng.next() % 3 == 0 ? near[Int(rng.next() % UInt64(near.count))] : UInt8(truncatingIfNeeded: rng.next()) }
      let flags = JSONWriter.escapeFlags(Self.word(bytes))
      #expect((flags != 0) == bytes.contains(where: Self.needsEscape))
      // The lowest flag marks the first byte to escape.
      if let first = bytes.firstIndex(where: Self.needsEscape) { #expect(flags.trailingZeroBitCount >> 3 == first) }
    }
  }

  @Test func stringsWithEscapesAtEveryOffsetWriteAsTheSlowPathWould() throws {
    var rng = SplitMix64(seed: 13)
    for length in 0..<40 {
      for _ in 0..<30 {
        let scalars: [Character] = (0..<length).map { _ in
          switch rng.next() % 10 {
          case 0: return "\""
          case 1: return "\\"
          case 2: return Character(Unicode.Scalar(UInt8(rng.next() % 0x20)))
          case 3: return "é"
          default: return Character(Unicode.Scalar(UInt8(0x20 + rng.next() % 0x5F)))
          }
        }
        let text = String(scalars)
        let written = JSONWriter.string(.string(text))
        #expect(written == Self.slowLiteral(text))
        #expect(try JSONReader.parse(Array(written.utf8)) == .string(text))
      }
    }
  }

  /// Without control characters the writer writes piece by piece through a pointer into room it
  /// made; with one in any piece, it appends. Both must leave what was written before intact.
  @Test(arguments: [false, true])
  func stringsWrittenAfterOtherOutputMatchTheSlowPath(withControl: Bool) throws {
    var rng = SplitMix64(seed: withControl ? 15 : 14)
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200, 4_097, JSONWriter.pieceBytes - 1, JSONWriter.pieceBytes, JSONWriter.pieceBytes + 1, 3 * JSONWriter.pieceBytes + 5] {
      for _ in 0..<(length > 10_000 ? 2 : 20) {
        var scalars: [Character] = (0..<length).map { _ in
          switch rng.next() % 8 {
          case 0: return "\""
          case 1: return "\\"
          case 2: return "é"
          case 3: return "📈"
          default: return Character(Unicode.Scalar(UInt8(0x20 + rng.next() % 0x5F)))
          }
        }
        if withControl, length > 0 { scalars[Int(rng.next() % UInt64(length))] = "\n" }
        let text = String(scalars)
        var out = Array("[1,".utf8)
        var copy = text
        copy.withUTF8 { JSONWriter.writeStringBytes($0, into: &out) }
        #expect(String(decoding: out, as: UTF8.self) == "[1," + Self.slowLiteral(text))
        #expect(out.count == 3 + Self.slowLiteral(text).utf8.count)
      }
    }
  }

  /// A JSON string literal written one scalar at a time, as the writer's rules say.
  static func slowLiteral(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{8}": out += "\\b"
      case "\u{C}": out += "\\f"
      case _ where u.value < 0x20:
        let hex = Array("0123456789abcdef")
        out += "\\u00" + String(hex[Int(u.value >> 4)]) + String(hex[Int(u.value & 0xF)])
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }
}
