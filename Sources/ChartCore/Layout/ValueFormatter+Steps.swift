/// Formatting many values that share one tick step.
extension ValueFormatter {
  /// The formatter spec and step that format like `spec` with `step`, with the step's decimals
  /// worked out once: `format(v, resolved.spec, step: resolved.step)` equals `format(v, spec, step: step)`
  /// for every v. Working out the decimals of a step is the costly part of a tick label, and an
  /// axis formats every tick of every candidate step it tries.
  static func resolvingStep(_ spec: FormatterSpec?, step: Double) -> (spec: FormatterSpec?, step: Double?) {
    switch spec ?? .number(decimals: nil, prefix: "", suffix: "") {
    case .number(nil, _, _) where usesScientific(step: step):
      return (spec, step)  // Scientific labels have no fixed decimals to resolve.
    case .percent(nil, let multiply) where usesScientific(step: multiply ? step * 100 : step):
      return (spec, step)
    case .number(nil, let prefix, let suffix):
      return (.number(decimals: decimals(forStep: step), prefix: prefix, suffix: suffix), nil)
    case .percent(nil, let multiply):
      let f = multiply ? 100.0 : 1.0
      return (.percent(decimals: decimals(forStep: step * f), multiply: multiply), nil)
    default:
      return (spec, step)
    }
  }
}
