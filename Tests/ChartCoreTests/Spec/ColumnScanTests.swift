import Testing
@testable import ChartCore

/// The lane scans return what a scalar loop over the same elements returns, on columns full of
/// the values where lanes and loops could part: NaN, infinities, both zeros, repeats, and ranges
/// of every length at every offset (the lanes' tails).
@Suite struct ColumnScanTests {
  /// A column drawn from a small pool of awkward values and random ones.
  static func column(_ rng: inout SeededRandom, count: Int, specials: Bool = true) -> [Double] {
    let pool: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 2.5, 1e300, -1e-300]
    return (0..<count).map { _ in
      let r = rng.uniform()
      if specials && r < 0.15 { return pool[Int(rng.next() % UInt64(pool.count))] }
      if r < 0.3 { return Double(Int(rng.next() % 7)) - 3 }  // repeats
      return (rng.uniform() - 0.5) * 1e4
    }
  }

  /// Every range of up to 21 elements at offsets 0 … 9, and a few long ones.
  static func ranges(count: Int) -> [Range<Int>] {
    var out: [Range<Int>] = []
    for start in 0..<min(10, count) {
      for length in 0...21 where start + length <= count { out.append(start..<(start + length)) }
    }
    out.append(0..<count)
    out.append(3..<(count - 2))
    return out
  }

  @Test func extremesLowestPositiveAndGapsMatchAScalarLoop() {
    var rng = SeededRandom(seed: 11)
    for round in 0..<40 {
      let a = Self.column(&rng, count: 300, specials: round % 4 != 0)
      a.withUnsafeBufferPointer { p in
        for r in Self.ranges(count: a.count) {
          var lo = Double.infinity, hi = -Double.infinity, positive = Double.infinity, gaps = 0
          for v in a[r] {
            if v < lo { lo = v }
            if v > hi { hi = v }
            if v > 0 && v.isFinite && v < positive { positive = v }
            if !v.isFinite { gaps += 1 }
          }
          let laned = ColumnScan.extremes(p, r)
          #expect(laned.lo == lo && laned.hi == hi, "extremes of \(r)")
          #expect(ColumnScan.lowestPositive(p, r) == positive, "lowest positive of \(r)")
          #expect(ColumnScan.nonFiniteCount(p, r) == gaps, "gaps of \(r)")
          #expect(ColumnScan.allFinite(p, r) == (gaps == 0), "finite \(r)")
        }
      }
    }
  }

  @Test func orderAndFirstIndexMatchAScalarLoop() {
    var rng = SeededRandom(seed: 12)
    for round in 0..<60 {
      // Sorted columns with one element out of order (or a NaN) somewhere, or none.
      var a = Self.column(&rng, count: 200, specials: false).sorted()
      if round % 3 != 0 {
        let k = Int(rng.next() % 200)
        a[k] = round % 3 == 1 ? a[k] - 1e5 : .nan
      }
      a.withUnsafeBufferPointer { p in
        for r in Self.ranges(count: a.count) {
          let ordered = r.count < 2 || (r.lowerBound + 1..<r.upperBound).allSatisfy { !(a[$0] < a[$0 - 1]) }
          #expect(ColumnScan.isNonDecreasing(p, r) == ordered, "order of \(r)")
          for probe in [a[min(r.lowerBound + 5, a.count - 1)], 0.5, a[a.count - 1], -0.0] {
            #expect(ColumnScan.firstIndex(of: probe, in: p, r) == r.first { a[$0] == probe }, "\(probe) in \(r)")
          }
        }
      }
    }
  }

  @Test func plainSummariesEqualTheScalarLoopsToTheSignOfZero() {
    var rng = SeededRandom(seed: 13)
    for round in 0..<200 {
      let xs = Self.column(&rng, count: 64, specials: round % 2 == 0)
      let ys = Self.column(&rng, count: 64, specials: round % 3 == 0)
      for r in [0..<64, 1..<63, 5..<6, 7..<7, 9..<40] {
        let laned = SeriesIndex.plainSummary(EntryColumn(xs), EntryColumn(ys), r)
        let scalar = SeriesIndex.scalarPlainSummary(EntryColumn(xs), EntryColumn(ys), r)
        let fields: [(Double, Double)] = [(laned.xLo, scalar.xLo), (laned.xHi, scalar.xHi),
                                           (laned.xPositiveLo, scalar.xPositiveLo), (laned.vLo, scalar.vLo),
                                           (laned.vHi, scalar.vHi), (laned.vPositiveLo, scalar.vPositiveLo)]
        #expect(fields.allSatisfy { $0.bitPattern == $1.bitPattern }, "round \(round), \(r)")
      }
    }
  }
}
