import Testing
@testable import ChartCore

/// `TickStep(decimal:)` holds exactly the digits of a double's shortest decimal form.
@Suite struct TickStepDecimalTests {
  /// The digits and exponent read from the printed form with `Double(String)`-free string work:
  /// the significant digits without the point and leading zeros, the exponent from the point's
  /// place and an `e` part.
  static func expected(_ d: Double) -> (mantissa: String, exponent: Int) {
    let text = "\(d)"
    let parts = text.split(separator: "e", omittingEmptySubsequences: false)
    var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let number = parts[0]
    let point = number.firstIndex(of: ".")
    let whole = point.map { String(number[..<$0]) } ?? String(number)
    let fraction = point.map { String(number[number.index(after: $0)...]) } ?? ""
    exponent -= fraction.count
    var digits = String((whole + fraction).drop { $0 == "0" })
    while digits.hasSuffix("0") {
      digits.removeLast()
      exponent += 1
    }
    return (digits, exponent)
  }

  @Test func everyDoubleReadsAsItsShortestDigits() {
    var values: [Double] = [0.1, 0.3, 1, 2.5, 10, 100, 1e-5, 1.5e-7, 123_456_789, 1e15, 1e16, 1e21, 1.7976931348623157e308,
                            .leastNonzeroMagnitude, 2.2250738585072014e-308, 0.1 + 0.2, 1.0 / 3, 99.36, 12.125, 1e22, 4.35e-12]
    var state: UInt64 = 0x243F_6A88_85A3_08D3
    for k in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Any bit pattern of a positive finite double, and plain numbers of a few digits.
      let bits = Double(bitPattern: state >> 1)
      values.append(k % 2 == 0 ? bits : Double(state >> 40) / [1, 10, 100, 1000, 1e6][k % 5])
    }
    for d in values where d.isFinite && d > 0 {
      guard let step = TickStep(decimal: d) else {
        Issue.record("no step for \(d)")
        continue
      }
      let (digits, exponent) = Self.expected(d)
      #expect(String(step.mantissa) == digits && step.exponent == exponent, "\(d)")
      #expect(Double("\(step.mantissa)e\(step.exponent)") == d, "\(d)")
    }
    for bad in [0, -1, .infinity, .nan, -.infinity] as [Double] { #expect(TickStep(decimal: bad) == nil) }
  }
}
