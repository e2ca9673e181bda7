import Testing
@testable import ChartCore

/// An append folds the entries that join the last chunk into its summary: every chunk's summary
/// and every block must then be, bit for bit, what an index made from scratch over the same
/// entries has (revisions aside), whatever the entries hold.
@Suite struct SeriesIndexAppendTests {
  /// A value that tests the fold's edges: zeros of both signs, infinities, NaN, ties, falls.
  static func awkward(_ rng: inout SeededRandom, near v: Double) -> Double {
    switch rng.next() % 12 {
    case 0: return 0
    case 1: return -0.0
    case 2: return .nan
    case 3: return rng.uniform() < 0.5 ? .infinity : -.infinity
    case 4: return v  // a tie with the entry before
    case 5: return v - 3  // a fall
    default: return v + (rng.uniform() - 0.3) * 10
    }
  }

  static func bits(_ s: SeriesIndex.Summary) -> [UInt64] {
    [s.xLo, s.xHi, s.vLo, s.vHi, s.xPositiveLo, s.vPositiveLo].map(\.bitPattern) + [s.falls ? 1 : 0, UInt64(s.gaps)]
  }

  static func bits(_ b: SeriesIndex.Block) -> [UInt64] {
    [b.xLo, b.xHi, b.xPositiveLo, b.vLo, b.vHi, b.vPositiveLo].map(\.bitPattern) + [b.allPlaced ? 1 : 0]
  }

  @Test(arguments: [false, true])
  func appendsSummariseLikeAFreshIndex(candles: Bool) {
    var rng = SeededRandom(seed: candles ? 77 : 76)
    for round in 0..<20 {
      let chunkSize = [1, 2, 5, 16, 64][round % 5]
      var e = EntryColumns(x: [], y: [])
      if candles { (e.open, e.high, e.low, e.close) = ([], [], [], []) }
      var index = SeriesIndex(chunkSize: chunkSize, entries: e, origin: Int(rng.next() % 40))
      var folds = 0
      for step in 0..<150 {
        let old = e.count
        var rows = EntryColumns(x: [], y: [])
        if candles { (rows.open, rows.high, rows.low, rows.close) = ([], [], [], []) }
        // Mostly one entry, as a live feed appends; sometimes a few, across a chunk's end.
        for _ in 0..<(rng.next() % 5 == 0 ? 1 + Int(rng.next() % 9) : 1) {
          let x = Self.awkward(&rng, near: rows.x.last ?? e.x.last ?? 0)
          let y = Self.awkward(&rng, near: rows.y.last ?? e.y.last ?? 0)
          rows.x.append(x)
          rows.y.append(y)
          if candles {
            rows.open?.append(Self.awkward(&rng, near: y))
            rows.high?.append(Self.awkward(&rng, near: y + 2))
            rows.low?.append(Self.awkward(&rng, near: y - 2))
            rows.close?.append(y)
          }
        }
        e.append(contentsOf: rows)
        if old > 0, (index.origin + old - 1) / chunkSize == (index.origin + e.count - 1) / chunkSize { folds += 1 }
        index.didAppend(e, oldCount: old)
        let fresh = SeriesIndex(chunkSize: chunkSize, entries: e, origin: index.origin)
        let context = "round \(round), step \(step), \(e.count) entries, chunks of \(chunkSize)"
        #expect(index.summaries.map(Self.bits) == fresh.summaries.map(Self.bits), "\(context)")
        #expect(index.blocks.map(Self.bits) == fresh.blocks.map(Self.bits), "\(context)")
        #expect(index.isSortedByX == fresh.isSortedByX && index.gapCount == fresh.gapCount, "\(context)")
      }
      if chunkSize > 2 { #expect(folds > 50, "round \(round): the fold was hardly taken") }
    }
  }

  /// The fold gives the chunk a new revision, as a summary made again does: a refresh finds the
  /// chunk revised.
  @Test func aFoldedChunkIsRevised() {
    var e = EntryColumns(x: [0, 1, 2], y: [5, 6, 7])
    var index = SeriesIndex(chunkSize: 16, entries: e)
    let mark = Revisions.latest()
    e.append(contentsOf: EntryColumns(x: [3], y: [8]))
    index.didAppend(e, oldCount: 3)
    #expect(index.chunks(revisedAfter: mark) == [index.firstChunk])
    #expect(index.dataRevision > mark)
  }
}
