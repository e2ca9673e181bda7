import Testing
@testable import ChartCore

/// A fresh M4 aggregation on a linear scale finds each column's run of entries by bisection instead
/// of placing every entry; the columns must come out exactly as placing every entry makes them.
@Suite struct M4BuildByRunsTests {
  /// A key as `M4Aggregation.key` makes one, for a plot from `minX` to `maxX` showing `domain`.
  static func key(domain: (Double, Double), minX: Double, maxX: Double, inverted: Bool, ratio: Double) -> M4Aggregation.Key {
    let scale = ValueScale(domainMin: domain.0, domainMax: domain.1, rangeStart: inverted ? maxX : minX,
                           rangeEnd: inverted ? minX : maxX)
    let left = (minX * ratio).rounded(.down), right = (maxX * ratio).rounded(.up)
    return M4Aggregation.Key(scale: scale, plotMinX: minX, plotMaxX: maxX, columns: Int(right - left),
                             originColumn: Int(left), devicePixelRatio: ratio)
  }

  /// Sorted x: steady, with repeats, or in bursts; y random, with runs of equal values (ties pick the first).
  static func entries(_ rng: inout SeededRandom, count: Int, from x0: Double, spread: Double) -> EntryColumns {
    var x = x0
    var xs: [Double] = [], ys: [Double] = []
    let mode = rng.next() % 3
    for _ in 0..<count {
      switch mode {
      case 0: x += spread / Double(count)
      case 1: if rng.next() % 3 == 0 { x += spread / Double(count) * 3 }  // repeated x
      default: x += rng.uniform() < 0.1 ? spread / 10 * rng.uniform() : spread / Double(count * 20) * rng.uniform()
      }
      xs.append(x)
      ys.append(rng.next() % 4 == 0 ? 7 : (rng.normal() * 50).rounded() / 4)
    }
    return EntryColumns(x: xs, y: ys)
  }

  @Test func runsGiveTheColumnsThatPlacingEveryEntryGives() {
    var rng = SeededRandom(seed: 4_242)
    for round in 0..<600 {
      let minX = 20 + (rng.uniform() * 60 * 100).rounded() / 100
      let maxX = minX + 30 + (rng.uniform() * 700 * 100).rounded() / 100
      let ratio = [0.5, 1, 1.5, 2, 3][Int(rng.next() % 5)]
      let count = Int(rng.next() % 5_000) + 1
      let e = Self.entries(&rng, count: count, from: rng.normal() * 100, spread: 50 + rng.uniform() * 2_000)
      // The domain: all of the data, or a zoom into it (entries left and right of the plot).
      let lo = e.x[0], hi = e.x[count - 1]
      let zoom = rng.next() % 2 == 0
      let a = zoom ? lo + (hi - lo) * rng.uniform() * 0.4 : lo - 1
      let b = zoom ? hi - (hi - lo) * rng.uniform() * 0.4 : hi + 1
      let key = Self.key(domain: (a, max(b, a + 1e-6)), minX: minX, maxX: maxX, inverted: rng.next() % 4 == 0, ratio: ratio)
      let byRuns = M4Aggregation(key: key, entries: e)
      let perEntry = M4Aggregation(key: key, entries: e, perEntry: true)
      // The first differing column, not the whole arrays, so that a failure reads.
      let differs = zip(byRuns.columns, perEntry.columns).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(differs == nil && byRuns.columns.count == perEntry.columns.count,
              "round \(round): \(count) entries, key \(key): column \(differs.map { "\($0.offset - 1): \($0.element.0) vs \($0.element.1)" } ?? "count")")
      #expect(byRuns.builtCount == perEntry.builtCount)
      if differs != nil { return }
    }
  }

  @Test func largeDataSetsBuiltInPartsGiveTheSameColumns() {
    // Above ColumnScan.parallelThreshold the runs are built in parts split at column boundaries:
    // the columns must still be those of placing every entry, zoomed in or not, with repeated x
    // (long runs that a split point can fall into) and with a single column holding everything.
    var rng = SeededRandom(seed: 4_343)
    let counts = [ColumnScan.parallelThreshold, ColumnScan.parallelThreshold * 2 + 17, 400_000, 250_001]
    for (round, count) in counts.enumerated() {
      let e = Self.entries(&rng, count: count, from: 0, spread: 1_000)
      let lo = e.x[0], hi = e.x[count - 1]
      let domain: (Double, Double)
      switch round {
      case 0: domain = (lo - 1, hi + 1)
      case 1: domain = (lo + (hi - lo) * 0.3, hi - (hi - lo) * 0.2)
      case 2: domain = (lo + (hi - lo) * 0.5, lo + (hi - lo) * 0.5 + 1e-9)  // everything outside
      default: domain = (lo - (hi - lo) * 1e6, hi + (hi - lo) * 1e6)  // everything in one column
      }
      let key = Self.key(domain: domain, minX: 45, maxX: 790, inverted: round == 1, ratio: 2)
      let byRuns = M4Aggregation(key: key, entries: e)
      let perEntry = M4Aggregation(key: key, entries: e, perEntry: true)
      let differs = zip(byRuns.columns, perEntry.columns).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(differs == nil && byRuns.columns.count == perEntry.columns.count, "round \(round): column \(differs?.offset ?? -1)")
      #expect(byRuns.builtCount == count)
    }
  }

  @Test func aDeepZoomPutsEverythingOutsideAsBefore() {
    // Every entry far left or far right of a tiny domain: only the outside columns hold entries.
    let e = EntryColumns(x: (0..<1_000).map(Double.init), y: (0..<1_000).map { Double($0 % 13) })
    let key = Self.key(domain: (499.999_999, 500.000_001), minX: 40, maxX: 600, inverted: false, ratio: 1)
    let byRuns = M4Aggregation(key: key, entries: e)
    #expect(byRuns.columns == M4Aggregation(key: key, entries: e, perEntry: true).columns)
    #expect(byRuns.columns.first == .init(first: 499, last: 499, low: 499, high: 499))
    #expect(byRuns.columns.last == .init(first: 501, last: 501, low: 501, high: 501))
  }
}
