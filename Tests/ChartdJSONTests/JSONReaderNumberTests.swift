import Foundation
import Testing
@testable import ChartdJSON

/// Number conversion must be correctly rounded on every path (Clinger, 128-bit integer, strtod).
@Suite struct JSONReaderNumberTests {
  /// Swift's own `Double(String)` is correctly rounded and locale-free: the reference.
  static func reference(_ text: String) -> Double? { Double(text) }

  static func ours(_ text: String) -> Double? {
    guard case .number(let d)? = try? JSONReader.parse(text) else { return nil }
    return d
  }

  @Test(arguments: [
    // Halfway and near-halfway cases around 2^53, where the integer paths must round to even.
    "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
    "9007199254740997", "18014398509481985", "18014398509481987", "18446744073709551615",
    "9223372036854775807", "9223372036854775809", "1844674407370955161.5",
    // Classic hard cases.
    "0.1", "0.2", "0.3", "0.30000000000000004", "2.2250738585072011e-308",
    "2.2250738585072012e-308", "7.2057594037927933e16", "1e23", "8.41e21", "5.0e-324",
    "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623158e308",
    "4.35679273007e-310", "3.4028234663852886e38", "9.999999999999999e22", "1e22", "1e-22",
    "123456789012345678e-5", "1234567890123456789e-19", "1234567890123456789e-20",
    "0.1234567890123456789", "12345678901234567890", "123456789012345678901234567890",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "0.000123456789012345678", "6.02214076e23", "1.602176634e-19", "299792458",
    "4503599627370496.5", "4503599627370497.5", "9007199254740993.0000000001",
  ])
  func hardCaseMatchesReference(_ text: String) {
    let expected = Self.reference(text)
    #expect(expected != nil)
    #expect(Self.ours(text)?.bitPattern == expected?.bitPattern, "\(text)")
    #expect(Self.ours("-" + text)?.bitPattern == expected.map { -$0 }?.bitPattern, "-\(text)")
  }

  @Test func randomDecimalsMatchReference() {
    var rng = SplitMix64(seed: 7)
    var mismatches: [String] = []
    for _ in 0..<100_000 {
      let digitCount = Int.random(in: 1...22, using: &rng)
      var digits = String(Int.random(in: 1...9, using: &rng))
      for _ in 1..<digitCount { digits.append(String(Int.random(in: 0...9, using: &rng))) }
      var text = digits
      // Put a decimal point somewhere (or nowhere) and an exponent sometimes.
      let point = Int.random(in: 0...digitCount, using: &rng)
      if point > 0, point < digitCount {
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
      } else if point == 0 {
        text = "0." + digits
      }
      if Bool.random(using: &rng) { text += "e\(Int.random(in: -40...40, using: &rng))" }
      if Self.ours(text)?.bitPattern != Self.reference(text)?.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func shortestFormsOfRandomDoublesReadBackExactly() {
    var rng = SplitMix64(seed: 11)
    var mismatches: [String] = []
    for _ in 0..<100_000 {
      let d = Double(bitPattern: rng.next())
      guard d.isFinite else { continue }
      let text = "\(d)"
      if Self.ours(text)?.bitPattern != d.bitPattern { mismatches.append(text) }
      // Random values of everyday magnitude exercise the 128-bit division path.
      let everyday = Double.random(in: -1000...1000, using: &rng)
      if Self.ours("\(everyday)")?.bitPattern != everyday.bitPattern { mismatches.append("\(everyday)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func integerPathsAgreeWithReferenceAtRoundingBoundaries() {
    // Mantissas just above 2^53 with every small power of ten on both sides.
    var mismatches: [String] = []
    for offset in 0..<64 {
      let w = (UInt64(1) << 53) + UInt64(offset) * 997
      for k in 0...19 {
        for text in ["\(w)e\(k)", "\(w)e-\(k)"] where Self.ours(text)?.bitPattern != Self.reference(text)?.bitPattern {
          mismatches.append(text)
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func slowPathIsLocaleIndependent() {
    // A digit string longer than 19 significant digits always takes the strtod path.
    let text = "3.14159265358979323846264338327950288"
    #expect(Self.ours(text) == Double.pi)
  }
}
