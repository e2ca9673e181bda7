import Testing
@testable import ChartCore

/// The fast text of values with at most two decimals matches the digits written out by hand.
@Suite struct ValueFormatterTwoDecimalTests {
  /// The expected text, built from the integer's decimal string (not the formatter's digit loop).
  static func expected(_ hundredths: Int64, separator: String) -> String {
    let whole = String(hundredths / 100), frac = hundredths % 100
    guard frac != 0 else { return whole }
    var digits = String(frac)
    if frac < 10 { digits = "0" + digits }
    if digits.hasSuffix("0") { digits.removeLast() }
    return whole + separator + digits
  }

  @Test(arguments: [".", ",", "·", "٫", "abc\u{1F4C8}"])
  func valuesWithTwoDecimalsReadAsTheirDigits(separator: String) {
    var locale = LocaleSpec()
    locale.decimalSeparator = separator
    var state: UInt64 = 0x1234_5678
    for k in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Small, medium and large magnitudes up to 10^13 hundredths.
      let bound: UInt64 = [100, 100_000, 10_000_000_000_000][k % 3]
      let hundredths = Int64((state >> 11) % bound)
      for sign in [1.0, -1.0] {
        let v = sign * Double(hundredths) / 100
        let text = ValueFormatter.twoDecimalText(v, locale)
        #expect(text == Self.expected(hundredths, separator: separator), "\(v)")
        let full = ValueFormatter.format(v, nil, locale: locale)
        #expect(full == (sign < 0 && hundredths != 0 ? "-" : "") + Self.expected(hundredths, separator: separator), "\(v)")
      }
    }
    #expect(ValueFormatter.twoDecimalText(0.125, locale) == nil)
  }
}
