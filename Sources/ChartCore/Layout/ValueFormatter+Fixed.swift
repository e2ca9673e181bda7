/// A cheap path for `ValueFormatter.fixed` that needs no exact decimal expansion.
extension ValueFormatter {
  /// Powers of ten that are exact doubles (10^0 … 10^15).
  private static let exactPowersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { p, _ in p * 10 } }

  /// `fixed(v, decimals: d, trimZeros:)` when |v|·10^d is clearly nearer one integer than the
  /// next; nil otherwise. Below 2^49 the product is off from the exact |S|·10^d (S the shortest
  /// decimal form of v) by less than 0.2, so within 0.25 of an integer n both round to n, and
  /// half-away-from-zero rounding never comes into play. Tick labels (multiples of their step) and
  /// most data take this path.
  static func fixedNearInteger(_ v: Double, decimals d: Int, trimZeros: Bool) -> (negative: Bool, digits: String)? {
    point.withUnsafeBufferPointer { point in
      withNearIntegerBytes(v, decimals: d, trimZeros: trimZeros, separator: point) { digits, zero in
        (v < 0 && !zero, String(decoding: digits, as: UTF8.self))
      }
    }
  }

  private static let point = [UInt8(ascii: ".")]

  /// Hands `body` the unsigned text `fixedNearInteger` gives, as bytes with `separator` for the
  /// point (a caller may pass it escaped or localised), and whether it is zero; nil, without
  /// calling `body`, where `fixedNearInteger` gives nil.
  ///
  /// Written backwards into one stack buffer: the fraction's digits (trailing zeros dropped when
  /// `trimZeros`), the separator when a digit of the fraction remains, then the whole part.
  static func withNearIntegerBytes<R>(_ v: Double, decimals d: Int, trimZeros: Bool, separator sep: UnsafeBufferPointer<UInt8>,
                                      _ body: (_ digits: UnsafeBufferPointer<UInt8>, _ zero: Bool) -> R) -> R? {
    guard v.isFinite, d >= 0, d < exactPowersOfTen.count else { return nil }
    let product = abs(v) * exactPowersOfTen[d]
    let n = product.rounded()
    guard n < 562_949_953_421_312, abs(product - n) < 0.25 else { return nil }  // 2^49
    let capacity = 20 + d + sep.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var at = capacity
      var rest = UInt64(n)
      var trimming = trimZeros, fraction = false
      for _ in 0..<d {
        let digit = UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
        if trimming && digit == 0 { continue }
        trimming = false
        fraction = true
        at -= 1
        buffer[at] = UInt8(ascii: "0") &+ digit
      }
      if fraction {
        for b in sep.reversed() {
          at -= 1
          buffer[at] = b
        }
      }
      at = SVGNumber.writeDigits(rest, endingAt: at, in: buffer)
      return body(UnsafeBufferPointer(rebasing: buffer[at..<capacity]), n == 0)
    }
  }
}
