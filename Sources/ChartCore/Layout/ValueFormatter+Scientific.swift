import Foundation

/// Scientific notation for magnitudes whose plain text would be long (`5e-7`, `1.0e-6`, `2e12`).
///
/// Automatic decimals write every multiple of the tick step exactly, which for a step of 5e-7 is
/// `0.0000005` and for 2e299 a 300-digit integer. Past these bounds the labels switch to a mantissa
/// with exactly the digits the step needs and a decimal exponent, so they stay short and exact; the
/// tick labels of one axis share the most decimals any of them needs (`sharedMantissaDecimals`).
extension ValueFormatter {
  /// Steps below this are written in scientific notation (a plain label would need ≥ 5 decimals).
  static let scientificStepBelow = 1e-4
  /// Steps from this up are written in scientific notation (a plain label would have ≥ 10 digits).
  static let scientificStepFrom = 1e9
  /// Values without a step are written in scientific notation from this magnitude up: past 10^15
  /// a double no longer holds every integer, so plain digits would pretend to a precision it lacks.
  static let scientificValueFrom = 1e15

  /// Whether some labels of `step` may be written in scientific notation (see `usesScientific(_:step:)`).
  static func usesScientific(step: Double) -> Bool {
    step.isFinite && step > 0 && (step < scientificStepBelow || step >= scientificStepFrom)
  }

  /// Whether `v`, a label on an axis of `step`, is written in scientific notation: every label of a
  /// huge step; with a tiny step, labels that would start with zeros (|v| < 10⁻⁴) and labels within
  /// 10⁴ steps of zero (so the whole axis switches together). A tiny step far from zero (1.0000001)
  /// keeps plain labels: there every digit is significant and scientific notation saves nothing,
  /// unless the step is finer than plain labels write (`maxDecimals`): ticks 5e-20 apart at 0.00168
  /// all read `0.001683271048378`.
  static func usesScientific(_ v: Double, step: Double) -> Bool {
    guard usesScientific(step: step) else { return false }
    if step >= scientificStepFrom || step < finestPlainStep { return true }
    let m = abs(v)
    return m < scientificStepBelow || m < 1e4 * step
  }

  /// The finest step plain labels tell apart: one unit of their last decimal (`maxDecimals`).
  static let finestPlainStep = 1e-15

  /// Whether `compact` with automatic decimals writes `v` (a label of `step`, or a value without
  /// one) in scientific notation: from 10^21 on, as every format does, and below a unit where
  /// `number` would (a tiny step near zero, a tiny value), since compact has no symbol there.
  /// Huge steps stay compact (`1B`, `2B`).
  static func compactUsesScientific(_ v: Double, step: Double?) -> Bool {
    if abs(v) >= plainBelow { return true }
    guard let step else { return abs(v) < scientificStepBelow && usesScientific(value: v) }
    return step < scientificStepBelow && usesScientific(v, step: step)
  }

  /// Whether a value formatted without a step is written in scientific notation.
  static func usesScientific(value v: Double) -> Bool {
    let m = abs(v)
    return m.isFinite && m > 0 && (m < scientificStepBelow || m >= scientificValueFrom)
  }

  /// `v` rounded at the last digit of `step`, as a mantissa with the step's digits and an exponent:
  /// step 5e-7 gives `5e-7`, `1.0e-6`, `1.5e-6`; step 2.5e-7 gives `2.5e-7`, `1.00e-6`. Zero is `0`.
  /// Without a step (or when the multiple would not fit in 64 bits) three significant digits are kept.
  /// `mantissaDecimals` pads the mantissa with zeros to that many decimals (`5.0e-7`), never cuts it.
  /// `lastDigit` (a power of ten) rounds finer than the step's last digit: ticks the caller placed
  /// may have digits their step has not. Unsigned digits, plus whether a minus sign is due.
  static func scientific(_ v: Double, step: Double?, lastDigit: Double? = nil, mantissaDecimals: Int? = nil)
    -> (negative: Bool, digits: String) {
    let pad = mantissaDecimals ?? 0
    var significant = 3
    if let step, let s = TickStep(decimal: lastDigit.map { Swift.min($0, step) } ?? step, significantDigits: 12) {
      // Rounded at the step's last digit, where every multiple of the step is exact: a value that
      // is not one (a tick the caller placed) keeps its own digits there. (Rounded to a multiple,
      // a tick at 4e9 among ticks 1.5e9 apart was written 4.5e9.)
      let unit = TickStep(mantissa: 1, exponent: s.exponent)
      let k = (abs(v) / unit.value).rounded()
      if k < 1e15, let m = Int64(exactly: k).flatMap({ unit.times($0) }) {
        guard m.mantissa != 0 else { return (false, "0") }
        return (v < 0, scientificText(digits: String(m.mantissa), lastExponent: m.exponent, decimals: pad))
      }
      // The multiple does not fit 64 bits (a step of many digits, as where no nice step fits):
      // enough significant digits to tell values a step apart, up to the 17 a double holds.
      if k.isFinite, k >= 1 { significant = min(17, max(3, Int(Foundation.log10(k).rounded(.up)) + 2)) }
    }
    guard v.isFinite, v != 0, let exact = TickStep(decimal: abs(v), significantDigits: significant) else { return (false, "0") }
    return (v < 0, scientificText(digits: String(exact.mantissa), lastExponent: exact.exponent, decimals: pad))
  }

  /// `d.ddd e E` from the significant digits and the decimal exponent of the last of them, with
  /// zeros after the digits up to `decimals` decimals.
  private static func scientificText(digits: String, lastExponent: Int, decimals: Int) -> String {
    let exponent = lastExponent + digits.count - 1
    let head = String(digits.prefix(1))
    let tail = digits.dropFirst() + String(repeating: "0", count: max(0, min(decimals, maxDecimals) - (digits.count - 1)))
    return (tail.isEmpty ? head : head + "." + tail) + "e" + String(exponent)
  }

  /// The decimals the scientific tick labels of an axis share, for its tick `values` at `step`
  /// under `spec`: the most that any of them needs alone, so that `5.0e-7` stands beside `1.0e-6`
  /// (not `5e-7`) as `0.5` stands beside `1.0`. Nil when no label is scientific, or the formatter
  /// is not automatic (explicit decimals, dates and categories are never scientific; compact only
  /// where `compactUsesScientific` says).
  static func sharedMantissaDecimals(_ values: [Double], _ spec: FormatterSpec?, step: Double,
                                     lastDigit: Double? = nil) -> Int? {
    let compact = spec == .compact(decimals: nil)
    guard let factor = compact ? 1 : automaticScale(spec) else { return nil }
    let s = step * factor
    guard usesScientific(step: s) else { return nil }
    var shared: Int? = nil
    for v in values where v.isFinite && (compact ? compactUsesScientific(v, step: s) : usesScientific(v * factor, step: s)) {
      let digits = scientific(v * factor, step: s, lastDigit: lastDigit.map { $0 * factor }).digits
      guard let e = digits.firstIndex(of: "e") else { continue }  // zero: "0"
      let decimals = digits[..<e].firstIndex(of: ".").map { digits.distance(from: $0, to: e) - 1 } ?? 0
      shared = max(shared ?? 0, decimals)
    }
    return shared
  }
}
