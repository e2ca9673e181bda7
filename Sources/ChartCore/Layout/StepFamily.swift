import Foundation

/// Which step sizes an axis may use between ticks.
public enum StepFamily: Sendable, Hashable {
  /// {1, 2, 2.5, 5}·10^k at every scale (values).
  case decimal
  /// 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, … (every k-th category or index).
  case thinning
  /// Seconds, minutes, hours, days (Unix time), weeks from Mondays, then calendar months and years,
  /// which stand on the first of a month (`TickStep.Unit`).
  case time

  /// Ascending candidate steps not below `atLeast` (and multiples of `granularity` when given).
  ///
  /// Bounded: at most `limit` candidates, enough to span far more than any axis needs.
  public func candidates(atLeast lowerBound: Double, granularity: Double?, limit: Int = 48) -> [TickStep] {
    let g = granularity.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    let bound = max(lowerBound.isFinite && lowerBound > 0 ? lowerBound : Double.leastNormalMagnitude, g ?? 0)
    guard bound.isFinite else { return [] }
    switch self {
    case .decimal:
      if let g, let gStep = TickStep(decimal: g), !Self.isNice(gStep) {
        return Self.scaled(gStep, by: [1, 2, 5], atLeast: bound, limit: limit)
      }
      return Self.decimalSteps(atLeast: bound, limit: limit * 3).filter { Self.isMultiple($0, of: g) }.prefix(limit).map { $0 }
    case .thinning:
      let unit = TickStep(decimal: g ?? 1) ?? TickStep(mantissa: 1, exponent: 0)
      return Self.thinningSteps(unit, atLeast: bound, limit: limit)
    case .time:
      // Below a second, decimal steps down to a millisecond: the finest a date label writes
      // (`DateText`, `SSS`), so that no two ticks read alike.
      if bound < 1 { return StepFamily.decimal.candidates(atLeast: max(bound, 0.001), granularity: g, limit: limit) }
      var out = Self.timeSteps.map { TickStep(mantissa: $0, exponent: 0) } + [TickStep.weeks(1), TickStep.weeks(2)]
        + Self.monthSteps.map { TickStep.months($0) }
      // Beyond a year: {1, 2, 5}·10^k years.
      var decade: Int64 = 1
      while decade < 1_000_000_000 {
        for m: Int64 in [1, 2, 5] where decade * m > 1 { out.append(TickStep.months(12 * decade * m)) }
        decade *= 10
      }
      return Array(out.filter { $0.value >= bound * (1 - 1e-12) && Self.isMultiple($0, of: g) }.prefix(limit))
    }
  }

  /// Steps of the time family up to two days, in seconds (weeks stand on Mondays: `TickStep.weeks`).
  static let timeSteps: [Int64] = [
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200,
    86_400, 172_800,
  ]

  /// Steps of the time family from a month to a year, in calendar months.
  static let monthSteps: [Int64] = [1, 2, 3, 6, 12]

  /// Whether the step is {1, 2, 2.5, 5}·10^k.
  static func isNice(_ s: TickStep) -> Bool {
    var m = s.mantissa
    while m % 10 == 0, m != 0 { m /= 10 }
    return m == 1 || m == 2 || m == 25 || m == 5
  }

  static func isMultiple(_ s: TickStep, of g: Double?) -> Bool {
    guard let g else { return true }
    // Weeks are multiples of what a week is; a month is a whole number of days, so a multiple of
    // whatever divides a day.
    if s.unit != .number {
      let whole = s.unit == .weeks ? s.value : 86_400
      return isMultiple(TickStep(decimal: whole) ?? s, of: g)
    }
    let r = s.value / g
    return r >= 1 - 1e-9 && abs(r - r.rounded()) <= 1e-9 * r
  }

  /// {1, 2, 2.5, 5}·10^k from the decade below `bound` upward.
  static func decimalSteps(atLeast bound: Double, limit: Int) -> [TickStep] {
    var out: [TickStep] = []
    var e = Int(clamping: floor(log10(bound)), to: -400...400) - 1
    while out.count < limit, e < 330 {
      // {10, 20, 25, 50}·10^(e-1) = {1, 2, 2.5, 5}·10^e.
      for m: Int64 in [10, 20, 25, 50] {
        let step = TickStep(mantissa: m, exponent: e - 1)
        if step.value >= bound * (1 - 1e-12) { out.append(step) }
      }
      e += 1
    }
    return out
  }

  /// `base` times {1, 2, 5}·10^k, ascending from `bound`.
  static func scaled(_ base: TickStep, by factors: [Int64], atLeast bound: Double, limit: Int) -> [TickStep] {
    var out: [TickStep] = []
    var k = max(0, Int(clamping: floor(log10(bound / base.value)), to: -400...400) - 1)
    while out.count < limit, k < 330 {
      for f in factors {
        guard var step = base.times(f) else { return out }
        step.exponent += k
        if step.value >= bound * (1 - 1e-12) { out.append(step) }
      }
      k += 1
    }
    return out
  }

  /// `unit` times 1, 2, 3, 4, 5, 6, 8, then {10, 12, 15, 20, 25, 30, 40, 50, 60, 80}·10^k.
  static func thinningSteps(_ unit: TickStep, atLeast bound: Double, limit: Int) -> [TickStep] {
    var out: [TickStep] = []
    let first: [Int64] = [1, 2, 3, 4, 5, 6, 8]
    let decade: [Int64] = [10, 12, 15, 20, 25, 30, 40, 50, 60, 80]
    let start = max(0, Int(clamping: floor(log10(bound / unit.value)), to: -400...400) - 1)
    var k = start
    while out.count < limit, k < 330 {
      for f in k == 0 ? first : decade {
        guard var step = unit.times(f) else { return out }
        step.exponent += max(0, k - 1)
        if step.value >= bound * (1 - 1e-12) { out.append(step) }
      }
      k += 1
    }
    return out
  }
}
