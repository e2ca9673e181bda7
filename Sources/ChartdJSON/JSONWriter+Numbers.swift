extension JSONWriter {
  /// Writes `d` as the shortest JSON number that reads back to exactly `d`.
  static func writeNumber(_ d: Double, into out: inout [UInt8]) {
    guard d.isFinite else { appendASCII("null", to: &out); return }
    if d.rounded(.towardZero) == d, abs(d) < 9_007_199_254_740_992 {
      if d == 0 {
        // Keep the sign of negative zero; "-0" is valid JSON and reads back as -0.0.
        if d.sign == .minus { out.append(UInt8(ascii: "-")) }
        out.append(UInt8(ascii: "0"))
      } else {
        writeInteger(Int64(d), into: &out)
      }
      return
    }
    if writeShortFixedPoint(d, into: &out) { return }
    writeShortestForm(d.description, into: &out)
  }

  /// Writes `d` with the fewest fraction digits (at most 6) that read back exactly, when
  /// such a form exists and |d| is in [0.001, 1e9); returns false otherwise.
  ///
  /// The first k for which the nearest k-digit decimal, round(d·10^k)/10^k, reads back as d
  /// is the shortest plain decimal for d (if the nearest k-digit decimal misses, every other
  /// one does too). The check is exact: the scaled integer stays below 2^52 and the division
  /// by an exact power of ten rounds once, just as the reader computes it. This skips
  /// `Double.description` (a String per number) for typical measurement data.
  @inline(__always)
  static func writeShortFixedPoint(_ d: Double, into out: inout [UInt8]) -> Bool {
    let magnitude = abs(d)
    guard magnitude >= 0.001, magnitude < 1e9 else { return false }
    var power = 10.0
    var divisor: Int64 = 10
    for digits in 1...6 {
      // Adding 0.5 and truncating rounds (half up) without a libm call; both steps are
      // exact below 2^52.
      let units = Int64(magnitude * power + 0.5)
      if Double(units) / power == magnitude {
        if d < 0 { out.append(UInt8(ascii: "-")) }
        writeInteger(units / divisor, into: &out)
        out.append(UInt8(ascii: "."))
        var fraction = units % divisor
        var place = divisor / 10
        for _ in 0..<digits {
          out.append(UInt8(ascii: "0") + UInt8(fraction / place))
          fraction %= place
          place /= 10
        }
        return true
      }
      power *= 10
      divisor *= 10
    }
    return false
  }

  /// Writes an integer's decimal digits without allocating: the digit count first, then the
  /// digits filled in from the right.
  static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
    var magnitude = value.magnitude
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var digitCount = 1
    var threshold: UInt64 = 10
    while digitCount < 19, magnitude >= threshold {
      threshold &*= 10
      digitCount += 1
    }
    let end = out.count + digitCount
    for _ in 0..<digitCount { out.append(UInt8(ascii: "0")) }
    out.withUnsafeMutableBufferPointer { buffer in
      var i = end
      repeat {
        i -= 1
        buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
    }
  }

  /// Rewrites Swift's shortest round-trip description ("1e+20", "1e-05", "2.5",
  /// "9007199254740994.0") into compact JSON: no "+" and no leading zeros in the exponent,
  /// no ".0" fraction.
  static func writeShortestForm(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      let exponentIndex = utf8.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? utf8.count
      var mantissaEnd = exponentIndex
      if mantissaEnd >= 2, utf8[mantissaEnd - 1] == UInt8(ascii: "0"), utf8[mantissaEnd - 2] == UInt8(ascii: ".") {
        mantissaEnd -= 2
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<mantissaEnd]))
      guard exponentIndex < utf8.count else { return }
      out.append(UInt8(ascii: "e"))
      var i = exponentIndex + 1
      if i < utf8.count, utf8[i] == UInt8(ascii: "+") { i += 1 }
      if i < utf8.count, utf8[i] == UInt8(ascii: "-") { out.append(UInt8(ascii: "-")); i += 1 }
      while i < utf8.count - 1, utf8[i] == UInt8(ascii: "0") { i += 1 }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[i..<utf8.count]))
    }
  }
}
