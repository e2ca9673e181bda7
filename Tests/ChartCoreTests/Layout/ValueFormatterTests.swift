import Testing
@testable import ChartCore

/// Formatter tables: automatic decimals, fixed decimals, percent, compact, category, date, locale.
@Suite struct ValueFormatterTests {
  static let number: [(Double, Double?, String)] = [
    (0, 1, "0"), (5, 1, "5"), (-5, 1, "-5"), (0.5, 0.5, "0.5"), (2.5, 2.5, "2.5"), (5, 2.5, "5.0"),
    (0.25, 0.25, "0.25"), (0.5, 0.25, "0.50"), (100, 25, "100"), (0.04, 0.02, "0.04"),
    (0.30000000000000004, 0.1, "0.3"), (-0.0, 0.1, "0.0"), (-0.001, 0.1, "0.0"), (1e12, 2e11, "1.0e12"),
    (0.285, 0.01, "0.29"), (-0.285, 0.01, "-0.29"), (1.000000001, 2e-10, "1.0000000010"), (7, 0.3, "7.0"),
    (3.14159, nil, "3.14"), (0.0012345, nil, "0.00123"), (2, nil, "2"), (1234567.891, nil, "1234567.89"),
  ]

  @Test(arguments: number.indices)
  func automaticDecimals(_ i: Int) {
    let (v, step, expected) = Self.number[i]
    #expect(ValueFormatter.format(v, nil, step: step) == expected)
  }

  @Test func decimalsFromStep() {
    #expect(ValueFormatter.decimals(forStep: 1) == 0)
    #expect(ValueFormatter.decimals(forStep: 0.2) == 1)
    #expect(ValueFormatter.decimals(forStep: 2.5) == 1)
    #expect(ValueFormatter.decimals(forStep: 0.25) == 2)
    #expect(ValueFormatter.decimals(forStep: 25) == 0)
    #expect(ValueFormatter.decimals(forStep: 0.7 - 0.4) == 1)
    #expect(ValueFormatter.decimals(forStep: 1e-9) == 9)
  }

  @Test func fixedPrefixSuffixAndLocale() {
    let money = FormatterSpec.number(decimals: 2, prefix: "$", suffix: "")
    #expect(ValueFormatter.format(-5, money) == "-$5.00")
    #expect(ValueFormatter.format(12.345, .number(decimals: 1, prefix: "", suffix: " ms")) == "12.3 ms")
    var de = LocaleSpec()
    de.decimalSeparator = ","
    de.groupingSeparator = "."
    de.useGrouping = true
    #expect(ValueFormatter.format(1234567.5, .number(decimals: 1, prefix: "", suffix: ""), locale: de) == "1.234.567,5")
    #expect(ValueFormatter.format(999, .number(decimals: 0, prefix: "", suffix: ""), locale: de) == "999")
    #expect(ValueFormatter.format(-1000, .number(decimals: 0, prefix: "", suffix: ""), locale: de) == "-1.000")
  }

  @Test func percent() {
    #expect(ValueFormatter.format(0.07, .percent(decimals: nil, multiply: true), step: 0.01) == "7%")
    #expect(ValueFormatter.format(0.125, .percent(decimals: nil, multiply: true), step: 0.025) == "12.5%")
    #expect(ValueFormatter.format(42, .percent(decimals: 1, multiply: false)) == "42.0%")
  }

  @Test func compact() {
    let c = FormatterSpec.compact(decimals: nil)
    #expect(ValueFormatter.format(1234, c) == "1.2k")
    #expect(ValueFormatter.format(3_400_000, c) == "3.4M")
    #expect(ValueFormatter.format(5_600_000_000, c) == "5.6B")
    #expect(ValueFormatter.format(-2_000, c) == "-2k")
    #expect(ValueFormatter.format(999_999, c) == "1M")
    #expect(ValueFormatter.format(500, c, step: 500) == "500")
    #expect(ValueFormatter.format(1500, c, step: 500) == "1.5k")
    #expect(ValueFormatter.format(2000, c, step: 500) == "2k")
    #expect(ValueFormatter.format(1500, .compact(decimals: 2)) == "1.50k")
    #expect(ValueFormatter.format(7.5e12, c) == "7.5T")
  }

  @Test func category() {
    let c = FormatterSpec.category(labels: ["Jan", "Feb", "Mar"])
    #expect(ValueFormatter.format(1, c) == "Feb")
    #expect(ValueFormatter.format(1.5, c) == "")
    #expect(ValueFormatter.format(3, c) == "")
    #expect(ValueFormatter.format(-1, c) == "")
    #expect(ValueFormatter.format(.nan, c) == "")
  }

  @Test func dates() {
    // 2024-02-29T13:05:09Z, a Thursday.
    let t = 1_709_211_909.0
    #expect(ValueFormatter.format(t, .date(pattern: "yyyy-MM-dd HH:mm:ss")) == "2024-02-29 13:05:09")
    #expect(ValueFormatter.format(t, .date(pattern: "MM/dd")) == "02/29")
    #expect(ValueFormatter.format(t, .date(pattern: "d MMM yy")) == "29 Feb 24")
    #expect(ValueFormatter.format(t, .date(pattern: "EEE, MMMM d")) == "Thu, February 29")
    #expect(ValueFormatter.format(t, .date(pattern: "'Q' yyyy ''")) == "Q 2024 '")
    #expect(ValueFormatter.format(0, .date(pattern: "yyyy-MM-dd")) == "1970-01-01")
    #expect(ValueFormatter.format(-1, .date(pattern: "yyyy-MM-dd HH:mm:ss")) == "1969-12-31 23:59:59")
    #expect(ValueFormatter.format(951_782_400, .date(pattern: "yyyy-MM-dd")) == "2000-02-29")
    #expect(ValueFormatter.format(.nan, .date(pattern: "yyyy")) == "")
    #expect(ValueFormatter.format(1e300, .date(pattern: "yyyy")) == "")
  }

  @Test func nonFiniteAndDeterministic() {
    #expect(ValueFormatter.format(.nan, nil) == "")
    #expect(ValueFormatter.format(.infinity, nil) == "∞")
    #expect(ValueFormatter.format(-1e-20, nil, step: 1) == "0")
    #expect(ValueFormatter.format(1e300, nil, step: 1e299) == "1.0e300")
  }
}
