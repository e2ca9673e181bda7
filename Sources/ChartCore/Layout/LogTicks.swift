import Foundation

/// Domain and ticks of a logarithmic axis.
///
/// The domain runs from the power of the base at or below the smallest positive value to the
/// power at or above the largest (10^floor(log10 min) … 10^ceil(log10 max)), unless an end is fixed.
/// Ticks are, densest first: 1, 2 and 5 times every power (base 10 only), every power, then every
/// k-th power (k = 2, 3, 5, 10, 20, 30, 50 … in base 10; 2, 4, 8 … in base 2), counted from 10^0 so
/// that a tick never moves when the domain grows. The densest set with at most `maxTicks` ticks
/// whose labels fit is taken; a window where the densest set has fewer than three ticks (a zoom
/// inside a decade) gets linear nice ticks between its ends instead. Like `NiceTicks`, the choice depends only on the
/// decades covered: data that grows inside them changes nothing.
enum LogTicks {
  /// Exponents whose powers are finite positive doubles, subnormal ones included (ends of the
  /// domain are clamped to them): a value as small as 1e-320 is still a positive value to place.
  static func exponentRange(base: Double) -> ClosedRange<Int> { base == 2 ? -1074...1023 : -323...308 }

  /// `base^e`, exact for base 2 and for base 10 with |e| ≤ 22 (and a multiple `m` of it).
  static func power(_ e: Int, base: Double, times m: Int64 = 1) -> Double {
    if base == 2 { return Double(m) * Double(sign: .plus, exponent: e, significand: 1) }
    return TickStep.scale(Double(m), e)
  }

  /// The largest exponent e with base^e ≤ v (v positive and finite), within `exponentRange`.
  static func floorExponent(_ v: Double, base: Double) -> Int {
    let range = exponentRange(base: base)
    let raw = base == 2 ? log2(v) : log10(v)
    guard raw.isFinite else { return raw > 0 ? range.upperBound : range.lowerBound }
    var e = Int(clamping: raw.rounded(.down), to: range)
    // log10 may be off by an ulp next to a power: settle on the exact one.
    if e > range.lowerBound, power(e, base: base) > v { e -= 1 }
    if e < range.upperBound, power(e + 1, base: base) <= v { e += 1 }
    return e
  }

  /// The smallest exponent e with base^e ≥ v, within `exponentRange`.
  static func ceilExponent(_ v: Double, base: Double) -> Int {
    let e = floorExponent(v, base: base)
    return power(e, base: base) < v ? min(e + 1, exponentRange(base: base).upperBound) : e
  }

