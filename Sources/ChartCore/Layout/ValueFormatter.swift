import Foundation

/// Turns values into label text according to a `FormatterSpec` and the locale.
///
/// Deterministic and locale-independent apart from `LocaleSpec`: numbers are rounded half away
/// from zero on their shortest decimal form (0.285 → "0.29", as a reader expects), never "-0".
public enum ValueFormatter {
  /// Formats `value`; `step` (the tick interval) decides automatic decimals.
  public static func format(_ value: Double, _ spec: FormatterSpec?, step: Double? = nil, locale: LocaleSpec = LocaleSpec()) -> String {
    format(value, spec, step: step, locale: locale, mantissaDecimals: nil)
  }

  /// `format`, with a scientific mantissa padded to `mantissaDecimals` decimals: a tick label, with
  /// the decimals its axis's scientific labels share (`sharedMantissaDecimals`). `lastDigit`: where
  /// a scientific label is rounded, when finer than the step's last digit (`scientific`).
  static func format(_ value: Double, _ spec: FormatterSpec?, step: Double?, locale: LocaleSpec, mantissaDecimals: Int?,
                     lastDigit: Double? = nil) -> String {
    switch spec ?? .number(decimals: nil, prefix: "", suffix: "") {
    case .number(let decimals, let prefix, let suffix):
      return number(value, decimals: decimals, step: step, prefix: prefix, suffix: suffix, locale: locale,
                    mantissaDecimals: mantissaDecimals, lastDigit: lastDigit)
    case .percent(let decimals, let multiply):
      let f = multiply ? 100.0 : 1.0
      return number(value * f, decimals: decimals, step: step.map { $0 * f }, prefix: "", suffix: "%", locale: locale,
                    mantissaDecimals: mantissaDecimals, lastDigit: lastDigit.map { $0 * f })
    case .compact(let decimals):
      return compact(value, decimals: decimals, step: step, locale: locale, mantissaDecimals: mantissaDecimals, lastDigit: lastDigit)
    case .category(let labels):
      return category(value, labels)
    case .indexDate(let times, let pattern):
      return indexDate(value, times, pattern)
    case .date(let pattern?):
      return DateText.format(value, pattern: pattern)
    case .date(nil):
      // To the millisecond, the finest the automatic pattern writes, before choosing what to write:
      // 0.9996 s is 00:00:01, not a pattern chosen for 1.000 s over a time read down to 00:00:00.
      let ms = (value * 1000).rounded() / 1000
      return DateText.format(ms, pattern: DateText.valuePattern(ms))
    }
  }

  /// Decimals that show every multiple of `step` exactly: 1 → 0, 0.2 → 1, 2.5 → 1, 0.25 → 2, 25 → 0.
  public static func decimals(forStep step: Double) -> Int {
    guard step.isFinite, step > 0 else { return 0 }
    let magnitude = -Int(floor(log10(step)))
    // Twelve significant digits drop the noise of steps computed as differences (0.7 - 0.4).
    guard let exact = TickStep(decimal: step, significantDigits: 12) else { return max(0, magnitude) }
    return min(exact.decimals, max(0, magnitude + 3), maxDecimals)
  }

  /// Decimals when no step is known: the value's own, at most 2 for |v| ≥ 1, else 3 significant digits.
  static func automaticDecimals(_ v: Double) -> Int {
    let m = abs(v)
    guard m > 0, m.isFinite, let exact = TickStep(decimal: m) else { return 0 }
    let cap = m >= 1 ? 2 : -Int(floor(log10(m))) + 2
    return min(exact.decimals, cap, maxDecimals)
  }

  static let maxDecimals = 15
  /// Magnitudes from which every number is written in scientific notation (see `number`).
  static let plainBelow = 1e21

