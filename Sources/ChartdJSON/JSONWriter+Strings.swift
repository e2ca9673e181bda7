extension JSONWriter {
  /// Writes `s` as a JSON string literal, copying runs of bytes that need no escaping at once.
  static func writeString(_ s: String, into out: inout [UInt8]) {
    var s = s
    s.withUTF8 { utf8 in writeStringBytes(utf8, into: &out) }
  }

  /// Writes already-valid UTF-8 as a JSON string literal.
  ///
  /// Each piece of at most `pieceBytes` gets room for every byte escaped as two (`\"`, `\\`) and
  /// is written through a pointer: SVG markup has a quote every few bytes, and an `Array.append`
  /// per run and per escape cost more than the scan. Pieces keep the room made beyond the text
  /// small, so a caller that reserved about the text's size never sees the buffer grow. A control
  /// character (six bytes, `\u00XX`; markup never has one) sends the string down the appending path
  /// instead.
  static func writeStringBytes(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    // A short string with nothing to escape (ids, names, URIs) is copied as it is: making room for
    // every byte escaped and taking back what was not used cost ten times the copy.
    if utf8.count <= 64, firstToEscape(utf8, from: 0) == utf8.count {
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    let start = out.count
    out.append(UInt8(ascii: "\""))
    var from = 0
    while from < utf8.count {
      let to = min(utf8.count, from + pieceBytes)
      guard writePiece(UnsafeBufferPointer(rebasing: utf8[from..<to]), into: &out) else {
        out.removeLast(out.count - start)
        writeStringBytesAppending(utf8, into: &out)
        return
      }
      from = to
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Escapes one piece through a pointer; false (and nothing kept) at a control character.
  ///
  /// Eight bytes are stored at a time before looking at them: with a quote every few bytes, a
  /// copy call per run cost more than the scan. The room of twice the piece covers the overhang
  /// (at input offset i, at most i bytes were escaped, so the store ends by 2 × count).
  private static func writePiece(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
    let n = utf8.count
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: 2 * n))
    let end = out.withUnsafeMutableBufferPointer { o -> Int? in
      guard let dst = o.baseAddress, let src = utf8.baseAddress else { return start }
      let raw = UnsafeRawPointer(src), sink = UnsafeMutableRawPointer(dst)
      var w = start, i = 0
      while i + 8 <= n {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        sink.storeBytes(of: word, toByteOffset: w, as: UInt64.self)
        let flags = escapeFlags(UInt64(littleEndian: word))
        if flags == 0 {
          i += 8
          w += 8
          continue
        }
        // The bytes before the first to escape are in place already.
        let k = flags.trailingZeroBitCount >> 3
        let b = src[i + k]
        guard b >= 0x20 else { return nil }
        dst[w + k] = UInt8(ascii: "\\")
        dst[w + k + 1] = b
        w += k + 2
        i += k + 1
      }
      while i < n {
        let b = src[i]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
          dst[w] = UInt8(ascii: "\\")
          w += 1
        } else if b < 0x20 {
          return nil
        }
        dst[w] = b
        w += 1
        i += 1
      }
      return w
    }
    out.removeLast(out.count - (end ?? start))
    return end != nil
  }

  /// Longest piece written through a pointer at once (see `writeStringBytes`).
  static let pieceBytes = 16 << 10

  /// `writeStringBytes` one append at a time: any string, control characters included.
  static func writeStringBytesAppending(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    out.reserveCapacity(out.count + utf8.count + 2)
    out.append(UInt8(ascii: "\""))
    var runStart = 0
    while true {
      let i = firstToEscape(utf8, from: runStart)
      if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
      guard i < utf8.count else { break }
      appendEscape(for: utf8[i], to: &out)
      runStart = i + 1
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The index of the first byte at or after `i` that JSON escapes (below 0x20, a quote or a
  /// backslash), or the count when there is none. Eight bytes at a time: patches are runs of SVG
  /// text between attribute quotes.
  @inline(__always)
  static func firstToEscape(_ utf8: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    let n = utf8.count
    var i = i
    if let raw = UnsafeRawPointer(utf8.baseAddress) {
      while i + 8 <= n {
        let flags = escapeFlags(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
        // The lowest flag is exact (see `escapeFlags`): the first byte to escape.
        if flags != 0 { return i + flags.trailingZeroBitCount >> 3 }
        i += 8
      }
    }
    while i < n {
      let b = utf8[i]
      if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return i }
      i += 1
    }
    return n
  }

  /// The top bit of byte k (least significant first) of the result is set if byte k of `w` is below
  /// 0x20, a quote or a backslash. The result is zero exactly when no byte is, and its lowest set bit
  /// always marks a byte that is; bits above that one may be set for bytes that are not.
  ///
  /// Why: the tests of a zero byte (`(x - 0x01…) & ~x & 0x80…`) and of a byte below n (`(x - n…) & ~x
  /// & 0x80…`, n ≤ 128) flag every matching byte, and a byte that does not match only through a
  /// borrow out of a matching byte below it. Bytes of 0x80 and above (UTF-8 beyond ASCII) have their
  /// top bit set in `w`, so `~w` rules them out.
  @inline(__always)
  static func escapeFlags(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
    let control = (w &- ones &* 0x20) & ~w
    let quotes = (quote &- ones) & ~quote
    let backslashes = (backslash &- ones) & ~backslash
    return (control | quotes | backslashes) & highs
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
