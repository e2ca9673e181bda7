import Testing
@testable import ChartCore

/// Block extremes must answer every run as the scalar fold over its entries does (the first of
/// equal values, the run's first entry when its y is NaN), however the entries got where they
/// are: appends of one entry or of many blocks, drops from the front, removals and updates in the
/// middle, several changes between two catch-ups; and M4 columns folded from them must be those
/// folded entry by entry.
@Suite struct M4BlockExtremesTests {
  /// The scalar fold: starting from the run's first entry, strictly lower or higher values replace.
  static func scalar(_ ys: EntryColumn<Double>, _ run: Range<Int>) -> (low: Int, high: Int) {
    var low = run.lowerBound, high = run.lowerBound
    for k in run.dropFirst() {
      if ys[k] < ys[low] { low = k }
      if ys[k] > ys[high] { high = k }
    }
    return (low, high)
  }

  /// Runs of every kind over `count` entries: inside one block, across a block boundary, starting
  /// or ending on one, covering many blocks, the whole.
  static func runs(_ rng: inout SeededRandom, count: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let b = M4BlockExtremes.blockSize
    var out = [0..<count]
    for _ in 0..<60 {
      let start = Int(rng.next() % UInt64(count))
      let length = 1 + Int(rng.next() % UInt64([4, b + 3, 3 * b, 12 * b][Int(rng.next() % 4)]))
      out.append(start..<min(count, start + length))
    }
    for start in [0, 1, b - 1, b, b + 1, 2 * b] where start < count {
      for end in [start + 1, 2 * b, 2 * b + 1, 4 * b, 4 * b - 1, count] where end > start && end <= count {
        out.append(start..<end)
      }
    }
    return out
  }

  /// Checks `ext` against the scalar fold on runs of `e`; false (and an issue) at the first difference.
  @discardableResult
  static func check(_ ext: M4BlockExtremes, _ e: EntryColumns, _ rng: inout SeededRandom, _ context: String) -> Bool {
    #expect(ext.count == e.count, "\(context): \(ext.count) entries folded of \(e.count)")
    for run in runs(&rng, count: e.count) {
      let found = e.y.withUnsafeBufferPointer { ext.extremes($0, run) }
      let expected = scalar(e.y, run)
      if found != expected {
        Issue.record("\(context): run \(run) gives \(found), the scalar fold \(expected)")
        return false
      }
    }
    return true
  }

