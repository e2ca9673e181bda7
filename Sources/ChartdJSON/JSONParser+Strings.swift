extension JSONParser {
  /// Parses a string literal; `pos` is at its opening quote.
  ///
  /// The common case (no escapes) validates in place and builds the `String` once from
  /// the byte slice; strings with escapes are decoded into `scratch` first.
  mutating func parseString() throws(JSONParseError) -> String {
    let opening = pos
    pos += 1
    let begin = pos
    while pos < count {
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + begin, count: pos - begin), as: UTF8.self)
        pos += 1
        return text
      }
      if b == UInt8(ascii: "\\") {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + begin, count: pos - begin))
        return try parseEscapedRest(opening: opening)
      }
      if b < 0x20 { throw .at(pos, "unescaped \(JSONParseError.describe(byte: b)) in string") }
      if b < 0x80 { pos += 1 } else { try skipUTF8Sequence() }
    }
    throw .at(opening, "unterminated string")
  }

  /// Continues a string after its first backslash, decoding into `scratch`.
  private mutating func parseEscapedRest(opening: Int) throws(JSONParseError) -> String {
    while pos < count {
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        pos += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if b == UInt8(ascii: "\\") {
        try decodeEscape(opening: opening)
        continue
      }
      if b < 0x20 { throw .at(pos, "unescaped \(JSONParseError.describe(byte: b)) in string") }
      let runStart = pos
      if b < 0x80 { pos += 1 } else { try skipUTF8Sequence() }
      // Copy the run of plain bytes up to the next quote, backslash or control character.
      while pos < count {
        let c = bytes[pos]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
        if c < 0x80 { pos += 1 } else { try skipUTF8Sequence() }
      }
      scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: pos - runStart))
    }
    throw .at(opening, "unterminated string")
  }

  /// Decodes one escape sequence at `pos` (which holds the backslash) into `scratch`.
  private mutating func decodeEscape(opening: Int) throws(JSONParseError) {
    let escapeStart = pos
    pos += 1
    guard pos < count else { throw .at(opening, "unterminated string") }
    let e = bytes[pos]
    pos += 1
    switch e {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try readHex4(escapeStart: escapeStart, opening: opening)
      var scalar: UInt32
      switch unit {
      case 0xD800...0xDBFF:
        // A high surrogate needs an escaped low surrogate right after it.
        if pos + 6 <= count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u"),
          let low = hexValue4(at: pos + 2), (0xDC00...0xDFFF).contains(low)
        {
          pos += 6
          scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        } else {
          scalar = 0xFFFD
        }
      case 0xDC00...0xDFFF: scalar = 0xFFFD
      default: scalar = unit
      }
      appendUTF8(scalar)
    default:
      pos = escapeStart
      throw .at(escapeStart, "invalid escape '\\\(Character(Unicode.Scalar(e)))'")
    }
  }

  private mutating func readHex4(escapeStart: Int, opening: Int) throws(JSONParseError) -> UInt32 {
    if pos + 4 <= count, let value = hexValue4(at: pos) {
      pos += 4
      return value
    }
    // Say "unterminated" only when the input really ends inside the escape.
    var i = pos
    while i < count, i < pos + 4, JSONParser.isHexDigit(bytes[i]) { i += 1 }
    throw i == count ? .at(opening, "unterminated string") : .at(escapeStart, "invalid \\u escape")
  }

  static func isHexDigit(_ c: UInt8) -> Bool {
    (c &- 0x30) < 10 || ((c | 0x20) &- UInt8(ascii: "a")) < 6
  }

  /// The value of four hex digits at `index`, or nil; the caller guarantees they are in bounds.
  private func hexValue4(at index: Int) -> UInt32? {
    var value: UInt32 = 0
    for i in index..<(index + 4) {
      let c = bytes[i]
      let digit: UInt8
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | (scalar >> 6)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | (scalar >> 12)))
      scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      scratch.append(UInt8(0xF0 | (scalar >> 18)))
      scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  /// Validates one multi-byte UTF-8 sequence at `pos` (RFC 3629: no overlongs, no
  /// surrogates, nothing above U+10FFFF) and steps over it.
  mutating func skipUTF8Sequence() throws(JSONParseError) {
    let lead = bytes[pos]
    var length: Int
    // The allowed range of the second byte depends on the lead byte.
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw .at(pos, "invalid UTF-8")
    }
    guard pos + length <= count else { throw .at(pos, "invalid UTF-8") }
    let second = bytes[pos + 1]
    guard second >= low, second <= high else { throw .at(pos, "invalid UTF-8") }
    var i = 2
    while i < length {
      guard bytes[pos + i] & 0xC0 == 0x80 else { throw .at(pos, "invalid UTF-8") }
      i += 1
    }
    pos += length
  }
}
