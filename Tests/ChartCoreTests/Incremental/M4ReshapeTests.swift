import Testing
@testable import ChartCore

/// After a removal or an update in place of a range (`SeriesIndex.lastReshape`), with appends
/// before and after it, M4 columns caught up from the shape before must be exactly a fresh
/// aggregation's, and every chunk whose drawn points changed must have a new revision (a chunk
/// whose revision stays is not drawn again).
@Suite struct M4ReshapeTests {
  /// The points a chunk draws: (x, y) of its indices into `e`.
  static func points(_ m4: M4Aggregation, chunk k: Int, _ e: EntryColumns) -> [Double] {
    var out: [Double] = []
    m4.indices(ofChunk: k).forEach { i in out.append(e.x[i]); out.append(e.y[i]) }
    return out
  }

  /// Sorted x between `lo` and `hi` (exclusive), `count` of them, and random y.
  static func sortedEntries(_ rng: inout SeededRandom, count: Int, between lo: Double, _ hi: Double) -> EntryColumns {
    let xs = (0..<count).map { _ in lo + (hi - lo) * (0.02 + 0.96 * rng.uniform()) }.sorted()
    return EntryColumns(x: xs, y: xs.map { _ in (rng.normal() * 40).rounded() / 4 })
  }

  /// One random change of `e` as the model makes it, told to `index`: a removal (from the front,
  /// the middle or the end) or an update in place that keeps x in order, with appends before or
  /// after it now and then (a sliding window appends, then drops).
  static func change(_ rng: inout SeededRandom, _ e: inout EntryColumns, _ index: inout SeriesIndex) -> String {
    func append() {
      let last = e.x.last ?? 0, old = e.count
      e.append(contentsOf: sortedEntries(&rng, count: 1 + Int(rng.next() % 4), between: last, last + 1 + rng.uniform() * 30))
      index.didAppend(e, oldCount: old)
    }
    var what = ""
    if rng.next() % 3 == 0 { append(); what += "append, " }
    let n = e.count
    let k = 1 + Int(rng.next() % UInt64(min(40, n / 4)))
    switch rng.next() % 4 {
    case 0:
      e.removeSubrange(0..<k)
      index.didDropFront(k, e)
      what += "drop \(k) from the front"
    case 1:
      let start = 1 + Int(rng.next() % UInt64(n - k))
      e.removeSubrange(start..<(start + k))
      index.didRemove(start..<(start + k), e)
      what += "remove \(start)..<\(start + k)"
    default:
      let start = Int(rng.next() % UInt64(n - k + 1))
      // Between the neighbours, so that x stays in order (sometimes equal to a neighbour).
      let lo = start > 0 ? e.x[start - 1] : e.x[0] - 5, hi = start + k < n ? e.x[start + k] : e.x[n - 1] + 5
      var moved = sortedEntries(&rng, count: k, between: lo, hi)
      if rng.next() % 3 == 0 { moved = EntryColumns(x: Array(e.x[start..<(start + k)]), y: moved.y.array) }  // y alone
      e.replace(from: start, with: moved)
      index.didUpdate(start..<(start + k), e)
      what += "update \(start)..<\(start + k)"
    }
    if rng.next() % 3 == 0 { append(); what += ", append" }
    return what
  }

  @Test func caughtUpColumnsAreAFreshAggregationsAndChangedChunksMove() {
    var rng = SeededRandom(seed: 5_505)
    var caughtUp = 0
    for round in 0..<250 {
      let count = 60 + Int(rng.next() % 2_500)
      var e = Self.sortedEntries(&rng, count: count, between: 0, 100 + rng.uniform() * 5_000)
      let lo = e.x[0], hi = e.x[count - 1]
      // All of the data and some room right of it, or a zoom into it (entries outside the plot).
      let zoom = rng.next() % 3 == 0
      let a = zoom ? lo + (hi - lo) * 0.3 : lo - 1, b = zoom ? hi - (hi - lo) * 0.3 : hi * 1.3 + 40
      let key = M4BuildByRunsTests.key(domain: (a, b), minX: 30 + rng.uniform() * 20, maxX: 200 + rng.uniform() * 500,
                                       inverted: rng.next() % 5 == 0, ratio: [0.5, 1, 2][Int(rng.next() % 3)])
      var index = SeriesIndex(chunkSize: 64, entries: e)
      var m4 = M4Aggregation(key: key, entries: e, shape: index.reshapeRevision)
      for step in 0..<10 {
        let before = e, old = m4
        let what = Self.change(&rng, &e, &index)
        let context = "round \(round) step \(step): \(what), \(e.count) entries"
        let ok = m4.update(for: key, entries: e, index: index)
        #expect(ok, "\(context): not caught up")
        caughtUp += 1
        let fresh = M4Aggregation(key: key, entries: e)
        let differs = zip(m4.columns, fresh.columns).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differs == nil && m4.builtCount == e.count && m4.lastFilledSlot == fresh.lastFilledSlot,
                "\(context): column \(differs.map { "\($0.offset - 1): \($0.element.0) vs \($0.element.1)" } ?? "-")")
        for k in 0..<m4.chunkRevisions.count where m4.revision(ofChunk: k) == old.revision(ofChunk: k) {
          #expect(Self.points(m4, chunk: k, e) == Self.points(old, chunk: k, before),
                  "\(context): chunk \(k) draws other points but keeps its revision")
        }
        if differs != nil { return }
      }
    }
    #expect(caughtUp == 2_500)
  }

  @Test func aSecondReshapeOrAnotherScaleRebuilds() {
    // Only one removal or update is told (`lastReshape`): after two, the columns cannot catch up.
    var rng = SeededRandom(seed: 77)
    var e = Self.sortedEntries(&rng, count: 500, between: 0, 1_000)
    let key = M4BuildByRunsTests.key(domain: (-1, 1_001), minX: 40, maxX: 640, inverted: false, ratio: 2)
    var index = SeriesIndex(chunkSize: 64, entries: e)
    var m4 = M4Aggregation(key: key, entries: e, shape: index.reshapeRevision)
    e.removeSubrange(10..<12)
    index.didRemove(10..<12, e)
    e.removeSubrange(0..<3)
    index.didDropFront(3, e)
    let afterTwo = m4.update(for: key, entries: e, index: index)
    #expect(!afterTwo)
    // Replaced entries make a new shape with nothing told.
    index = SeriesIndex(chunkSize: 64, entries: e)
    m4 = M4Aggregation(key: key, entries: e, shape: index.reshapeRevision)
    e.removeSubrange(0..<1)
    index.didDropFront(1, e)
    let afterOne = m4.update(for: key, entries: e, index: index)
    #expect(afterOne)
    let fresh = SeriesIndex(chunkSize: 64, entries: e)
    let fromNothing = m4.update(for: key, entries: e, index: fresh)
    #expect(fresh.lastReshape == nil && !fromNothing)
  }
}
