#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONParser {
  /// Parses a number literal at `pos` following the RFC 8259 grammar exactly.
  ///
  /// Up to 19 significant digits are gathered into an integer mantissa on the way; the
  /// value is then converted exactly by `DecimalToDouble`, or by `strtod` on the slice
  /// when the fast paths do not apply.
  @inline(__always)
  mutating func parseNumber() throws(JSONParseError) -> Double {
    let begin = pos
    var negative = false
    if bytes[pos] == UInt8(ascii: "-") {
      negative = true
      pos += 1
      guard pos < count else { throw unexpected() }
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var truncated = false

    // Integer part: "0" or a non-zero digit followed by digits.
    let first = bytes[pos] &- 0x30
    if first == 0 {
      pos += 1
      if pos < count, (bytes[pos] &- 0x30) < 10 { throw .at(begin, "leading zeros are not allowed in numbers") }
    } else if first < 10 {
      while pos < count {
        let d = bytes[pos] &- 0x30
        guard d < 10 else { break }
        if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          significantDigits += 1
        } else {
          truncated = true
          exponent += 1
        }
        pos += 1
      }
    } else {
      throw unexpected()
    }

    // Fraction: at least one digit after the point.
    if pos < count, bytes[pos] == UInt8(ascii: ".") {
      pos += 1
      guard pos < count, (bytes[pos] &- 0x30) < 10 else { throw .at(pos, "expected a digit after the decimal point") }
      while pos < count {
        let d = bytes[pos] &- 0x30
        guard d < 10 else { break }
        if significantDigits < 19 {
          if mantissa != 0 || d != 0 { significantDigits += 1 }
          mantissa = mantissa &* 10 &+ UInt64(d)
          exponent -= 1
        } else {
          truncated = true
        }
        pos += 1
      }
    }

    // Exponent: e/E, optional sign, at least one digit.
    if pos < count, bytes[pos] | 0x20 == UInt8(ascii: "e") {
      pos += 1
      var exponentNegative = false
      if pos < count, bytes[pos] == UInt8(ascii: "-") || bytes[pos] == UInt8(ascii: "+") {
        exponentNegative = bytes[pos] == UInt8(ascii: "-")
        pos += 1
      }
      guard pos < count, (bytes[pos] &- 0x30) < 10 else { throw .at(pos, "expected a digit in the exponent") }
      var explicit = 0
      while pos < count {
        let d = bytes[pos] &- 0x30
        guard d < 10 else { break }
        // Clamp: anything this large is already far outside Double's range.
        if explicit < 100_000 { explicit = explicit * 10 + Int(d) }
        pos += 1
      }
      exponent += exponentNegative ? -explicit : explicit
    }

    if !truncated, let value = DecimalToDouble.convert(mantissa: mantissa, exponent: exponent) {
      return negative ? -value : value
    }
    let value = JSONParser.strtodSlice(bytes + begin, count: pos - begin)
    guard value.isFinite else { throw .at(begin, "number out of range") }
    return value
  }

  /// Converts a validated number literal with the C library (correctly rounded).
  static func strtodSlice(_ start: UnsafePointer<UInt8>, count: Int) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double in
      guard let base = buffer.baseAddress else { return .nan }
      start.withMemoryRebound(to: CChar.self, capacity: count) { base.update(from: $0, count: count) }
      base[count] = 0
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &end)
      if let end, end - base == count { return value }
      // strtod honours LC_NUMERIC; should a caller have changed it, Swift's parser is locale-free.
      return Double(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)) ?? .nan
    }
  }
}
