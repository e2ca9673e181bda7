import Foundation
import Testing
@testable import ChartCore

/// The near-integer path of `ValueFormatter.fixed` writes what rounding the value's shortest
/// decimal form half away from zero writes, worked out here with strings and integers only.
@Suite struct ValueFormatterFixedTests {
  /// `|v|` rounded to `d` decimals from its printed digits, as text ("12.30", or "12.3" trimmed).
  static func expected(_ v: Double, _ d: Int, trimZeros: Bool) -> String? {
    let step = TickStepDecimalTests.expected(abs(v))
    var digits = step.mantissa, exponent = step.exponent
    if digits.isEmpty { digits = "0"; exponent = 0 }
    // digits · 10^(exponent + d), rounded half away from zero.
    let shift = exponent + d
    var whole: String
    if shift >= 0 {
      whole = digits + String(repeating: "0", count: shift)
    } else {
      let cut = -shift
      if cut > digits.count {
        whole = "0"
      } else {
        let keep = String(digits.dropLast(cut)), dropped = digits.suffix(cut)
        guard var q = Int64(keep.isEmpty ? "0" : keep) else { return nil }
        if let first = dropped.first, first >= "5" { q += 1 }
        whole = String(q)
      }
    }
    if whole.count <= d { whole = String(repeating: "0", count: d + 1 - whole.count) + whole }
    let intPart = String(whole.dropLast(d))
    var fraction = String(whole.suffix(d))
    if trimZeros { while fraction.hasSuffix("0") { fraction.removeLast() } }
    return fraction.isEmpty ? intPart : intPart + "." + fraction
  }

  @Test func theNearIntegerPathWritesTheRoundedShortestDigits() {
    var values: [Double] = [0, 0.5, 1.5, 2.5, 0.125, 99.36123, 12.345, 1e-3, 0.0049, 123_456.789, 1e12 + 0.5, 0.07, 7.0000001]
    var state: UInt64 = 0x1357_9BDF_2468_ACE0
    for k in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let scale = [1.0, 1e-3, 1e3, 1e-6, 1e9][k % 5]
      values.append((Double(state >> 11) / Double(1 << 53) - 0.5) * 200 * scale)
    }
    var taken = 0
    for v in values {
      for d in 0...14 {
        for trim in [true, false] {
          guard let got = ValueFormatter.fixedNearInteger(v, decimals: d, trimZeros: trim) else { continue }
          taken += 1
          let text = Self.expected(v, d, trimZeros: trim)
          #expect(got.digits == text, "\(v) at \(d) decimals, trim \(trim)")
          #expect(got.negative == (v < 0 && got.digits.contains { $0 != "0" && $0 != "." }), "\(v) at \(d)")
        }
      }
    }
    // Most values at most decimals are near an integer: the check above did check something.
    #expect(taken > values.count * 10)
  }
}
