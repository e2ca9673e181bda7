// TEMPORARY: stands in for ChartdJSON's JSONReader / JSONWriter until they land on main.
// Delete this file after merging main once `JSONReader.parse` and `JSONWriter.bytes` exist there.
import ChartdJSON
import Foundation

/// A JSON text that could not be read.
struct JSONShimError: Error, CustomStringConvertible {
  var offset: Int
  var message: String
  var description: String { "JSON error at byte \(offset): \(message)" }
}

/// Minimal JSON reader for the benchmark (all-number arrays come back packed as `.numbers`).
enum JSONReader {
  static func parse(_ bytes: [UInt8]) throws -> JSONValue {
    try bytes.withUnsafeBufferPointer { buf in
      var p = ShimParser(buf: buf)
      p.skipSpace()
      let v = try p.value(depth: 0)
      p.skipSpace()
      guard p.i == buf.count else { throw JSONShimError(offset: p.i, message: "trailing bytes") }
      return v
    }
  }
}

private struct ShimParser {
  let buf: UnsafeBufferPointer<UInt8>
  var i = 0

  init(buf: UnsafeBufferPointer<UInt8>) { self.buf = buf }

  mutating func skipSpace() {
    while i < buf.count, buf[i] == 0x20 || buf[i] == 0x0A || buf[i] == 0x0D || buf[i] == 0x09 { i += 1 }
  }

  func fail(_ m: String) -> JSONShimError { JSONShimError(offset: i, message: m) }

  mutating func expect(_ word: String) throws {
    for b in word.utf8 {
      guard i < buf.count, buf[i] == b else { throw fail("expected \(word)") }
      i += 1
    }
  }

  mutating func value(depth: Int) throws -> JSONValue {
    guard depth < 512 else { throw fail("too deep") }
    guard i < buf.count else { throw fail("unexpected end") }
    switch buf[i] {
    case UInt8(ascii: "{"):
      i += 1
      var o = [String: JSONValue]()
      skipSpace()
      if i < buf.count, buf[i] == UInt8(ascii: "}") { i += 1; return .object(o) }
      while true {
        skipSpace()
        guard i < buf.count, buf[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let k = try string()
        skipSpace()
        try expect(":")
        skipSpace()
        o[k] = try value(depth: depth + 1)
        skipSpace()
        guard i < buf.count else { throw fail("unexpected end") }
        if buf[i] == UInt8(ascii: ",") { i += 1; continue }
        if buf[i] == UInt8(ascii: "}") { i += 1; return .object(o) }
        throw fail("expected , or }")
      }
    case UInt8(ascii: "["):
      i += 1
      var nums = [Double]()
      var items: [JSONValue]? = nil
      skipSpace()
      if i < buf.count, buf[i] == UInt8(ascii: "]") { i += 1; return .numbers([]) }
      while true {
        skipSpace()
        let v = try value(depth: depth + 1)
        if items == nil, case .number(let d) = v {
          nums.append(d)
        } else {
          if items == nil { items = nums.map(JSONValue.number) }
          items?.append(v)
        }
        skipSpace()
        guard i < buf.count else { throw fail("unexpected end") }
        if buf[i] == UInt8(ascii: ",") { i += 1; continue }
        if buf[i] == UInt8(ascii: "]") { i += 1; break }
        throw fail("expected , or ]")
      }
      if let items { return .array(items) }
      return .numbers(nums)
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "t"): try expect("true"); return .bool(true)
    case UInt8(ascii: "f"): try expect("false"); return .bool(false)
    case UInt8(ascii: "n"): try expect("null"); return .null
    default:
      return .number(try number())
    }
  }

  mutating func number() throws -> Double {
    let start = i
    while i < buf.count {
      let c = buf[i]
      if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
        || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { i += 1 } else { break }
    }
    let n = i - start
    guard n > 0, n < 64 else { throw fail("bad number") }
    // strtod needs a NUL-terminated copy.
    var tmp = [CChar](repeating: 0, count: n + 1)
    for k in 0..<n { tmp[k] = CChar(bitPattern: buf[start + k]) }
    var end: UnsafeMutablePointer<CChar>? = nil
    let d = tmp.withUnsafeMutableBufferPointer { t -> Double in
      guard let base = t.baseAddress else { return .nan }
      let r = strtod(base, &end)
      return end == base + n ? r : .nan
    }
    guard !d.isNaN else { i = start; throw fail("bad number") }
    return d
  }

  mutating func string() throws -> String {
    i += 1
    var out = [UInt8]()
    while i < buf.count {
      let c = buf[i]
      if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
      if c == UInt8(ascii: "\\") {
        i += 1
        guard i < buf.count else { break }
        let e = buf[i]
        i += 1
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if scalar >= 0xD800, scalar < 0xDC00, i + 1 < buf.count, buf[i] == UInt8(ascii: "\\"),
             buf[i + 1] == UInt8(ascii: "u") {
            i += 2
            let low = try hex4()
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
          }
          out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default: out.append(e)
        }
        continue
      }
      out.append(c)
      i += 1
    }
    throw fail("unterminated string")
  }

  mutating func hex4() throws -> UInt32 {
    guard i + 4 <= buf.count else { throw fail("bad \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = buf[i]
      i += 1
      v <<= 4
      switch c {
      case 0x30...0x39: v |= UInt32(c - 0x30)
      case 0x61...0x66: v |= UInt32(c - 0x61 + 10)
      case 0x41...0x46: v |= UInt32(c - 0x41 + 10)
      default: throw fail("bad \\u escape")
      }
    }
    return v
  }
}

/// Minimal JSON writer for the benchmark: sorted keys, integers without a fraction.
enum JSONWriter {
  static func bytes(_ v: JSONValue) -> [UInt8] {
    var out = [UInt8]()
    write(v, &out)
    return out
  }

  private static func write(_ v: JSONValue, _ out: inout [UInt8]) {
    switch v {
    case .null: out += Array("null".utf8)
    case .bool(let b): out += Array((b ? "true" : "false").utf8)
    case .number(let d): number(d, &out)
    case .string(let s): string(s, &out)
    case .array(let a):
      out.append(UInt8(ascii: "["))
      for (k, e) in a.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        write(e, &out)
      }
      out.append(UInt8(ascii: "]"))
    case .numbers(let a):
      out.append(UInt8(ascii: "["))
      for (k, d) in a.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        number(d, &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let o):
      out.append(UInt8(ascii: "{"))
      for (k, key) in o.keys.sorted().enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        string(key, &out)
        out.append(UInt8(ascii: ":"))
        if let e = o[key] { write(e, &out) }
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func number(_ d: Double, _ out: inout [UInt8]) {
    guard d.isFinite else { out += Array("null".utf8); return }
    if d == d.rounded(), abs(d) < 1e15 {
      out += Array(String(Int64(d)).utf8)
    } else {
      out += Array("\(d)".utf8)
    }
  }

  private static func string(_ s: String, _ out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): out += [0x5C, 0x22]
      case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      case 0x0D: out += [0x5C, UInt8(ascii: "r")]
      case 0x09: out += [0x5C, UInt8(ascii: "t")]
      case 0..<0x20: out += Array(String(format: "\\u%04x", b).utf8)
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
