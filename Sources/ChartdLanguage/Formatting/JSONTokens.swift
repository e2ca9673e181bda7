/// The tokens of a JSON text that parsed: brackets, colons, commas, strings and other literals,
/// with their byte ranges, for the formatter, which keeps every token's bytes and changes only the
/// whitespace between them.
struct JSONTokens {
  /// One token: `bytes[start..<end]`; `first` is its first byte (`{`, `}`, `[`, `]`, `:`, `,`, `"`,
  /// or the first byte of a number or a literal).
  struct Token {
    var start: Int
    var end: Int
    var first: UInt8
  }

  var tokens: [Token] = []
  /// Where the text after a byte order mark starts (0 or 3): whitespace before the first token
  /// starts there.
  var bodyStart = 0

  /// The tokens of `bytes`, or nil when something is not a JSON token (the text did not parse;
  /// the caller leaves it alone).
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var i = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    bodyStart = i
    while i < bytes.count {
      let b = bytes[i]
      switch b {
      case 0x20, 0x09, 0x0A, 0x0D:
        i += 1
      case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
        tokens.append(Token(start: i, end: i + 1, first: b))
        i += 1
      case UInt8(ascii: "\""):
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
        guard j < bytes.count else { return nil }
        tokens.append(Token(start: i, end: j + 1, first: b))
        i = j + 1
      default:
        // A number, `true`, `false` or `null`: up to the next delimiter.
        var j = i
        while j < bytes.count, !Self.isDelimiter(bytes[j]) { j += 1 }
        tokens.append(Token(start: i, end: j, first: b))
        i = j
      }
    }
  }

  static func isDelimiter(_ b: UInt8) -> Bool {
    switch b {
    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
         UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\""):
      return true
    default:
      return false
    }
  }

  /// For every opening bracket, the index of the token that closes it (nil for other tokens); nil
  /// when the brackets do not pair.
  func partners() -> [Int?]? {
    var out = [Int?](repeating: nil, count: tokens.count)
    var open: [Int] = []
    for (k, t) in tokens.enumerated() {
      switch t.first {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        open.append(k)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard let o = open.popLast(), tokens[o].first == t.first &- 2 else { return nil }
        out[o] = k
      default:
        break
      }
    }
    return open.isEmpty ? out : nil
  }
}
