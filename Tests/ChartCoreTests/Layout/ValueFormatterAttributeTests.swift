import Testing
@testable import ChartCore

/// Numbers written straight into an attribute read exactly as the formatter's text, escaped.
@Suite struct ValueFormatterAttributeTests {
  /// What the writer gives for `v`, as a string.
  static func written(_ v: Double, _ numbers: ValueFormatter.AttributeNumbers) -> String {
    var svg = SVGWriter()
    svg.attr("a") { numbers.append(v, to: &$0) }
    return svg.output
  }

  /// The same attribute through `format` and the escaping of whole strings.
  static func expected(_ v: Double, _ spec: FormatterSpec?, _ locale: LocaleSpec) -> String {
    var svg = SVGWriter()
    svg.attr("a", ValueFormatter.format(v, spec, locale: locale))
    return svg.output
  }

  static let specs: [FormatterSpec?] = [
    nil, .number(decimals: nil, prefix: "", suffix: ""), .number(decimals: 3, prefix: "", suffix: ""),
    .number(decimals: nil, prefix: "<$", suffix: "\" ms"), .percent(decimals: nil, multiply: true), .compact(decimals: nil),
  ]

  @Test(arguments: [".", ",", "'", "&", "<>\"", "٫"])
  func everyValueReadsAsItsFormattedTextEscaped(separator: String) {
    var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, -0.005, 1, -1, 0.1, -2.5, 12.34, -12.345, 0.125, 1e-9, -3e-7,
                            1e15, 9.99e14, 123_456_789.01, -1e20, .nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude,
                            .greatestFiniteMagnitude]
    var state: UInt64 = 0x9e37_79b9
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let scale = [1.0, 100.0, 0.01, 1e6, 1e-4][Int(state >> 60) % 5]
      let raw = Double(Int64(bitPattern: state >> 8) % 1_000_000) / 100 * scale
      // Half of them with at most two decimals (the fast path), half with more.
      values.append(state & 1 == 0 ? (raw * 100).rounded() / 100 : raw + 0.001234)
    }
    for grouping in [false, true] {
      var locale = LocaleSpec()
      locale.decimalSeparator = separator
      locale.useGrouping = grouping
      for spec in Self.specs {
        let numbers = ValueFormatter.AttributeNumbers(spec, locale: locale)
        for v in values {
          #expect(Self.written(v, numbers) == Self.expected(v, spec, locale), "\(v) \(String(describing: spec)) grouping \(grouping)")
        }
      }
    }
  }

  @Test func aCandleLabelIsEscapedPieceByPiece() throws {
    var svg = SVGWriter()
    svg.attr("aria-label") {
      $0.attributeText("A & \"B\"")
      $0.escapedBytes(Array(": ".utf8))
    }
    #expect(svg.output == " aria-label=\"A &amp; &quot;B&quot;: \"")
  }
}
