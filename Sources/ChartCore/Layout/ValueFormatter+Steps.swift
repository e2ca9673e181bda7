import Foundation

/// Formatting many values that share one tick step.
extension ValueFormatter {
  /// The formatter spec and step that format like `spec` with `step`, with the step's decimals
  /// worked out once: `format(v, resolved.spec, step: resolved.step)` equals `format(v, spec, step: step)`
  /// for every v. Working out the decimals of a step is the costly part of a tick label, and an
  /// axis formats every tick of every candidate step it tries.
  static func resolvingStep(_ spec: FormatterSpec?, step: Double) -> (spec: FormatterSpec?, step: Double?) {
    // Scientific labels have no fixed decimals to resolve.
    if let scale = automaticScale(spec), usesScientific(step: step * scale) { return (spec, step) }
    // The step stays with the decimals: from 10^21 on a value is written in scientific notation
    // whatever its decimals, and there the step says how many digits tell ticks apart (ticks 10^8
    // apart at 7e21 all read `6.98e21` without it).
    switch spec ?? .number(decimals: nil, prefix: "", suffix: "") {
    case .number(nil, let prefix, let suffix):
      return (.number(decimals: decimals(forStep: step), prefix: prefix, suffix: suffix), step)
    case .percent(nil, let multiply):
      let f = multiply ? 100.0 : 1.0
      return (.percent(decimals: decimals(forStep: step * f), multiply: multiply), step)
    default:
      return (spec, step)
    }
  }

  /// What an automatic number (1) or percent (100, or 1 without `multiply`) multiplies its value
  /// and step by before writing them; nil for explicit decimals and the other formatters, which
  /// never write scientific notation.
  static func automaticScale(_ spec: FormatterSpec?) -> Double? {
    switch spec ?? .number(decimals: nil, prefix: "", suffix: "") {
    case .number(nil, _, _): return 1
    case .percent(nil, let multiply): return multiply ? 100 : 1
    default: return nil
    }
  }

  /// `resolvingStep`, with automatic decimals that also write each of `values` exactly (to twelve
  /// significant digits, which drops the noise of computed values): ticks the caller placed need
  /// not be multiples of `step`, their smallest gap (1, 1.5, 2.25 gave `2.3`). Scientific labels
  /// are left to the step: they are rounded at its last digit.
  static func resolvingStep(_ spec: FormatterSpec?, step: Double, covering values: [Double]) -> (spec: FormatterSpec?, step: Double?) {
    let resolved = resolvingStep(spec, step: step)
    func needed(_ factor: Double) -> Int {
      values.lazy.compactMap { v in v == 0 ? nil : TickStep(decimal: abs(v * factor), significantDigits: 12)?.decimals }.max() ?? 0
    }
    switch (spec ?? .number(decimals: nil, prefix: "", suffix: ""), resolved.spec) {
    case (.number(nil, _, _), .number(let d?, let prefix, let suffix)?):
      return (.number(decimals: min(max(d, needed(1)), maxDecimals), prefix: prefix, suffix: suffix), resolved.step)
    case (.percent(nil, _), .percent(let d?, let multiply)?):
      return (.percent(decimals: min(max(d, needed(multiply ? 100 : 1)), maxDecimals), multiply: multiply), resolved.step)
    default:
      return resolved
    }
  }

  /// How far an end's label may round its value, as a fraction of the ends' span (`distinguishingSteps`).
  static let closeness = 0.01

  /// The finest last digit among `values` and `step` (each to twelve significant digits), as a
  /// power of ten: where the scientific labels of ticks the caller placed are rounded, so that each
  /// keeps its digits (4.25e9 among ticks 1.5e9 apart was written 4.3e9).
  static func finestLastDigit(_ values: [Double], step: Double) -> Double? {
    let exponents = ([step] + values).compactMap { v in v == 0 ? nil : TickStep(decimal: abs(v), significantDigits: 12)?.exponent }
    return exponents.min().map { TickStep(mantissa: 1, exponent: $0).value }
  }

  /// Steps to write each of `values` by (the ends of an axis no nice step fits, `NiceTicks.TickLabels.endsOnly`):
  /// for each, the unit of its d-th significant digit, d the fewest from 2 on that write the values
  /// apart under `spec` and round none by more than `closeness` of their span (17 at most, all a
  /// double holds), or of its own last digit where that is coarser (an end of exactly 1 is `1`, not
  /// `1.0`: the zero tells nothing); nil for 0.
  ///
  /// The rounding bound is what keeps an end's label the value it stands at: 1999.2 … 2001 were
  /// `1999` and `2001`, an axis read as 2 wide that is 1.8 wide.
  static func distinguishingSteps(_ values: [Double], _ spec: FormatterSpec?, locale: LocaleSpec) -> [Double?] {
    var steps: [Double?] = []
    let span = (values.max() ?? 0) - (values.min() ?? 0)
    for digits in 2...17 {
      var rounded = false
      steps = values.map { v in
        guard v.isFinite, v != 0 else { return nil }
        let unit = Foundation.pow(10, Foundation.log10(abs(v)).rounded(.down) - Double(digits - 1))
        guard unit.isFinite, unit > 0 else { return nil }
        // Dropping digits that are zeros leaves the value written, so the labels stay apart.
        let last = TickStep(decimal: abs(v)).map { TickStep(mantissa: 1, exponent: $0.exponent).value } ?? unit
        // Rounding to its own last digit moves a value not at all.
        if unit > last {
          let q = v / unit
          if abs(q - q.rounded()) * unit > Self.closeness * span { rounded = true }
        }
        return Swift.max(unit, last)
      }
      let labels = zip(values, steps).map { format($0, spec, step: $1, locale: locale) }
      if Set(labels).count == labels.count, !rounded { break }
    }
    return steps
  }
}
