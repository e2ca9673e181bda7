import Testing
@testable import ChartCore

/// A column's lowest and highest entries, found by lanes and a search, are the ones the scalar
/// fold finds: the first of equal values (0.0 and -0.0 included), the run's first entry when its y
/// is NaN.
@Suite struct M4RunExtremesTests {
  @Test func m4RunExtremesAreTheFirstLowestAndHighest() {
    var rng = SeededRandom(seed: 14)
    for round in 0..<40 {
      let ys = ColumnScanTests.column(&rng, count: 120, specials: round % 2 == 0)
      for r in ColumnScanTests.ranges(count: ys.count) where !r.isEmpty {
        var low = r.lowerBound, high = r.lowerBound, lowY = ys[low], highY = ys[high]
        for k in r.dropFirst() {
          if ys[k] < lowY { low = k; lowY = ys[k] }
          if ys[k] > highY { high = k; highY = ys[k] }
        }
        let found = ys.withUnsafeBufferPointer { M4Aggregation.firstExtremes($0, r) }
        #expect(found.low == low && found.high == high, "round \(round), \(r)")
      }
    }
  }

  @Test func fourIndicesComeOutInOrder() {
    // Every assignment of values 0 … 3 to four places: each order, with every kind of tie.
    for code in 0..<256 {
      let v = (0..<4).map { (code >> (2 * $0)) & 3 }
      let s = M4Aggregation.sorted(v[0], v[1], v[2], v[3])
      #expect([s.0, s.1, s.2, s.3] == v.sorted(), "\(v)")
    }
  }
}
