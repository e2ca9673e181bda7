import ChartdJSON

/// A small JSON text reader for the documentation tests only (the real reader lives in ChartdJSON).
///
/// Strict enough for hand-written examples: objects, arrays, strings with the common escapes,
/// numbers, true/false/null. Returns nil on anything it does not understand.
struct MiniJSON {
  private let bytes: [UInt8]
  private var i = 0

  static func parse(_ text: String) -> JSONValue? {
    var r = MiniJSON(bytes: Array(text.utf8))
    guard let v = r.value() else { return nil }
    r.skipSpace()
    return r.i == r.bytes.count ? v : nil
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

  private mutating func skipSpace() {
    while let c = current, c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09 { i += 1 }
  }

  private mutating func value() -> JSONValue? {
    skipSpace()
    switch current {
    case UInt8(ascii: "{")?: return object()
    case UInt8(ascii: "[")?: return array()
    case UInt8(ascii: "\"")?: return string().map(JSONValue.string)
    case UInt8(ascii: "t")?: return literal("true", .bool(true))
    case UInt8(ascii: "f")?: return literal("false", .bool(false))
    case UInt8(ascii: "n")?: return literal("null", .null)
    default: return number()
    }
  }

  private mutating func literal(_ word: String, _ v: JSONValue) -> JSONValue? {
    let w = Array(word.utf8)
    guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { return nil }
    i += w.count
    return v
  }

  private mutating func number() -> JSONValue? {
    let start = i
    while let c = current, (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
      || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    {
      i += 1
    }
    guard i > start, let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
    return .number(d)
  }

  private mutating func string() -> String? {
    i += 1
    var out: [UInt8] = []
    while let c = current {
      i += 1
      if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
      if c != UInt8(ascii: "\\") {
        out.append(c)
        continue
      }
      guard let e = current else { return nil }
      i += 1
      switch e {
      case UInt8(ascii: "n"): out.append(0x0a)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      default: return nil
      }
    }
    return nil
  }

  private mutating func array() -> JSONValue? {
    i += 1
    var out: [JSONValue] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      i += 1
      return .array(out)
    }
    while true {
      guard let v = value() else { return nil }
      out.append(v)
      skipSpace()
      switch current {
      case UInt8(ascii: ",")?: i += 1
      case UInt8(ascii: "]")?:
        i += 1
        return .array(out)
      default: return nil
      }
    }
  }

  private mutating func object() -> JSONValue? {
    i += 1
    var out: [String: JSONValue] = [:]
    skipSpace()
    if current == UInt8(ascii: "}") {
      i += 1
      return .object(out)
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\""), let key = string() else { return nil }
      skipSpace()
      guard current == UInt8(ascii: ":") else { return nil }
      i += 1
      guard let v = value() else { return nil }
      out[key] = v
      skipSpace()
      switch current {
      case UInt8(ascii: ",")?: i += 1
      case UInt8(ascii: "}")?:
        i += 1
        return .object(out)
      default: return nil
      }
    }
  }
}
