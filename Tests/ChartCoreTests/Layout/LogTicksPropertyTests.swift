import Testing
@testable import ChartCore

/// Log axes for any positive data at any magnitude, subnormal values included, fixed ends or not,
/// base 10 or 2: a positive, finite, ordered domain around the data (the data inside it where no
/// end is fixed), ticks inside it in increasing order, and minor grid lines inside it too.
@Suite struct LogTicksPropertyTests {
  /// A positive value from the smallest subnormal to the largest double, or near another one.
  static func value(_ rng: inout SeededRandom, near other: Double? = nil) -> Double {
    if let other, rng.next() % 3 == 0 {
      let w = other * (1 + [1e-15, 1e-12, 1e-6, 0.01, 0.5][Int(rng.next() % 5)] * rng.uniform())
      return w.isFinite ? w : other
    }
    switch rng.next() % 8 {
    case 0: return [Double.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1, 1e-300][Int(rng.next() % 5)]
    default:
      // Down to 10^-323 (subnormal below 2.2e-308), where few bits are left.
      let magnitude = Int(rng.next() % 632) - 323
      var v = 1 + 9 * rng.uniform()
      for _ in 0..<abs(magnitude) { v = magnitude < 0 ? v / 10 : v * 10 }
      return v.isFinite && v > 0 ? v : 1
    }
  }

  @Test func domainsArePositiveOrderedAndHoldTheirTicks() {
    var rng = SeededRandom(seed: 30_112_026)
    for _ in 0..<10_000 {
      let a = Self.value(&rng), b = Self.value(&rng, near: a)
      let base: Double = rng.next() % 4 == 0 ? 2 : 10
      let fixedMin: Double? = rng.next() % 6 == 0 ? min(a, b) : nil
      let fixedMax: Double? = rng.next() % 6 == 0 ? max(a, b) : nil
      let (lo, hi) = LogTicks.domain(dataMin: min(a, b), dataMax: max(a, b), base: base, fixedMin: fixedMin, fixedMax: fixedMax)
      let what = "\(a) \(b) base \(base) fixed \(String(describing: fixedMin)) \(String(describing: fixedMax))"
      #expect(lo > 0 && hi.isFinite && lo < hi, "\(what): \(lo)…\(hi)")
      guard lo > 0, hi.isFinite, lo < hi else { continue }
      // Every positive value has a place: an end not fixed leaves no data outside.
      if fixedMin == nil { #expect(lo <= min(a, b), "\(what): \(lo)…\(hi)") }
      if fixedMax == nil { #expect(hi >= max(a, b), "\(what): \(lo)…\(hi)") }
      let t = LogTicks.compute(domain: lo, hi, base: base, maxTicks: 2 + Int(rng.next() % 10))
      #expect(t.values.allSatisfy { $0.isFinite && $0 > 0 && $0 >= lo * (1 - 1e-12) && $0 <= hi * (1 + 1e-12) }, "\(what): \(t)")
      #expect(zip(t.values, t.values.dropFirst()).allSatisfy { $0 < $1 }, "\(what): \(t)")
      let minor = LogTicks.minor(domain: lo, hi, base: base, ticks: t.values)
      #expect(minor.allSatisfy { $0.isFinite && $0 >= lo * (1 - 1e-12) && $0 <= hi * (1 + 1e-12) }, "\(what): \(minor.prefix(5))")
    }
  }
}

extension LogTicksPropertyTests {
  /// Subnormal data (below 2.2e-308) lies inside the domain, as at any other magnitude: it was
  /// left below a domain clamped to 10^-307 (2^-1022 in base 2) and not drawn. The one double
  /// under 10^-323 starts the domain itself; powers there are the doubles nearest them.
  @Test func subnormalDataStaysInside() {
    let tiny = { (text: String) in Double(text) ?? 0 }  // text: a subnormal literal draws a compiler warning
    for base in [10.0, 2.0] {
      for (a, b) in [(Double.leastNonzeroMagnitude, 1e-300), (tiny("1e-320"), tiny("1e-310")), (tiny("3e-323"), 1),
                     (tiny("1e-315"), tiny("1e-315")), (.leastNonzeroMagnitude, .leastNonzeroMagnitude)] {
        let (lo, hi) = LogTicks.domain(dataMin: a, dataMax: b, base: base, fixedMin: nil, fixedMax: nil)
        #expect(lo > 0 && lo <= a && hi >= b && lo < hi, "\(a)…\(b) base \(base): \(lo)…\(hi)")
      }
    }
    let (lo, _) = LogTicks.domain(dataMin: .leastNonzeroMagnitude, dataMax: 1, base: 10, fixedMin: nil, fixedMax: nil)
    #expect(lo == .leastNonzeroMagnitude)
    #expect(LogTicks.power(-320, base: 10) == tiny("1e-320") && LogTicks.power(-323, base: 10, times: 3) == tiny("3e-323"))
    #expect(LogTicks.floorExponent(tiny("1e-320"), base: 10) == -320 && LogTicks.floorExponent(.leastNonzeroMagnitude, base: 2) == -1074)
    #expect(ValueFormatter.logTick(tiny("1e-320"), base: 10, nil, locale: LocaleSpec()) == "1e-320")
    // A fixed maximum at the smallest power leaves the smallest double below it.
    let (a, b) = LogTicks.domain(dataMin: nil, dataMax: nil, base: 10, fixedMin: nil, fixedMax: tiny("1e-323"))
    #expect(a == .leastNonzeroMagnitude && b == tiny("1e-323"))
  }

  /// Data above the largest power of ten (1e308 < v ≤ 1.8e308) stays inside the domain, which
  /// ends at the largest double; a fixed minimum there leaves the data's domain.
  @Test func dataAboveTheLargestPowerStaysInside() {
    let big = Double.greatestFiniteMagnitude
    let (lo, hi) = LogTicks.domain(dataMin: 1e300, dataMax: big, base: 10, fixedMin: nil, fixedMax: nil)
    #expect(lo == 1e300 && hi == big)
    let (a, b) = LogTicks.domain(dataMin: big, dataMax: big, base: 10, fixedMin: big, fixedMax: nil)
    #expect(a > 0 && a < b && b == big, "\(a)…\(b)")
    let (c, d) = LogTicks.domain(dataMin: 1.2e308, dataMax: 1.5e308, base: 2, fixedMin: 1e308, fixedMax: nil)
    #expect(c == 1e308 && d == big, "\(c)…\(d)")
  }
}