  /// A plain number with prefix and suffix; the sign goes before the prefix ("-$5").
  static func number(_ v: Double, decimals: Int?, step: Double?, prefix: String, suffix: String, locale: LocaleSpec,
                     mantissaDecimals: Int? = nil, lastDigit: Double? = nil) -> String {
    guard v.isFinite else { return nonFinite(v) }
    // From 10^21 on, plain digits (22 and more, most of them noise) give way to scientific notation
    // whatever the step or decimals asked, as JavaScript's number text does: a label stays short.
    if abs(v) >= plainBelow || decimals == nil && (step.map({ usesScientific(v, step: $0) }) ?? usesScientific(value: v)) {
      let (negative, digits) = scientific(v, step: step, lastDigit: lastDigit, mantissaDecimals: mantissaDecimals)
      // Only the mantissa takes the locale's decimal separator; grouping never applies to it.
      let mantissa = digits.prefix { $0 != "e" }, exponent = digits.drop { $0 != "e" }
      return (negative ? "-" : "") + prefix + mantissa.replacingOccurrences(of: ".", with: locale.decimalSeparator) + exponent + suffix
    }
    if decimals == nil, step == nil, !locale.useGrouping, let short = twoDecimalText(v, locale) {
      let negative = v < 0 && short != "0"
      if !negative, prefix.isEmpty, suffix.isEmpty { return short }
      return (negative ? "-" : "") + prefix + short + suffix
    }
    let d = decimals.map { min(max($0, 0), maxDecimals) } ?? step.map { ValueFormatter.decimals(forStep: $0) } ?? automaticDecimals(v)
    let (negative, digits) = fixed(v, decimals: d, trimZeros: decimals == nil && step == nil)
    return (negative ? "-" : "") + prefix + digits.replacingDecimalPoint(locale) + suffix
  }

