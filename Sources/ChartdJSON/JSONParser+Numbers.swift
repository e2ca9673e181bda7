#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONParser {
  /// Parses a number literal at `pos` following the RFC 8259 grammar exactly.
  ///
  /// All digits are gathered into an integer mantissa on the way; when there are at most 19
  /// (so it cannot have overflowed) the value is converted exactly by `DecimalToDouble`,
  /// otherwise by `strtod` on the slice. The cursor lives in a local while scanning (stored
  /// back before returning or throwing) so the digit loops stay in registers.
  @inline(__always)
  mutating func parseNumber() throws(JSONParseError) -> Double {
    let b = bytes
    let n = count
    let begin = pos
    var p = pos
    var negative = false
    if b[p] == UInt8(ascii: "-") {
      negative = true
      p += 1
      guard p < n else { pos = p; throw unexpected() }
    }
    var mantissa: UInt64 = 0

    // Integer part: "0" or a non-zero digit followed by digits.
    let integerStart = p
    let first = b[p] &- 0x30
    if first == 0 {
      p += 1
      if p < n, (b[p] &- 0x30) < 10 { pos = p; throw .at(begin, "leading zeros are not allowed in numbers") }
    } else if first < 10 {
      repeat {
        mantissa = mantissa &* 10 &+ UInt64(b[p] &- 0x30)
        p += 1
      } while p < n && (b[p] &- 0x30) < 10
    } else {
      pos = p
      throw unexpected()
    }
    var digitCount = p - integerStart
    var exponent = 0

    // Fraction: at least one digit after the point.
    if p < n, b[p] == UInt8(ascii: ".") {
      p += 1
      let fractionStart = p
      guard p < n, (b[p] &- 0x30) < 10 else { pos = p; throw .at(p, "expected a digit after the decimal point") }
      repeat {
        mantissa = mantissa &* 10 &+ UInt64(b[p] &- 0x30)
        p += 1
      } while p < n && (b[p] &- 0x30) < 10
      exponent = fractionStart - p
      digitCount += p - fractionStart
    }

    // Exponent: e/E, optional sign, at least one digit.
    if p < n, b[p] | 0x20 == UInt8(ascii: "e") {
      p += 1
      var exponentNegative = false
      if p < n, b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "+") {
        exponentNegative = b[p] == UInt8(ascii: "-")
        p += 1
      }
      guard p < n, (b[p] &- 0x30) < 10 else { pos = p; throw .at(p, "expected a digit in the exponent") }
      var explicit = 0
      repeat {
        // Clamp: anything this large is already far outside Double's range.
        if explicit < 100_000 { explicit = explicit * 10 + Int(b[p] &- 0x30) }
        p += 1
      } while p < n && (b[p] &- 0x30) < 10
      exponent += exponentNegative ? -explicit : explicit
    }
    pos = p

    // Up to 19 digits cannot overflow the mantissa (10^19 < 2^64).
    if digitCount <= 19 {
      // Clinger's fast path, written out here because the compiler would not inline it.
      if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
        let m = Double(mantissa)
        let value = exponent < 0 ? m / DecimalToDouble.doublePower(-exponent) : m * DecimalToDouble.doublePower(exponent)
        return negative ? -value : value
      }
      if let value = DecimalToDouble.convertWide(mantissa: mantissa, exponent: exponent) {
        return negative ? -value : value
      }
    }
    let value = JSONParser.strtodSlice(b + begin, count: p - begin)
    guard value.isFinite else {
      if clampsOutOfRange { return value.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
      throw .at(begin, "number out of range", kind: .numberOutOfRange)
    }
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