  /// y with ties, both zeros, infinities and now and then NaN (`specials`).
  static func ys(_ rng: inout SeededRandom, count: Int, specials: Bool) -> [Double] {
    let pool: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 7, -7]
    return (0..<count).map { _ in
      let r = rng.uniform()
      if r < (specials ? 0.04 : 0) { return pool[Int(rng.next() % UInt64(pool.count))] }
      if r < 0.3 { return Double(Int(rng.next() % 5)) - 2 }
      return (rng.normal() * 100).rounded() / 4
    }
  }

  @Test func runsAreAnsweredAsTheScalarFoldAnswersThem() {
    var rng = SeededRandom(seed: 12_812)
    for round in 0..<60 {
      let count = 1 + Int(rng.next() % 6_000)
      let ys = Self.ys(&rng, count: count, specials: round % 3 != 0)
      let e = EntryColumns(x: (0..<count).map(Double.init), y: ys)
      // Numbered from an origin that does not start a block, as after a sliding window.
      let origin = round % 2 == 0 ? 0 : Int(rng.next() % 1_000)
      let index = SeriesIndex(chunkSize: 64, entries: e, origin: origin)
      if !Self.check(M4BlockExtremes(e, index: index), e, &rng, "round \(round), origin \(origin)") { return }
    }
  }

  @Test func caughtUpExtremesAnswerAsFreshOnes() {
    var rng = SeededRandom(seed: 90_210)
    var checked = 0
    for round in 0..<30 {
      var e = M4ReshapeTests.sortedEntries(&rng, count: 200 + Int(rng.next() % 3_000), between: 0, 10_000)
      var index = SeriesIndex(chunkSize: 64, entries: e)
      var ext = M4BlockExtremes(e, index: index)
      for step in 0..<25 {
        var what: [String] = []
        // Sometimes two changes before the catch-up: only the last is told, so it rebuilds.
        for _ in 0..<(rng.next() % 6 == 0 ? 2 : 1) {
          if rng.next() % 4 == 0 {
            // Many blocks at once: folded block by block, not entry by entry.
            let old = e.count, last = e.x.last ?? 0
            e.append(contentsOf: M4ReshapeTests.sortedEntries(&rng, count: 1 + Int(rng.next() % 700), between: last, last + 500))
            index.didAppend(e, oldCount: old)
            what.append("append \(e.count - old)")
          } else {
            what.append(M4ReshapeTests.change(&rng, &e, &index))
          }
        }
        ext.catchUp(e, index: index)
        if !Self.check(ext, e, &rng, "round \(round) step \(step): \(what.joined(separator: "; "))") { return }
        checked += 1
      }
    }
    #expect(checked == 750)
  }

  @Test func aSlidingWindowKeepsTheBlocksItDoesNotTouch() {
    // A window of 5,000 that moves by 7 entries 2,000 times: the dead blocks are let go of now and
    // then, and every answer stays the scalar fold's.
    var rng = SeededRandom(seed: 31)
    var e = M4ReshapeTests.sortedEntries(&rng, count: 5_000, between: 0, 5_000)
    var index = SeriesIndex(chunkSize: 1_000, entries: e)
    var ext = M4BlockExtremes(e, index: index)
    for step in 0..<2_000 {
      let old = e.count, last = e.x[e.count - 1]
      e.append(contentsOf: M4ReshapeTests.sortedEntries(&rng, count: 7, between: last, last + 7))
      index.didAppend(e, oldCount: old)
      ext.catchUp(e, index: index)
      e.removeSubrange(0..<7)
      index.didDropFront(7, e)
      ext.catchUp(e, index: index)
      if step % 97 == 0, !Self.check(ext, e, &rng, "step \(step)") { return }
    }
    #expect(ext.origin == 14_000 && ext.count == 5_000)
  }

  @Test func entriesNotFoldedInAreReadThemselves() {
    // Blocks of the first 1,000 entries asked about 3,000: the entries answer, not stale blocks.
    var rng = SeededRandom(seed: 5)
    let short = EntryColumns(x: (0..<1_000).map(Double.init), y: Self.ys(&rng, count: 1_000, specials: false))
    let ext = M4BlockExtremes(short, index: SeriesIndex(chunkSize: 64, entries: short))
    let long = EntryColumns(x: (0..<3_000).map(Double.init), y: Self.ys(&rng, count: 3_000, specials: false))
    for run in [0..<3_000, 500..<2_500, 1_000..<3_000] {
      #expect(long.y.withUnsafeBufferPointer { ext.extremes($0, run) } == Self.scalar(long.y, run), "\(run)")
    }
    // An aggregation handed blocks of other entries does without them.
    let key = M4BuildByRunsTests.key(domain: (-1, 3_001), minX: 10, maxX: 40, inverted: false, ratio: 1)
    let m4 = M4Aggregation(key: key, entries: long, extremes: ext)
    #expect(m4.extremes == nil && m4.columns == M4Aggregation(key: key, entries: long, perEntry: true).columns)
  }

  @Test func m4ColumnsFromBlocksAreThoseFoldedEntryByEntry() {
    var rng = SeededRandom(seed: 4_848)
    for round in 0..<80 {
      let minX = 20 + (rng.uniform() * 60 * 100).rounded() / 100
      let maxX = minX + 30 + (rng.uniform() * 300 * 100).rounded() / 100
      let ratio = [0.25, 0.5, 1, 2][Int(rng.next() % 4)]
      // Thousands of entries to a column: most runs read whole blocks.
      let count = 2_000 + Int(rng.next() % 60_000)
      let e = M4BuildByRunsTests.entries(&rng, count: count, from: rng.normal() * 100, spread: 50 + rng.uniform() * 2_000)
      let lo = e.x[0], hi = e.x[count - 1]
      let zoom = rng.next() % 3 == 0
      let domain = zoom ? (lo + (hi - lo) * 0.2, hi - (hi - lo) * 0.3) : (lo - 1, hi + 1)
      let key = M4BuildByRunsTests.key(domain: domain, minX: minX, maxX: maxX, inverted: rng.next() % 4 == 0, ratio: ratio)
      let index = SeriesIndex(chunkSize: 1_000, entries: e)
      let fromBlocks = M4Aggregation(key: key, entries: e, extremes: M4BlockExtremes(e, index: index))
      let perEntry = M4Aggregation(key: key, entries: e, perEntry: true)
      let differs = zip(fromBlocks.columns, perEntry.columns).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(differs == nil, "round \(round): column \(differs.map { "\($0.offset - 1): \($0.element.0) vs \($0.element.1)" } ?? "-")")
      if differs != nil { return }
    }
  }

  @Test func caughtUpM4ColumnsFromBlocksAreAFreshAggregations() {
    // Removals and updates fold the columns they touch again from the blocks; a new key takes the
    // blocks over from the aggregation it replaces.
    var rng = SeededRandom(seed: 6_006)
    for round in 0..<12 {
      var e = M4ReshapeTests.sortedEntries(&rng, count: 20_000 + Int(rng.next() % 20_000), between: 0, 10_000)
      var index = SeriesIndex(chunkSize: 1_000, entries: e)
      var key = M4BuildByRunsTests.key(domain: (-1, 10_100), minX: 30, maxX: 120, inverted: false, ratio: 0.5)
      var m4 = M4Aggregation(key: key, entries: e, shape: index.reshapeRevision, extremes: M4BlockExtremes(e, index: index))
      for step in 0..<12 {
        let what = M4ReshapeTests.change(&rng, &e, &index)
        if step % 4 == 3 {
          key = M4BuildByRunsTests.key(domain: (rng.uniform() * 3_000, 6_000 + rng.uniform() * 4_000), minX: 30,
                                       maxX: 60 + rng.uniform() * 100, inverted: false, ratio: 1)
        }
        if !m4.update(for: key, entries: e, index: index) {
          m4 = M4Aggregation(key: key, entries: e, shape: index.reshapeRevision, extremes: m4.extremes)
        }
        let fresh = M4Aggregation(key: key, entries: e, perEntry: true)
        let differs = zip(m4.columns, fresh.columns).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differs == nil && m4.extremes?.count == e.count,
                "round \(round) step \(step): \(what): column \(differs.map { "\($0.offset - 1): \($0.element.0) vs \($0.element.1)" } ?? "-")")
        if differs != nil { return }
      }
    }
  }
}