  /// The automatic text of a value that has at most two decimals (most data does), without the
  /// exact decimal expansion the general path needs; nil for any other value. Unsigned.
  static func twoDecimalText(_ v: Double, _ locale: LocaleSpec) -> String? {
    var separator = locale.decimalSeparator
    return separator.withUTF8 { sep in
      withTwoDecimalBytes(v, separator: sep) { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Hands `body` the bytes of `twoDecimalText` (`separator` as given, so a caller may pass it
  /// escaped); nil, without calling `body`, for a value it does not cover.
  ///
  /// Written backwards into one stack buffer (labels of a 1,000-candle chart are 5,000 of these):
  /// fraction digits, the separator, then the whole part.
  @inline(__always)
  static func withTwoDecimalBytes<R>(_ v: Double, separator sep: UnsafeBufferPointer<UInt8>,
                                     _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let scaled = (abs(v) * 100).rounded()
    guard scaled < 1e15, abs(abs(v) * 100 - scaled) < 1e-6 * max(1, scaled) else { return nil }
    let n = UInt64(scaled)
    let frac = n % 100
    let capacity = 20 + sep.count + 2
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var at = capacity
      if frac != 0 {
        if frac % 10 != 0 { at -= 1; buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac % 10) }
        at -= 1; buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac / 10)
        for b in sep.reversed() { at -= 1; buffer[at] = b }
      }
      at = SVGNumber.writeDigits(n / 100, endingAt: at, in: buffer)
      return body(UnsafeBufferPointer(rebasing: buffer[at..<capacity]))
    }
  }

  /// 1.2k, 3.4M, 5.6B, 7.8T; values below 1000 as plain numbers.
  static func compact(_ v: Double, decimals: Int?, step: Double?, locale: LocaleSpec, mantissaDecimals: Int? = nil,
                      lastDigit: Double? = nil) -> String {
    guard v.isFinite else { return nonFinite(v) }
    // Past a billion T, and with automatic decimals where tiny values or steps would leave only
    // zeros (every tick of an axis at 1e-64 read `0`), scientific notation as `number` writes it.
    if abs(v) >= plainBelow || decimals == nil && compactUsesScientific(v, step: step) {
      return number(v, decimals: decimals, step: step, prefix: "", suffix: "", locale: locale, mantissaDecimals: mantissaDecimals,
                    lastDigit: lastDigit)
    }
    let units: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"), (1, "")]
    var index = units.firstIndex { abs(v) >= $0.0 * (1 - 1e-12) } ?? units.count - 1
    while true {
      let (unit, symbol) = units[index]
      let scaled = v / unit
      let d = decimals.map { min(max($0, 0), maxDecimals) } ?? step.map { ValueFormatter.decimals(forStep: $0 / unit) } ?? min(1, automaticDecimals(scaled))
      let (negative, digits) = fixed(scaled, decimals: d, trimZeros: decimals == nil)
      // Rounding up to 1000 of a unit reads better as 1 of the next (999.96k → 1M).
      if index > 0, let whole = Double(digits), whole >= 1000 {
        index -= 1
        continue
      }
      return (negative ? "-" : "") + digits.replacingDecimalPoint(locale) + symbol
    }
  }

  /// The label of a category index; "" for a non-integer or out-of-range value.
  static func category(_ v: Double, _ labels: [String]) -> String {
    guard v.isFinite else { return "" }
    let r = v.rounded()
    guard abs(v - r) <= 1e-9 * max(1, abs(v)), r >= 0, r < Double(labels.count) else { return "" }
    return labels[Int(r)]
  }

  /// The date of a trading-day index: `times[i]` with `pattern`; "" for a non-integer or
  /// out-of-range value, and for a null date (NaN).
  static func indexDate(_ v: Double, _ times: [Double], _ pattern: String) -> String {
    guard v.isFinite else { return "" }
    let r = v.rounded()
    guard abs(v - r) <= 1e-9 * max(1, abs(v)), r >= 0, r < Double(times.count) else { return "" }
    return DateText.format(times[Int(clamping: r, to: 0...(times.count - 1))], pattern: pattern)
  }

  static func nonFinite(_ v: Double) -> String { v.isNaN ? "" : (v < 0 ? "-∞" : "∞") }

  /// `|v|` with exactly `decimals` decimals (or trailing zeros trimmed), rounded half away from zero
  /// on the shortest decimal form of `v`, plus whether a minus sign is due (never for a zero result).
  static func fixed(_ v: Double, decimals d: Int, trimZeros: Bool) -> (negative: Bool, digits: String) {
    if let fast = fixedNearInteger(v, decimals: d, trimZeros: trimZeros) { return fast }
    guard v != 0, let exact = TickStep(decimal: abs(v)) else { return (false, d > 0 && !trimZeros ? "0." + String(repeating: "0", count: d) : "0") }
    // The value is exact.mantissa · 10^exact.exponent; we want round(value · 10^d) as digits.
    let shift = exact.exponent + d
    var digits: String
    if shift >= 0 {
      digits = String(exact.mantissa) + String(repeating: "0", count: shift)
    } else if -shift > 18 {
      digits = "0"
    } else {
      var p: Int64 = 1
      for _ in 0..<(-shift) { p *= 10 }
      var q = exact.mantissa / p
      if (exact.mantissa % p) * 2 >= p { q += 1 }
      digits = String(q)
    }
    let isZero = digits.allSatisfy { $0 == "0" }
    if digits.count <= d { digits = String(repeating: "0", count: d + 1 - digits.count) + digits }
    var intPart = String(digits.dropLast(d))
    var fracPart = String(digits.suffix(d))
    if trimZeros { while fracPart.last == "0" { fracPart.removeLast() } }
    if intPart.isEmpty { intPart = "0" }
    let text = fracPart.isEmpty ? intPart : intPart + "." + fracPart
    return (v < 0 && !isZero, text)
  }
}

extension String {
  /// Applies the locale's decimal separator and, when enabled, digit grouping to a plain number text.
  func replacingDecimalPoint(_ locale: LocaleSpec) -> String {
    // The default locale changes nothing: no pass over the text (markers format values per highlight).
    if !locale.useGrouping, locale.decimalSeparator == "." { return self }
    var intPart = Substring(self)
    var rest = Substring("")
    if let dot = firstIndex(of: ".") {
      intPart = self[..<dot]
      rest = self[index(after: dot)...]
    }
    var out = ""
    if locale.useGrouping, intPart.count > 3, intPart.allSatisfy(\.isASCII) {
      let chars = Array(intPart)
      for (i, c) in chars.enumerated() {
        if i > 0, (chars.count - i) % 3 == 0 { out += locale.groupingSeparator }
        out.append(c)
      }
    } else {
      out += intPart
    }
    if firstIndex(of: ".") != nil {
      out += locale.decimalSeparator
      out += rest
    }
    return out
  }
}
