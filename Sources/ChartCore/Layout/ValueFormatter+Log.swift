import Foundation

/// Tick labels of logarithmic axes: one value per decade or less, so each label is written on its
/// own, short and without trailing zeros.
extension ValueFormatter {
  /// The label of tick `v` on a log axis of `base`. Without a formatter, base 10 writes 0.001 … 500
  /// plainly, 1k … 500T compactly and anything beyond in scientific notation (1e-5, 1e15); base 2
  /// writes 0.125 … 524288 plainly, beyond in scientific notation. A formatter given for the axis
  /// applies as on a linear axis, with the step of the tick's own power (so 0.02 keeps two decimals).
  static func logTick(_ v: Double, base: Double, _ spec: FormatterSpec?, locale: LocaleSpec) -> String {
    guard v > 0, v.isFinite else { return format(v, spec, locale: locale) }
    if let spec {
      let step = base == 10 ? LogTicks.power(LogTicks.floorExponent(v, base: 10), base: 10) : nil
      return format(v, spec, step: step, locale: locale)
    }
    let plainUpTo = base == 10 ? 1e3 : 1e6
    if v >= scientificStepBelow, v < plainUpTo { return format(v, nil, locale: locale) }
    if base == 10, v >= plainUpTo, v < scientificValueFrom { return compact(v, decimals: nil, step: nil, locale: locale) }
    return scientificTick(v, locale: locale)
  }

  /// `m e E` with at most three significant digits, worked out from the decimal exponent so that
  /// powers far beyond 10^±22 (not exact in binary) still read `1e-300`, not `9.999999999999999e-301`.
  static func scientificTick(_ v: Double, locale: LocaleSpec) -> String {
    var e = LogTicks.floorExponent(v, base: 10)
    var m = v / LogTicks.power(e, base: 10)
    // Below 10^-323 (the smallest double, 4.9e-324) the exponent was clamped: move the digits into
    // the mantissa's range.
    while m < 1, m > 0, e > -400 {
      m *= 10
      e -= 1
    }
    m = (m * 100).rounded() / 100
    if m >= 10 {
      m /= 10
      e += 1
    }
    return format(m, nil, locale: locale) + "e" + String(e)
  }
}
