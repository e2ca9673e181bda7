extension JSONWriter {
  /// Writes `s` as a JSON string literal, copying runs of bytes that need no escaping at once.
  static func writeString(_ s: String, into out: inout [UInt8]) {
    var s = s
    s.withUTF8 { utf8 in writeStringBytes(utf8, into: &out) }
  }

  /// Writes already-valid UTF-8 as a JSON string literal.
  static func writeStringBytes(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    out.reserveCapacity(out.count + utf8.count + 2)
    out.append(UInt8(ascii: "\""))
    var runStart = 0
    var i = 0
    let n = utf8.count
    while i < n {
      let b = utf8[i]
      if b >= 0x20, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
      appendEscape(for: b, to: &out)
      i += 1
      runStart = i
    }
    if n > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<n])) }
    out.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(for b: UInt8, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\\"))
    switch b {
    case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
    case 0x0A: out.append(UInt8(ascii: "n"))
    case 0x0D: out.append(UInt8(ascii: "r"))
    case 0x09: out.append(UInt8(ascii: "t"))
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    default:
      let hex: StaticString = "0123456789abcdef"
      out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
      out.append(hex.utf8Start[Int(b >> 4)])
      out.append(hex.utf8Start[Int(b & 0xF)])
    }
  }
}
