import Testing
@testable import ChartCore

/// The ends of index axes: on their slots, or on a dense axis rounded outward by less than half a
/// device pixel, on steps that appends cross only now and then.
@Suite struct IndexAxisEndsTests {
  /// An axis of `slots` slots of `unit`, from `start`: its exact ends.
  func exact(_ start: Double, _ slots: Double, _ unit: Double) -> (Double, Double) {
    (start, start + slots * unit)
  }

  /// 0 ..< n, at random.
  func pick(_ rng: inout SplitMix, _ n: Int) -> Int { min(n - 1, Int(rng.next() * Double(n))) }

  @Test func anAxisWithFewerThanFourSlotsPerDevicePixelEndsOnItsSlots() {
    for (slots, unit) in [(1.0, 1.0), (999, 1), (6399, 1), (6399, 86_400), (100, 0.001)] {
      let (a, b) = exact(-unit / 2, slots, unit)
      let ends = IndexAxisEnds.ends(exactMin: a, exactMax: b, unit: unit, devicePixels: 1600)
      #expect(ends == .init(min: a, max: b), "\(slots) slots of \(unit)")
    }
    // From four slots per device pixel on, the ends round: here to steps of two slots.
    let ends = IndexAxisEnds.ends(exactMin: -0.5, exactMax: 6399.5, unit: 1, devicePixels: 1600)
    #expect(ends.min == -2 && ends.max == 6400)
    // Automatic ticks stay a step inside: by the slots, never in the rounding's few.
    #expect(ends.ticks == 0...6398)
  }

  @Test func aDenseAxisEndsWithinHalfADevicePixelOnAPowerOfTwoSlots() throws {
    var rng = SplitMix(seed: 0x51075)
    for _ in 0..<2_000 {
      let unit = [1, 86_400, 60, 0.001, 3, 0.1][(pick(&rng, 6))]
      let pixels = Double(100 + pick(&rng, 8_000))
      let slots = pixels * (4 + Double(pick(&rng, 10_000)) / 10)
      let start = [0, -1e6, 1.6e9, 123.25, -7.5e12][(pick(&rng, 5))] - unit / 2
      let (a, b) = exact(start, slots.rounded(), unit)
      let ends = IndexAxisEnds.ends(exactMin: a, exactMax: b, unit: unit, devicePixels: pixels)
      #expect(ends.min <= a && ends.max >= b)
      let ticks = try #require(ends.ticks)
      #expect(ticks.lowerBound >= a && ticks.upperBound <= b)
      // On an axis of `pixels` device pixels (a plot is at most that long, so never more there).
      let perPixel = pixels / (ends.max - ends.min)
      #expect((a - ends.min) * perPixel <= 0.5 && (ends.max - b) * perPixel <= 0.5, "\(slots) slots of \(unit) from \(a)")
      // Both ends lie on one grid of at least two slots (where the doubles tell slots apart).
      let steps = ((ends.max - ends.min) / unit / 2)
      if abs(start) / unit < 1e9 { #expect(abs(steps - steps.rounded()) < 1e-6 * max(1, steps), "\(ends)") }
    }
  }

  @Test func appendsMoveTheEndOnlyWhenTheyCrossAStep() {
    // 16 slots per device pixel: steps of 8 slots (half a pixel holds 8).
    let pixels = 1600.0
    var last = IndexAxisEnds.ends(exactMin: -0.5, exactMax: 25_600.5, unit: 1, devicePixels: pixels)
    var moves = 0
    for k in 1...256 {
      let ends = IndexAxisEnds.ends(exactMin: -0.5, exactMax: 25_600.5 + Double(k), unit: 1, devicePixels: pixels)
      if ends.max != last.max { moves += 1 }
      #expect(ends.min == last.min)
      last = ends
    }
    #expect(moves == 256 / 8)
  }

  @Test func endsAtTheEdgesOfTheDoublesStayFiniteAndOutside() {
    var rng = SplitMix(seed: 0xED6E)
    let magnitudes = [1e308, 1.7e308, 1e300, 1e16, 1e-300, .leastNonzeroMagnitude, 0]
    for _ in 0..<2_000 {
      var a = magnitudes[(pick(&rng, 7))] * (pick(&rng, 2) == 0 ? -1 : 1)
      var b = magnitudes[(pick(&rng, 7))] * (pick(&rng, 2) == 0 ? -1 : 1)
      if a > b { swap(&a, &b) }
      let unit = [1, 1e-300, 1e300, 86_400, .leastNonzeroMagnitude][(pick(&rng, 5))]
      let ends = IndexAxisEnds.ends(exactMin: a, exactMax: b, unit: unit, devicePixels: Double(1 + pick(&rng, 4_000)))
      #expect(ends.min.isFinite && ends.max.isFinite && ends.min <= a && ends.max >= b, "\(a) \(b) \(unit)")
    }
    let open = IndexAxisEnds.ends(exactMin: 0, exactMax: .infinity, unit: 1, devicePixels: 100)
    #expect(open.min == 0 && open.max == .infinity)
  }
}