  /// The domain for positive data `lo…hi` (nil: no positive data) and the fixed ends, all positive.
  static func domain(dataMin: Double?, dataMax: Double?, base: Double, fixedMin: Double?, fixedMax: Double?) -> (Double, Double) {
    let positive = { (v: Double?) -> Double? in v.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
    let range = exponentRange(base: base)
    var e0: Int, e1: Int
    if var lo = positive(dataMin), var hi = positive(dataMax) {
      if lo > hi { swap(&lo, &hi) }
      e0 = floorExponent(lo, base: base)
      e1 = ceilExponent(hi, base: base)
    } else {
      (e0, e1) = (0, base == 2 ? 3 : 1)
    }
    if e0 >= e1 {
      // A single value at a power: one step of the base either side.
      e0 = max(range.lowerBound, e0 - 1)
      e1 = min(range.upperBound, e1 + 1)
    }
    let fmin = positive(fixedMin), fmax = positive(fixedMax)
    // Data above the largest power (1e308 < v ≤ 1.8e308): the domain ends at the largest double.
    let top = { (e: Int, data: Double?) -> Double in
      let p = power(e, base: base)
      return e >= range.upperBound && (data ?? 0) > p ? .greatestFiniteMagnitude : p
    }
    let dataTop = [positive(dataMin), positive(dataMax)].compactMap { $0 }.max()
    // Data below the smallest power (the one double under 10^-323, 4.9e-324): the domain starts
    // at it, as it ends at the largest double above the largest power.
    let dataBottom = [positive(dataMin), positive(dataMax)].compactMap { $0 }.min()
    let bottom = min(power(e0, base: base), dataBottom ?? .infinity)
    var lo = fmin ?? bottom, hi = fmax ?? top(e1, dataTop)
    if !(lo < hi) {
      // A fixed end left no room on the other side: a step of the base beyond it (or the largest
      // double, past the largest power).
      if fmin != nil, fmax == nil { hi = top(min(ceilExponent(lo, base: base) + 1, range.upperBound), lo) }
      if fmax != nil, fmin == nil {
        lo = power(max(floorExponent(hi, base: base) - 1, range.lowerBound), base: base)
        // A fixed maximum at the smallest power: only the smallest double is below it.
        if !(lo < hi) { lo = .leastNonzeroMagnitude }
      }
      if !(lo < hi) { (lo, hi) = (bottom, top(e1, dataTop)) }
    }
    return (lo, hi)
  }

  /// Strides (in exponents) between labelled powers, after every power.
  static func strides(base: Double) -> [Int] {
    base == 2 ? [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
      : [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000]
  }

  /// Ticks in `lo…hi` (a positive domain) for at most `maxTicks` ticks; `accept` may reject a
  /// candidate whose labels overlap (the next sparser one is tried).
  static func compute(domain lo: Double, _ hi: Double, base: Double, maxTicks: Int,
                      accept: (NiceTicks) -> Bool = { _ in true }) -> NiceTicks {
    let cap = min(max(maxTicks, 2), TickOptions.maxTickCount)
    let e0 = floorExponent(lo, base: base), e1 = ceilExponent(hi, base: base)
    let decades = e1 - e0
    var candidates: [(mantissas: [Int64], stride: Int)] = []
    if base == 10 { candidates.append(([1, 2, 5], 1)) }
    for k in strides(base: base) { candidates.append(([1], k)) }
    var rejected: NiceTicks? = nil
    for c in candidates {
      // The count is known before the values: skip sets far too dense without building them.
      let estimate = (decades / c.stride + 1) * c.mantissas.count
      if estimate > cap + 2 * c.mantissas.count { continue }
      let values = self.values(lo, hi, base: base, e0: e0, e1: e1, mantissas: c.mantissas, stride: c.stride)
      if values.count > cap { continue }
      // Fewer than three of the densest ticks in the window (a zoom inside a decade or two):
      // linear ticks between its ends say more.
      if values.count < 3, c.stride == 1, let ticks = linear(lo, hi, maxTicks: cap, accept: accept) { return ticks }
      let nice = NiceTicks(domainMin: lo, domainMax: hi, step: TickStep(mantissa: 1, exponent: 0), values: values, labels: .logSpaced)
      if accept(nice) { return nice }
      if rejected == nil || values.count >= 2 { rejected = nice }
      if values.count <= 2 { break }
    }
    return rejected ?? NiceTicks(domainMin: lo, domainMax: hi, step: TickStep(mantissa: 1, exponent: 0), values: [lo, hi], labels: .logSpaced)
  }

  /// m·base^e for every m of `mantissas` and every e divisible by `stride`, inside lo…hi.
  private static func values(_ lo: Double, _ hi: Double, base: Double, e0: Int, e1: Int,
                             mantissas: [Int64], stride: Int) -> [Double] {
    var out: [Double] = []
    // Relative slack: an end computed as a quotient may miss the power it stands for by an ulp.
    let a = lo * (1 - 1e-12), b = hi * (1 + 1e-12)
    var e = e0 - 1
    // First exponent divisible by the stride (the floor of a negative quotient, not its truncation).
    let q = e.quotientAndRemainder(dividingBy: stride)
    e = (q.quotient - (q.remainder < 0 ? 1 : 0)) * stride
    while e <= e1 {
      for m in mantissas {
        let v = power(e, base: base, times: m)
        if v >= a, v <= b, v.isFinite, v > 0 { out.append(v) }
      }
      if out.count > TickOptions.maxTickCount { break }
      e += stride
    }
    return out
  }

  /// Linear nice ticks inside a fixed positive window (zoomed within one power).
  /// Nil when the window is too narrow for linear steps (next to the smallest doubles, where the
  /// linear search treats it as a single value): the log ticks stand then.
  private static func linear(_ lo: Double, _ hi: Double, maxTicks: Int, accept: (NiceTicks) -> Bool) -> NiceTicks? {
    var o = TickOptions()
    o.maxTicks = maxTicks
    o.fixedMin = lo
    o.fixedMax = hi
    var nice = NiceTicks.compute(dataMin: lo, dataMax: hi, o, accept: accept)
    guard nice.domainMin == lo, nice.domainMax == hi else { return nil }
    nice.values = nice.values.filter { $0 > 0 }
    return nice.values.count >= 2 ? nice : nil
  }

  /// Values of the minor grid in lo…hi: the multiples 2…9 of each power (base 10, up to 12 powers
  /// shown) and every power, less the labelled ticks.
  static func minor(domain lo: Double, _ hi: Double, base: Double, ticks: [Double]) -> [Double] {
    let e0 = floorExponent(lo, base: base), e1 = ceilExponent(hi, base: base)
    guard e1 - e0 <= 200 else { return [] }
    let mantissas: [Int64] = base == 10 && e1 - e0 <= 12 ? Array(1...9) : [1]
    let labelled = Set(ticks)
    return values(lo, hi, base: base, e0: e0, e1: e1, mantissas: mantissas, stride: 1).filter { !labelled.contains($0) }
  }
}
