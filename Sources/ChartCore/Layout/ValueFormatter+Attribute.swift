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
      if automatic, v.isFinite, !usesScientific(value: v) {
        // `number`'s own order of paths (scientific ruled out above): the two-decimal text, then
        // the text of a value near an integer at its automatic decimals (most measured data).
        let written = separator.withUnsafeBufferPointer { sep -> Bool in
          // No "-0" from the first: a value it covers is a multiple of 0.01 (within 1e-8) and,
          // outside the scientific range, at least 1e-4, so not zero.
          if withTwoDecimalBytes(v, separator: sep, { Self.write(negative: v < 0, $0, to: &svg) }) != nil { return true }
          return withNearIntegerBytes(v, decimals: automaticDecimals(v), trimZeros: true, separator: sep) { digits, zero in
            Self.write(negative: v < 0 && !zero, digits, to: &svg)
          } != nil
        }
        if written { return }
      }
      svg.attributeText(format(v, spec, locale: locale))
    }

    /// A sign, when due, and the digits.
    private static func write(negative: Bool, _ digits: UnsafeBufferPointer<UInt8>, to svg: inout SVGWriter) {
      if negative { svg.escapedBytes(minus) }
      svg.escapedBytes(digits)
    }

    private static let minus: [UInt8] = [UInt8(ascii: "-")]
  }
}
