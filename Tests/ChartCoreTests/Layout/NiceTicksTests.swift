import Testing
@testable import ChartCore

/// Nice ticks: steps from {1, 2, 2.5, 5}·10^k at every scale, stable domains, edge cases.
@Suite struct NiceTicksTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var lo: Double?, hi: Double?, count: Int
    var domain: (Double, Double), step: Double
    var testDescription: String { "\(String(describing: lo))…\(String(describing: hi)) ×\(count)" }
  }

  static let table: [Case] = [
    // The iOS Charts flaw: 4.2 with 6 labels gives 0.7 there; 1 here.
    Case(lo: 0, hi: 4.2, count: 6, domain: (0, 5), step: 1),
    Case(lo: 0, hi: 0.08, count: 6, domain: (0, 0.08), step: 0.02),
    Case(lo: 0, hi: 83, count: 6, domain: (0, 100), step: 20),
    Case(lo: 0, hi: 100, count: 6, domain: (0, 100), step: 20),
    Case(lo: -37, hi: 12, count: 6, domain: (-40, 20), step: 20),
    Case(lo: -0.7, hi: -0.2, count: 6, domain: (-0.7, -0.2), step: 0.1),
    Case(lo: 1, hi: 1 + 1e-9, count: 6, domain: (1, 1.000000001), step: 2e-10),
    Case(lo: 0, hi: 1e12, count: 6, domain: (0, 1e12), step: 2e11),
    Case(lo: 3.2e12, hi: 7.9e12, count: 6, domain: (3e12, 8e12), step: 1e12),
    Case(lo: 0, hi: 9, count: 2, domain: (0, 10), step: 10),
    Case(lo: 0, hi: 9, count: 25, domain: (0, 9), step: 0.5),
    Case(lo: 0, hi: 9, count: 1, domain: (0, 10), step: 10),
    // Not clamped to 25 here (the spec parser does that); 0.01 would need 901 ticks.
    Case(lo: 0, hi: 9, count: 400, domain: (0, 9), step: 0.025),
    Case(lo: 2.5, hi: 2.5, count: 6, domain: (2.2, 2.8), step: 0.2),
    Case(lo: 0, hi: 0, count: 6, domain: (-1, 1), step: 0.5),
    Case(lo: nil, hi: nil, count: 6, domain: (0, 1), step: 0.2),
    Case(lo: 0.001, hi: 0.0042, count: 6, domain: (0.001, 0.005), step: 0.001),
    Case(lo: 17, hi: 23, count: 6, domain: (16, 24), step: 2),
  ]

  @Test(arguments: table)
  func niceTable(_ c: Case) {
    var o = TickOptions()
    o.maxTicks = c.count
    let t = NiceTicks.compute(dataMin: c.lo, dataMax: c.hi, o)
    #expect(t.domainMin == c.domain.0)
    #expect(t.domainMax == c.domain.1)
    #expect(abs(t.step.value - c.step) <= c.step * 1e-12)
    #expect(t.values.first == t.domainMin && t.values.last == t.domainMax)
    #expect(t.values.count <= max(2, c.count))
    // Every step is {1, 2, 2.5, 5}·10^k.
    #expect(StepFamily.isNice(t.step))
    // Ticks are exact decimals: consecutive differences equal the step, no float noise in the text.
    for v in t.values where v != 0 {
      let digits = String(TickStep(decimal: abs(v))?.mantissa ?? 0)
      #expect(digits.count <= 12, "\(v)")
    }
  }

  /// Nanosecond timestamps over a millisecond differ by a trillionth of their size: still a range
  /// the doubles tell apart, so it gets its own ticks rather than one value's ±10 %. Closer than a
  /// hundred trillionth (about 45 ulps), ticks could not be told apart: one value.
  @Test func rangesDownToAHundredTrillionthOfTheirSizeGetTicks() {
    let t0 = 1_732_950_000_000_000_000.0
    let t = NiceTicks.compute(dataMin: t0, dataMax: t0 + 900_000, TickOptions())
    #expect(t.domainMin <= t0 && t.domainMax >= t0 + 900_000 && t.domainMax - t.domainMin <= 2_000_000, "\(t)")
    #expect(t.values.count >= 2 && Set(t.values).count == t.values.count)
    #expect(zip(t.values, t.values.dropFirst()).allSatisfy { $0 < $1 })
    // Ticks at both ends of the domain, also where a tick's index among the step's multiples is in
    // the tens of trillions (a division's rounding there is far above a fixed slack of 1e-9).
    for (lo, hi) in [(t0, t0 + 900_000), (123_456.789, 123_456.789 + 5e-9), (-1.7e18 - 1e6, -1.7e18)] {
      let u = NiceTicks.compute(dataMin: lo, dataMax: hi, TickOptions())
      #expect(u.values.first == u.domainMin && u.values.last == u.domainMax, "\(u)")
      #expect(u.values.count >= 3, "\(u)")
    }
    let close = NiceTicks.compute(dataMin: 1, dataMax: 1 + 4e-15, TickOptions())
    #expect(close.domainMin <= 0.9 && close.domainMax >= 1.1, "\(close)")
  }

  @Test func tickValuesHaveNoFloatNoise() {
    var o = TickOptions()
    o.maxTicks = 8
    let t = NiceTicks.compute(dataMin: 0.1, dataMax: 0.7, o)
    #expect(t.values == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
  }

  @Test func includeZeroAndPadding() {
    var o = TickOptions()
    o.includeZero = true
    o.spaceTop = 0.1
    o.spaceBottom = 0.1
    let t = NiceTicks.compute(dataMin: 20, dataMax: 100, o)
    // Zero side is not padded; the top leaves at least 10 % of the domain free.
    #expect(t.domainMin == 0)
    #expect(t.domainMax >= 100 / 0.9)
    let single = NiceTicks.compute(dataMin: 5, dataMax: 5, o)
    #expect(single.domainMin == 0 && single.domainMax >= 5)
  }

  /// Two ticks cannot span data of both signs on multiples of one step (0 lies between): no step
  /// fits, and the ends are the ticks. A step so large that -12 came within the index slack of 0
  /// gave 0 … 2e10 (the bars of a 120 px tile drawn flat, the negative ones off the axis).
  @Test func twoTicksOverDataOfBothSignsAreItsEnds() {
    var o = TickOptions()
    o.maxTicks = 2
    for (lo, hi) in [(-12.0, 40.0), (-1, 40), (-40, 12), (-1e-6, 3e-6)] {
      let t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
      #expect(t.domainMin <= lo && t.domainMax >= hi, "\(lo)…\(hi): \(t)")
      #expect(t.values == [lo, hi], "\(lo)…\(hi): \(t)")
    }
    // With a third tick, zero between them.
    o.maxTicks = 3
    let three = NiceTicks.compute(dataMin: -12, dataMax: 40, o)
    #expect(three.values == [-50, 0, 50] && three.domainMin == -50 && three.domainMax == 50, "\(three)")
  }

  /// Two ticks make one step the whole axis: data straddling a multiple of a large step would fill
  /// a sliver of it (1999 … 2001 on 0 … 2500, a line drawn flat). Under half full, the axis ends on
  /// the data; a nice domain the data fills half of or more stays.
  @Test func twoTicksOverASliverOfTheirStepAreTheDataEnds() {
    var o = TickOptions()
    o.maxTicks = 2
    for (lo, hi) in [(1999.2, 2001.0), (35.0, 45.0), (150, 210), (0.0099, 0.0101)] {
      let t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
      #expect(t.values == [lo, hi] && t.domainMin == lo && t.domainMax == hi, "\(lo)…\(hi): \(t)")
    }
    for (lo, hi, d0, d1) in [(3.0, 40.0, 0.0, 50.0), (12, 40, 0, 50), (0.1, 0.9, 0, 1), (26, 50, 25, 50)] {
      let t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
      #expect(t.domainMin == d0 && t.domainMax == d1 && t.values == [d0, d1], "\(lo)…\(hi): \(t)")
    }
    // Padding counts as data: 12 … 40 with 30 % of the axis left free above is under half of
    // 0 … 100; the axis ends on the padded data, 12 … 52.
    o.spaceTop = 0.3
    let padded = NiceTicks.compute(dataMin: 12, dataMax: 40, o)
    #expect(padded.domainMin == 12 && abs(padded.domainMax - 52) < 1e-9 && padded.values == [padded.domainMin, padded.domainMax], "\(padded)")
    // With a third tick the step halves instead.
    o.spaceTop = 0
    o.maxTicks = 3
    let three = NiceTicks.compute(dataMin: 1999.2, dataMax: 2001, o)
    #expect(three.values == [1999, 2000, 2001], "\(three)")
    // An end the spec fixes is kept: the data sits where the user put the axis.
    o.maxTicks = 2
    o.fixedMin = 0
    let fixed = NiceTicks.compute(dataMin: 1999.2, dataMax: 2001, o)
    #expect(fixed.domainMin == 0 && fixed.domainMax >= 2001, "\(fixed)")
  }

  @Test func fixedEnds() {
    var o = TickOptions()
    o.fixedMin = 3
    o.fixedMax = 97
    let both = NiceTicks.compute(dataMin: 10, dataMax: 20, o)
    #expect(both.domainMin == 3 && both.domainMax == 97)
    #expect(both.values == [20, 40, 60, 80])
    o.fixedMax = nil
    let low = NiceTicks.compute(dataMin: 10, dataMax: 42, o)
    // Step 5 would need 9 ticks (5…45); step 10 gives 10…50.
    #expect(low.domainMin == 3 && low.domainMax == 50)
    o.fixedMin = 50
    let above = NiceTicks.compute(dataMin: 10, dataMax: 42, o)
    #expect(above.domainMin == 50 && above.domainMax > 50)
  }

  @Test func granularity() {
    var o = TickOptions()
    o.granularity = 1
    let t = NiceTicks.compute(dataMin: 0, dataMax: 3, o)
    #expect(t.step.value == 1 && t.values == [0, 1, 2, 3])
    o.granularity = 0.3
    let g = NiceTicks.compute(dataMin: 0, dataMax: 3, o)
    #expect(abs(g.step.value / 0.3 - (g.step.value / 0.3).rounded()) < 1e-9)
  }

  @Test func timeSteps() {
    var o = TickOptions()
    o.family = .time
    let t = NiceTicks.compute(dataMin: 0, dataMax: 86_400 * 3, o)
    #expect(StepFamily.timeSteps.contains(Int64(t.step.value)))
    // 12 h would need 7 ticks for 3 days; one day needs 4.
    #expect(t.step.value == 86_400)
  }

  /// Domain hysteresis: any point inside the nice domain leaves the result unchanged.
  @Test func hysteresis() {
    var rng = SplitMix(seed: 7)
    for padding in [0.0, 0.1] {
      for _ in 0..<400 {
        let a = rng.next() * 200 - 100, b = a + rng.next() * rng.next() * 300
        var o = TickOptions()
        o.maxTicks = 2 + Int(rng.next() * 10)
        o.spaceTop = padding
        o.spaceBottom = padding
        let t = NiceTicks.compute(dataMin: a, dataMax: b, o)
        let span = t.domainMax - t.domainMin
        let inner = (t.domainMin + padding * span)...(t.domainMax - padding * span)
        let p = inner.lowerBound + rng.next() * (inner.upperBound - inner.lowerBound)
        let u = NiceTicks.compute(dataMin: min(a, p), dataMax: max(b, p), o)
        #expect(u == t, "\(a)…\(b) + \(p)")
      }
    }
  }
}

/// A small deterministic random source for property tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }
}
