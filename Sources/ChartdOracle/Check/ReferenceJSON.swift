import ChartdJSON

/// A deliberately plain JSON reader, written from RFC 8259 and the choices `JSONReader` documents
/// (a leading byte order mark is skipped; a lone surrogate escape reads as U+FFFD; duplicate keys:
/// the last wins; numbers too large for a `Double` are an error, too small ones round to 0;
/// containers nested deeper than `maxDepth` are an error). The fuzz targets compare the real
/// reader's fast paths (packed numbers, row tables) against it.
public enum ReferenceJSON {
  /// The value of one JSON text, or nil when it is not JSON.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONValue? {
    var p = Reader(b: bytes, maxDepth: maxDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
    guard let v = p.value() else { return nil }
    p.skipSpace()
    // (No `? v : nil` here: with JSONValue's nil literal that would be `.null`, not "not JSON".)
    guard p.i == bytes.count else { return nil }
    return v
  }

  struct Reader {
    let b: [UInt8]
    let maxDepth: Int
    var i = 0
    var depth = 0

    init(b: [UInt8], maxDepth: Int) {
      self.b = b
      self.maxDepth = maxDepth
    }

    var peek: UInt8? { i < b.count ? b[i] : nil }

    mutating func skipSpace() { while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 } }

    mutating func eat(_ c: UInt8) -> Bool {
      guard peek == c else { return false }
      i += 1
      return true
    }

    mutating func value() -> JSONValue? {
      skipSpace()
      switch peek {
      case UInt8(ascii: "{")?: return container { r in
          var o: [String: JSONValue] = [:]
          if r.eat(UInt8(ascii: "}")) { return .object(o) }
          repeat {
            r.skipSpace()
            guard let k = r.string(), { r.skipSpace(); return r.eat(UInt8(ascii: ":")) }(), let v = r.value() else { return nil }
            o[k] = v
            r.skipSpace()
          } while r.eat(UInt8(ascii: ","))
          guard r.eat(UInt8(ascii: "}")) else { return nil }
          return .object(o)
        }
      case UInt8(ascii: "[")?: return container { r in
          var a: [JSONValue] = []
          if r.eat(UInt8(ascii: "]")) { return .array(a) }
          repeat {
            guard let v = r.value() else { return nil }
            a.append(v)
            r.skipSpace()
          } while r.eat(UInt8(ascii: ","))
          guard r.eat(UInt8(ascii: "]")) else { return nil }
          return .array(a)
        }
      case UInt8(ascii: "\"")?: return string().map(JSONValue.string)
      case UInt8(ascii: "t")?: return literal("true", .bool(true))
      case UInt8(ascii: "f")?: return literal("false", .bool(false))
      case UInt8(ascii: "n")?: return literal("null", .null)
      default: return number()
      }
    }

    /// Opens a container (one level deeper) and reads its body after the bracket.
    mutating func container(_ body: (inout Reader) -> JSONValue?) -> JSONValue? {
      guard depth < maxDepth else { return nil }
      depth += 1
      i += 1
      skipSpace()
      defer { depth -= 1 }
      return body(&self)
    }

    mutating func literal(_ word: String, _ v: JSONValue) -> JSONValue? {
      let w = Array(word.utf8)
      guard b.count - i >= w.count, Array(b[i..<(i + w.count)]) == w else { return nil }
      i += w.count
      return v
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, valued by the standard library.
    mutating func number() -> JSONValue? {
      let start = i
      func digits(_ r: inout Reader) -> Int {
        let s = r.i
        while let c = r.peek, c >= 0x30, c <= 0x39 { r.i += 1 }
        return r.i - s
      }
      _ = eat(UInt8(ascii: "-"))
      if eat(UInt8(ascii: "0")) {} else if digits(&self) == 0 { return nil }
      if eat(UInt8(ascii: ".")), digits(&self) == 0 { return nil }
      if eat(UInt8(ascii: "e")) || eat(UInt8(ascii: "E")) {
        if !eat(UInt8(ascii: "+")) { _ = eat(UInt8(ascii: "-")) }
        if digits(&self) == 0 { return nil }
      }
      guard let d = Double(String(decoding: b[start..<i], as: UTF8.self)), d.isFinite else { return nil }
      return .number(d)
    }

    /// A string: escapes decoded (a lone surrogate as U+FFFD), raw bytes valid UTF-8 of no control.
    mutating func string() -> String? {
      guard eat(UInt8(ascii: "\"")) else { return nil }
      var out: [UInt8] = []
      while let c = peek {
        i += 1
        if c == UInt8(ascii: "\"") { return String(validating: out, as: UTF8.self) }
        guard c >= 0x20 else { return nil }
        guard c == UInt8(ascii: "\\") else { out.append(c); continue }
        guard let e = peek else { return nil }
        i += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let s = simple[e] { out.append(s); continue }
        guard e == UInt8(ascii: "u"), var u = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(u), b.count - i >= 6, b[i] == 0x5C, b[i + 1] == UInt8(ascii: "u") {
          let save = i
          i += 2
          if let low = hex4(), (0xDC00..<0xE000).contains(low) {
            u = 0x10000 + (u - 0xD800) << 10 + (low - 0xDC00)
          } else {
            i = save
          }
        }
        let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
        out += Array(String(Character(scalar)).utf8)
      }
      return nil
    }

    mutating func hex4() -> UInt32? {
      guard b.count - i >= 4, let v = UInt32(String(decoding: b[i..<(i + 4)], as: UTF8.self), radix: 16),
            b[i..<(i + 4)].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else { return nil }
      i += 4
      return v
    }
  }
}
