extension ValueFormatter {
  /// Writes `format(v, spec, locale:)` into an attribute value, escaped, without a `String` for
  /// the common case: the automatic text of a value with at most two decimals.
  ///
  /// A candlestick chunk's `aria-label`s hold five numbers per candle; building each as a string
  /// and escaping the joined label cost a quarter of the chunk's render.
  struct AttributeNumbers {
    private let spec: FormatterSpec?
    private let locale: LocaleSpec
    /// Whether `format` takes the automatic number path (no decimals, prefix, suffix or grouping).
    private let automatic: Bool
    /// The decimal separator, escaped.
    private let separator: [UInt8]

    init(_ spec: FormatterSpec?, locale: LocaleSpec) {
      self.spec = spec
      self.locale = locale
      automatic = !locale.useGrouping && (spec == nil || spec == .number(decimals: nil, prefix: "", suffix: ""))
      var separator: [UInt8] = []
      XMLEscape.appendAttribute(locale.decimalSeparator, to: &separator)
      self.separator = separator
    }

    /// Appends the text of `v`, as `format` words it, to an attribute value of `svg`.
    func append(_ v: Double, to svg: inout SVGWriter) {
      // The order of `number`'s own paths: scientific first, then the two-decimal text.
      if automatic, v.isFinite, !usesScientific(value: v) {
        let written: Bool? = separator.withUnsafeBufferPointer { sep in
          withTwoDecimalBytes(v, separator: sep) { digits in
            // No "-0" can come of it: a value the two-decimal text covers is a multiple of 0.01
            // (within 1e-8), and outside the scientific range it is at least 1e-4, so not zero.
            if v < 0 {
              svg.escapedBytes(Self.minus)
            }
            svg.escapedBytes(digits)
            return true
          }
        }
        if written != nil { return }
        // Other values with automatic decimals, as `number` writes them when they are near an
        // integer at those decimals (most measured data).
        let nearInteger: Bool? = withNearIntegerBytes(v, decimals: automaticDecimals(v), trimZeros: true,
                                                       separator: separator) { digits, zero in
          if v < 0 && !zero { svg.escapedBytes(Self.minus) }
          svg.escapedBytes(digits)
          return true
        }
        if nearInteger != nil { return }
      }
      svg.attributeText(format(v, spec, locale: locale))
    }

    private static let minus: [UInt8] = [UInt8(ascii: "-")]
  }
}
