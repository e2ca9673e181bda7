/// Canonical number formatting for SVG attributes and path data.
///
/// Digits are written backwards into a small stack buffer and appended in one go: a number is at
/// most 20 bytes, so the appended string is usually a small (inline) one and nothing is allocated.
public enum SVGNumber {
  /// Bytes one canonical number can take: sign and 19 digits of a clamped Int64, or sign, 14
  /// digits, point and two decimals.
  static let maxBytes = 24

  /// Appends `d` rounded to two decimals, without trailing zeros; non-finite values as 0.
  @inline(__always)
  public static func append(_ d: Double, to out: inout String) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxBytes) { buffer in
      let end = write(d, startingAt: 0, in: buffer)
      out += String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<end]), as: UTF8.self)
    }
  }

  /// Appends `d` as `append(_:to:)` does, to UTF-8 bytes.
  @inline(__always)
  public static func append(_ d: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxBytes) { buffer in
      let end = write(d, startingAt: 0, in: buffer)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<end]))
    }
  }

  public static func format(_ d: Double) -> String {
    var s = ""
    append(d, to: &s)
    return s
  }

  /// Writes `d` in canonical form from `start` on; returns where it ends. The caller provides at
  /// least `maxBytes` bytes from `start`. The number's length is worked out first, so that its
  /// digits (found last to first) go straight to their places.
  @inline(__always)
  static func write(_ d: Double, startingAt start: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var at = start
    guard d.isFinite else { buffer[at] = UInt8(ascii: "0"); return at + 1 }
    let scaled = d * 100
    // Beyond Int64 (±9.2e18) the conversion would trap: such numbers are clamped (1e300 → 9e18).
    // (Near 9e15 every double is a whole number: testing before rounding is testing after it.)
    guard abs(scaled) < 9e15 else {
      let whole = Int64(min(max(d, -9e18), 9e18).rounded())
      if whole < 0 { buffer[at] = UInt8(ascii: "-"); at += 1 }
      return writeDigits(whole.magnitude, startingAt: at, in: buffer)
    }
    let n = roundedHalfAwayFromZero(scaled)
    if n == 0 { buffer[at] = UInt8(ascii: "0"); return at + 1 }
    if n < 0 { buffer[at] = UInt8(ascii: "-"); at += 1 }
    let magnitude = n.magnitude
    at = writeDigits(magnitude / 100, startingAt: at, in: buffer)
    return writeFraction(magnitude % 100, startingAt: at, in: buffer)
  }

  /// Writes `frac` hundredths as ".5" or ".05" without a trailing zero (nothing for 0); returns
  /// where it ends.
  @inline(__always)
  static func writeFraction(_ frac: UInt64, startingAt start: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    guard frac != 0 else { return start }
    buffer[start] = UInt8(ascii: ".")
    buffer[start + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac / 10)
    guard frac % 10 != 0 else { return start + 2 }
    buffer[start + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac % 10)
    return start + 3
  }

  /// Writes a step of `v` hundredths in its shortest form (".5", "-.05", "12.3", "0") from
  /// `start` on, with a space before it where it would otherwise run into the number before:
  /// not after a command letter (`afterLetter`), not before a minus sign, and not before a leading
  /// point when the number before has one (`afterPoint`: "1.5.5" is 1.5 then .5). Updates
  /// `afterPoint` for the next number; returns where it ends. Needs `maxBytes + 1` bytes.
  @inline(__always)
  static func writeStep(_ v: Int64, afterLetter: Bool, afterPoint: inout Bool, startingAt start: Int,
                        in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var at = start
    let magnitude = v.magnitude
    let whole = magnitude / 100, frac = magnitude % 100
    let leadingPoint = whole == 0 && frac != 0
    if !afterLetter && v >= 0 && !(leadingPoint && afterPoint) {
      buffer[at] = UInt8(ascii: " ")
      at += 1
    }
    if v < 0 {
      buffer[at] = UInt8(ascii: "-")
      at += 1
    }
    if !leadingPoint { at = writeDigits(whole, startingAt: at, in: buffer) }
    afterPoint = frac != 0
    return writeFraction(frac, startingAt: at, in: buffer)
  }

  /// The length of `v` hundredths as `writeStep` writes it, separator aside.
  @inline(__always)
  static func stepBytes(_ v: Int64) -> Int {
    let m = v.magnitude, whole = m / 100, frac = m % 100
    return (v < 0 ? 1 : 0) + (whole == 0 && frac != 0 ? 0 : digitCount(whole)) + fractionBytes(frac)
  }

  /// The length of `v` hundredths as `write` writes it (with the zero before a point).
  @inline(__always)
  static func bytes(hundredths v: Int64) -> Int {
    let m = v.magnitude
    return (v < 0 ? 1 : 0) + digitCount(m / 100) + fractionBytes(m % 100)
  }

  @inline(__always)
  private static func fractionBytes(_ frac: UInt64) -> Int { frac == 0 ? 0 : frac % 10 == 0 ? 2 : 3 }

  /// Writes the decimal digits of `value` ("0" for zero) from `start` on; returns where they end.
  @inline(__always)
  static func writeDigits(_ value: UInt64, startingAt start: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let end = start + digitCount(value)
    _ = writeDigits(value, endingAt: end, in: buffer)
    return end
  }

  /// How many decimal digits `value` has (1 for zero): coordinates have few, so counting up from
  /// one digit takes a few comparisons.
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    // Coordinates mostly have one to four digits before the point: two comparisons decide those.
    if value < 100 { return value < 10 ? 1 : 2 }
    if value < 10_000 { return value < 1_000 ? 3 : 4 }
    var count = 5
    var bound: UInt64 = 100_000
    while value >= bound {
      count += 1
      if count == 20 { break }  // 10^20 does not fit in 64 bits; every UInt64 has at most 20 digits
      bound &*= 10
    }
    return count
  }

  /// `Int64(v.rounded())` for |v| < 2⁶²: the conversion truncates, and the part it cut off (exact:
  /// the fraction of a double is a double) says whether to step away from zero. `rounded()` is a
  /// call into libm, one per coordinate written. Callers stay far below the bound; beyond it the
  /// result is clamped (NaN gives 0) rather than trapping.
  @inline(__always)
  static func roundedHalfAwayFromZero(_ v: Double) -> Int64 {
    guard abs(v) < 0x1p62 else { return v.isNaN ? 0 : v < 0 ? .min : .max }
    let t = Int64(v)
    let cut = v - Double(t)
    // The step is added, not branched on: the fraction of a data point's coordinate is as good as
    // random, and a branch on it was mispredicted about every other point of a large line.
    let up = Int64(unsafeBitCast(cut >= 0.5, to: UInt8.self))
    let down = Int64(unsafeBitCast(cut <= -0.5, to: UInt8.self))
    return t &+ up &- down
  }

  /// Writes the decimal digits of `value` ("0" for zero) ending just before `end`; returns the start.
  @inline(__always)
  static func writeDigits(_ value: UInt64, endingAt end: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var at = end
    var v = value
    // Two digits per division by 100: the chain of dependent divisions is half as long, and the
    // two digits of each pair are worked out independently of the next pair.
    while v >= 100 {
      let q = v / 100
      let pair = v &- q &* 100
      at -= 2
      buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair / 10)
      buffer[at + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair % 10)
      v = q
    }
    if v >= 10 {
      at -= 2
      buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
      buffer[at + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
    } else {
      at -= 1
      buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)
    }
    return at
  }
}
