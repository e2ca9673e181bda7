import Testing
@testable import ChartCore

/// Rounding to whole hundredths without libm gives what `rounded()` gives: halves away from zero,
/// at every magnitude a coordinate can have before it is clamped; the M4 device column follows.
@Suite struct SVGNumberRoundingTests {
  @Test func roundingWithoutLibmMatchesRounded() {
    var rng = SeededRandom(seed: 15)
    var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                            4503599627370495.5, -4503599627370495.5, 8.9e15, -8.9e15, 1e-300]
    for _ in 0..<20_000 {
      let magnitude = [1.0, 100, 1e6, 1e12, 8e15][Int(rng.next() % 5)]
      values.append((rng.uniform() - 0.5) * 2 * magnitude)
      values.append(Double(Int(rng.next() % 2001) - 1000) / 2)  // halves, exactly
      values.append(Double(Int(rng.next() % 200_001) - 100_000) / 200)  // half hundredths
    }
    // Beyond what any caller passes: clamped, never a trap.
    #expect(SVGNumber.roundedHalfAwayFromZero(.nan) == 0)
    #expect(SVGNumber.roundedHalfAwayFromZero(1e300) == .max && SVGNumber.roundedHalfAwayFromZero(-.infinity) == .min)
    #expect(M4Aggregation.deviceColumn(1e13, ratio: 1e6) == 1e19)
    for v in values {
      #expect(SVGNumber.roundedHalfAwayFromZero(v) == Int64(v.rounded()), "\(v)")
      for ratio in [0.25, 1, 1.5, 2, 3, 8] {
        // The column as `rounded()` gave it; far outside the canvas only the side matters.
        let hundredths = (v * 100).rounded()
        let before = abs(hundredths) < 9e15 ? (hundredths * ratio / 100).rounded(.down) : v * ratio
        #expect(M4Aggregation.deviceColumn(v, ratio: ratio) == before, "\(v) at \(ratio)")
      }
    }
  }
}
