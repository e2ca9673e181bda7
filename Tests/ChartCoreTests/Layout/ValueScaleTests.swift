import Testing
@testable import ChartCore

/// `ValueScale.map` multiplies by a factor worked out once; it must place values as the division
/// it replaced does, to within rounding, and keep the domain's ends and narrow domains exact.
@Suite struct ValueScaleTests {
  @Test func mapAgreesWithTheDivisionWithinRounding() {
    var rng = SplitMix(seed: 41)
    for _ in 0..<2_000 {
      let d0 = Double(Int(rng.next() * 2_001) - 1_000) / 4
      let d1 = d0 + Double(Int(rng.next() * 10_000) + 1) / 8
      let r0 = Double(Int(rng.next() * 800)) / 8, r1 = r0 + Double(Int(rng.next() * 6_400) + 8) / 8
      for (a, b) in [(r0, r1), (r1, r0)] {  // a y axis runs from the bottom up
        let scale = ValueScale(domainMin: d0, domainMax: d1, rangeStart: a, rangeEnd: b)
        #expect(scale.map(d0) == a)
        var previous = scale.map(d0)
        for k in 1...8 {
          let v = d0 + (d1 - d0) * Double(k) / 8
          let divided = a + (v - d0) / (d1 - d0) * (b - a)
          let mapped = scale.map(v)
          #expect(abs(mapped - divided) <= 1e-12 * max(abs(a), abs(b)), "\(v) on \(d0)…\(d1) → \(a)…\(b)")
          #expect(a < b ? mapped >= previous : mapped <= previous)
          previous = mapped
        }
      }
    }
  }

  @Test func aDomainTooNarrowForTheFactorStillMapsByDivision() {
    // 800 / 1e-306 overflows: the factor is infinite, and a product with it would put every value
    // at ±∞ (the domain's lower end at NaN).
    let scale = ValueScale(domainMin: 0, domainMax: 1e-306, rangeStart: 0, rangeEnd: 800)
    #expect(scale.map(0) == 0)
    #expect(abs(scale.map(5e-307) - 400) < 1e-9)
    #expect(abs(scale.map(1e-306) - 800) < 1e-9)
  }

  @Test func degenerateDomainsMapAsBefore() {
    // No span: every value at the middle of the range.
    #expect(ValueScale(domainMin: 3, domainMax: 3, rangeStart: 10, rangeEnd: 30).map(7) == 20)
    // No span and no range (0 / 0): still equal to itself, as the caches that compare scales need.
    let point = ValueScale(domainMin: 3, domainMax: 3, rangeStart: 10, rangeEnd: 10)
    #expect(point == ValueScale(domainMin: 3, domainMax: 3, rangeStart: 10, rangeEnd: 10) && point.map(3) == 10)
    // A span beyond the doubles: mapped in halves (it once had a factor of 0, which put every
    // value at the range start); a value that is not finite has no place.
    let wide = ValueScale(domainMin: -1.7e308, domainMax: 1.7e308, rangeStart: 5, rangeEnd: 805)
    #expect(wide.map(1) == 405)
    #expect(!wide.map(.infinity).isFinite)
  }

  @Test func aLogScaleMapsItsDecadesEvenly() {
    let scale = ValueScale(domainMin: 1, domainMax: 1_000, rangeStart: 0, rangeEnd: 300, transform: .log(base: 10))
    #expect(scale.map(1) == 0)
    #expect(abs(scale.map(10) - 100) < 1e-9 && abs(scale.map(100) - 200) < 1e-9)
    #expect(scale.map(0).isNaN && scale.map(-5).isNaN)
  }

  /// A domain over the whole double range (−1.8e308 … 1.8e308) is wider than a double: its
  /// positions are taken in halves, so 0 lands mid-way and the ends on the ends, and a pixel
  /// reads back the value drawn there.
  @Test func aDomainWiderThanTheLargestDoubleMapsInHalves() {
    let big = Double.greatestFiniteMagnitude
    let scale = ValueScale(domainMin: -big, domainMax: big, rangeStart: 400, rangeEnd: 0)
    #expect(scale.map(-big) == 400 && scale.map(big) == 0 && scale.map(0) == 200)
    #expect(abs(scale.map(big / 2) - 100) < 1e-9)
    #expect(scale.invert(200) == 0 && scale.invert(0) == big && scale.invert(400) == -big)
    #expect(abs(scale.invert(100) / (big / 2) - 1) < 1e-12)
    #expect(scale.pixelsPerUnit < 0 && scale.pixelsPerUnit.isFinite)
    #expect(scale == ValueScale(domainMin: -big, domainMax: big, rangeStart: 400, rangeEnd: 0))
  }
}
