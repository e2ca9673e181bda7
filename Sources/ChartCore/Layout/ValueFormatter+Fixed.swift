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
    guard v.isFinite, d >= 0, d < exactPowersOfTen.count else { return nil }
    let product = abs(v) * exactPowersOfTen[d]
    let n = product.rounded()
    guard n < 562_949_953_421_312, abs(product - n) < 0.25 else { return nil }  // 2^49
    var digits = String(Int64(n))
    if digits.count <= d { digits = String(repeating: "0", count: d + 1 - digits.count) + digits }
    let intPart = digits.dropLast(d)
    var fracPart = digits.suffix(d)
    if trimZeros { while fracPart.last == "0" { fracPart.removeLast() } }
    let text = fracPart.isEmpty ? String(intPart) : intPart + "." + fracPart
    return (v < 0 && n != 0, text)
  }
}
