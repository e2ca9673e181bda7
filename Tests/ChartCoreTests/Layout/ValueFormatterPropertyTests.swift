import Testing
@testable import ChartCore

/// Every formatter on any double — every magnitude, zero of both signs, the largest and smallest
/// doubles, infinities and NaN — with any step: a label, never a trap, of bounded length, and the
/// same label for the same input.
///
/// Bounded: no label passes 64 characters (scientific notation from 10^21 on, whatever the decimals).
@Suite struct ValueFormatterPropertyTests {
  static func value(_ rng: inout SeededRandom) -> Double {
    switch rng.next() % 10 {
    case 0:
      return [0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
              .leastNonzeroMagnitude, .leastNormalMagnitude, 9.223372036854775e18, -9.223372036854775e18,
              1e15, 253_402_300_800, -62_135_596_800][Int(rng.next() % 14)]
    case 1: return Double(Int64(bitPattern: rng.next()))  // integers of every size
    default:
      let magnitude = Int(rng.next() % 617) - 308
      var v = 1 + 9 * rng.uniform()
      for _ in 0..<abs(magnitude) { v = magnitude < 0 ? v / 10 : v * 10 }
      return rng.next() % 2 == 0 ? v : -v
    }
  }

  static func formatter(_ rng: inout SeededRandom) -> FormatterSpec? {
    let decimals: Int? = rng.next() % 3 == 0 ? nil : Int(rng.next() % 21)
    switch rng.next() % 8 {
    case 0: return nil
    case 1: return .number(decimals: decimals, prefix: "$", suffix: " kg")
    case 2: return .percent(decimals: decimals, multiply: rng.next() % 2 == 0)
    case 3: return .compact(decimals: decimals)
    case 4: return .category(labels: ["a", "b", "", "d"])
    case 5: return .indexDate(times: [0, 86_400, .nan, 1e12, -1e12], pattern: "yyyy-MM-dd HH:mm:ss")
    case 6: return .date(pattern: ["yyyy-MM-dd", "MMM d HH:mm", "ss", "yyyy"][Int(rng.next() % 4)])
    default: return .number(decimals: nil, prefix: "", suffix: "")
    }
  }

  @Test func everyDoubleGetsABoundedLabel() {
    var rng = SeededRandom(seed: 11_301_2026)
    var locale = LocaleSpec()
    for round in 0..<30_000 {
      let v = Self.value(&rng)
      let step: Double? = rng.next() % 3 == 0 ? nil : abs(Self.value(&rng))
      let spec = Self.formatter(&rng)
      locale.useGrouping = round % 2 == 0
      locale.decimalSeparator = round % 3 == 0 ? "," : "."
      let label = ValueFormatter.format(v, spec, step: step, locale: locale)
      #expect(label.count <= 64, "\(v) \(String(describing: step)) \(String(describing: spec)): \(label.count) characters")
      #expect(label == ValueFormatter.format(v, spec, step: step, locale: locale))
    }
  }
}
