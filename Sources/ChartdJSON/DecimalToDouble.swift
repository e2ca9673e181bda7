/// Exact conversion of `mantissa × 10^exponent` to the nearest `Double`, for the cases
/// that need no arbitrary-precision arithmetic.
///
/// Three paths, each correctly rounded (round half to even):
/// 1. Clinger's fast path: mantissa ≤ 2^53 and |exponent| ≤ 22, so both operands are
///    exact doubles and one IEEE multiplication or division rounds once.
/// 2. A 64-bit mantissa divided by 10^k (k ≤ 19): a 128-by-64-bit integer division gives
///    64 quotient bits plus a remainder, enough to round exactly.
/// 3. A 64-bit mantissa multiplied by 10^k (k ≤ 19): the exact 128-bit product is rounded.
/// Everything else returns nil and the caller falls back to `strtod`.
enum DecimalToDouble {
  /// 10^k as an exact double, for 0 ≤ k ≤ 22. A switch rather than a global table: globals
  /// are initialised lazily and would cost a `swift_once` check per number.
  @inline(__always)
  static func doublePower(_ k: Int) -> Double {
    switch k {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
  }

  /// 10^k as an integer, for 0 ≤ k ≤ 19.
  @inline(__always)
  static func integerPower(_ k: Int) -> UInt64 {
    var p: UInt64 = 1
    for _ in 0..<k { p &*= 10 }
    return p
  }

  @inline(__always)
  static func convert(mantissa: UInt64, exponent: Int) -> Double? {
    if mantissa == 0 { return 0 }
    if exponent == 0, mantissa <= 1 << 53 { return Double(mantissa) }
    if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      let m = Double(mantissa)
      return exponent < 0 ? m / doublePower(-exponent) : m * doublePower(exponent)
    }
    if exponent < 0, exponent >= -19 { return divide(mantissa, byPowerOfTen: -exponent) }
    if exponent >= 0, exponent <= 19 { return multiply(mantissa, byPowerOfTen: exponent) }
    return nil
  }

  /// `w / 10^k` rounded to nearest even, for w ≥ 1 and 1 ≤ k ≤ 19.
  static func divide(_ w: UInt64, byPowerOfTen k: Int) -> Double {
    let divisor = integerPower(k)
    let wBits = 64 - w.leadingZeroBitCount
    let dBits = 64 - divisor.leadingZeroBitCount
    // Shift so the quotient lands in (2^62, 2^64): plenty of bits to round to 53.
    let shift = 63 + dBits - wBits
    let numerator = shiftLeft(w, by: shift)
    let (quotient, remainder) = divisor.dividingFullWidth(numerator)
    return roundToDouble(quotient, sticky: remainder != 0, binaryExponent: -shift)
  }

  /// `w × 10^k` rounded to nearest even, for w ≥ 1 and 0 ≤ k ≤ 19.
  static func multiply(_ w: UInt64, byPowerOfTen k: Int) -> Double {
    let product = w.multipliedFullWidth(by: integerPower(k))
    if product.high == 0 { return roundToDouble(product.low, sticky: false, binaryExponent: 0) }
    // Keep the top 64 bits; the bits shifted out only matter as a sticky bit.
    let lz = product.high.leadingZeroBitCount
    let top = lz == 0 ? product.high : (product.high << lz) | (product.low >> (64 - lz))
    let lost = lz == 0 ? product.low : product.low << lz
    return roundToDouble(top, sticky: lost != 0, binaryExponent: 64 - lz)
  }

  /// Rounds `value × 2^binaryExponent` (plus a non-zero tail below `value` when `sticky`)
  /// to the nearest double, ties to even.
  @inline(__always)
  static func roundToDouble(_ value: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
    let bits = 64 - value.leadingZeroBitCount
    if bits <= 53 {
      // Exact as it stands (sticky is only ever set with a 63- or 64-bit value).
      return Double(sign: .plus, exponent: binaryExponent, significand: Double(value))
    }
    let drop = bits - 53
    var kept = value >> drop
    let rest = value & ((1 << drop) - 1)
    let half: UInt64 = 1 << (drop - 1)
    if rest > half || (rest == half && (sticky || kept & 1 == 1)) { kept += 1 }
    return Double(sign: .plus, exponent: binaryExponent + drop, significand: Double(kept))
  }

  /// `value << shift` as a 128-bit (high, low) pair, for 0 ≤ shift < 128.
  @inline(__always)
  static func shiftLeft(_ value: UInt64, by shift: Int) -> (high: UInt64, low: UInt64.Magnitude) {
    if shift == 0 { return (0, value) }
    if shift < 64 { return (value >> (64 - shift), value << shift) }
    return (value << (shift - 64), 0)
  }
}
