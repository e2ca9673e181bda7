import Testing
@testable import ChartCore

/// Nice ticks for any finite data at any magnitude: an ordered domain that covers the data (or its
/// fixed ends), ticks inside it in increasing order, whatever the spread, fixed ends and padding.
@Suite struct NiceTicksPropertyTests {
  /// A value of random sign and magnitude (10^-300 … 10^300), or one of the edges.
  static func value(_ rng: inout SeededRandom) -> Double {
    switch rng.next() % 8 {
    case 0: return [0, 1, -1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e-300][Int(rng.next() % 7)]
    default:
      let magnitude = Double(Int(rng.next() % 601) - 300)
      return (rng.uniform() < 0.5 ? -1 : 1) * (1 + 9 * rng.uniform()) * pow10(magnitude)
    }
  }

  static func pow10(_ e: Double) -> Double { (0..<Int(abs(e))).reduce(1.0) { a, _ in e < 0 ? a / 10 : a * 10 } }

  /// The second end: far away, or a few ulps to a trillionth of the first's size away.
  static func near(_ v: Double, _ rng: inout SeededRandom) -> Double {
    switch rng.next() % 4 {
    case 0: return value(&rng)
    case 1:
      let w = v + Double(rng.next() % 200) * v.ulp * (rng.uniform() < 0.5 ? -1 : 1)
      return w.isFinite ? w : v
    default:
      let relative = [1e-16, 1e-15, 1e-14, 3e-14, 1e-13, 1e-12, 1e-9][Int(rng.next() % 7)]
      let w = v + abs(v) * relative * (1 + rng.uniform())
      return w.isFinite ? w : v
    }
  }

  @Test func domainsAreOrderedAndCoverTheData() {
    var rng = SeededRandom(seed: 2_026_113_0)
    for _ in 0..<20_000 {
      let a = Self.value(&rng), b = Self.near(a, &rng)
      var o = TickOptions()
      o.maxTicks = 2 + Int(rng.next() % 10)
      // Date axes step in seconds, minutes … years; category axes thin by whole steps.
      o.family = [.decimal, .decimal, .time, .thinning][Int(rng.next() % 4)]
      if rng.next() % 8 == 0 { o.granularity = abs(Self.value(&rng)) }
      if rng.next() % 4 == 0 { o.spaceTop = 0.1; o.spaceBottom = 0.05 }
      if rng.next() % 6 == 0 { o.includeZero = true }
      switch rng.next() % 8 {
      case 0: o.fixedMin = min(a, b)
      case 1: o.fixedMax = max(a, b)
      case 2: o.fixedMin = min(a, b); o.fixedMax = max(a, b)
      case 3: o.fixedMin = Self.value(&rng); o.fixedMax = Self.value(&rng)  // anywhere, in any order
      default: break
      }
      let t = NiceTicks.compute(dataMin: min(a, b), dataMax: max(a, b), o)
      let what = "\(a) \(b) \(o)"
      #expect(t.domainMin <= t.domainMax, "\(what): \(t)")
      #expect(t.domainMin.isFinite && t.domainMax.isFinite, "\(what): \(t)")
      #expect(zip(t.values, t.values.dropFirst()).allSatisfy { $0 < $1 }, "\(what): \(t)")
      // Inside the domain, or off it by 2 % of a step: the rounding of values a few hundred ulps
      // apart (and a tick at 0 on a domain from 1 to 5e219).
      let off = t.step.value * 0.02
      #expect(t.values.allSatisfy { $0 >= t.domainMin - off && $0 <= t.domainMax + off }, "\(what): \(t)")
      if o.fixedMin == nil, o.fixedMax == nil {
        // The range to cover (zero included when asked; ends closer than 1e-14 of their size
        // opened around one value) covered to within a billionth of that range: not of a step,
        // which may be far larger than the data (-12 … 40 on a domain of 0 … 2e10 passed "2 % of
        // a step").
        // (A range opened around the largest double ends at it.)
        let range = NiceTicks.effectiveRange(dataMin: min(a, b), dataMax: max(a, b), o)
        let lo = max(range.0, -.greatestFiniteMagnitude), hi = min(range.1, .greatestFiniteMagnitude)
        let held = (hi - lo) * 1e-9
        #expect(t.domainMin <= lo + held && t.domainMax >= hi - held, "\(what): \(t)")
      }
    }
  }
}
