import Testing
@testable import ChartCore

/// The index's order and gap count, kept from its chunks' summaries, equal a scan of the entries
/// after every kind of edit: appends, updates in place, changes from an index on, drops from the
/// front (chunk boundaries inside and across chunks, x falling at a boundary, NaN and ±∞ in y).
@Suite struct SeriesIndexShapeTests {
  static func entries(_ rng: inout SeededRandom, count: Int, x start: Double) -> EntryColumns {
    var x = start
    var e = EntryColumns()
    for _ in 0..<count {
      // Mostly rising; sometimes the same x, rarely a fall.
      let r = rng.uniform()
      x += r < 0.03 ? -5 : r < 0.15 ? 0 : 1
      let s = rng.uniform()
      e.x.append(x)
      e.y.append(s < 0.05 ? .nan : s < 0.07 ? .infinity : (rng.uniform() - 0.5) * 100)
    }
    return e
  }

  static func scanned(_ e: EntryColumns) -> (sorted: Bool, gaps: Int) {
    var sorted = true
    for i in e.x.indices.dropFirst() where e.x[i] < e.x[i - 1] { sorted = false }
    return (sorted, e.y.filter { !$0.isFinite }.count)
  }

  @Test func orderAndGapsFollowEveryEdit() {
    var rng = SeededRandom(seed: 41)
    for round in 0..<30 {
      var e = Self.entries(&rng, count: 40 + Int(rng.next() % 60), x: 0)
      // Sorted data sets too, so that order is sometimes kept rather than always lost.
      if round % 3 == 0 { e.x.sort() }
      var index = SeriesIndex(chunkSize: 16, entries: e)
      for step in 0..<60 {
        switch rng.next() % 4 {
        case 0:
          let old = e.count
          e.append(contentsOf: Self.entries(&rng, count: 1 + Int(rng.next() % 20), x: e.x.last ?? 0))
          index.didAppend(e, oldCount: old)
        case 1 where e.count > 2:
          let at = Int(rng.next() % UInt64(e.count - 1))
          let n = min(e.count - at, 1 + Int(rng.next() % 5))
          var replacement = Self.entries(&rng, count: n, x: e.x[at] - 1)
          if rng.uniform() < 0.5 { replacement.x = EntryColumn(Array(e.x[at..<(at + n)])) }  // only y changes
          e.replace(from: at, with: replacement)
          index.didUpdate(at..<(at + n), e)
        case 2 where e.count > 2:
          let at = Int(rng.next() % UInt64(e.count))
          e.removeSubrange(at..<min(e.count, at + 1 + Int(rng.next() % 8)))
          index.didChange(from: at, e)
        case 3 where e.count > 0:
          let k = min(e.count, 1 + Int(rng.next() % 20))
          e.removeSubrange(0..<k)
          index.didDropFront(k, e)
        default:
          continue
        }
        let expected = Self.scanned(e)
        #expect(index.isSortedByX == expected.sorted, "round \(round), step \(step)")
        #expect(index.gapCount == expected.gaps, "round \(round), step \(step)")
        #expect(e.isSortedByX == expected.sorted)
      }
    }
  }
}

/// An index over more entries than one thread summarises (built in parts) has, chunk by chunk,
/// the extents a direct scan of the chunk's entries gives.
@Suite struct SeriesIndexPartsTests {
  @Test func aLargeIndexBuiltInPartsSummarisesEveryChunk() {
    var rng = SeededRandom(seed: 42)
    let count = ColumnScan.parallelThreshold * 3 + 123
    var e = SeriesIndexShapeTests.entries(&rng, count: count, x: 0)
    e.x[count / 2] = -1e9  // one fall, far from the chunk edges of either part
    let index = SeriesIndex(chunkSize: 1_000, entries: e, origin: 500)
    let expected = SeriesIndexShapeTests.scanned(e)
    #expect(index.isSortedByX == expected.sorted && index.gapCount == expected.gaps)
    var wrong: [Int] = []
    for chunk in index.chunkNumbers {
      let range = index.localRange(ofChunk: chunk)
      let xs = e.x[range].filter(\.isFinite)
      let direct = xs.isEmpty ? nil : xs.min()!...xs.max()!
      if index.xExtent(ofChunks: chunk...chunk) != direct { wrong.append(chunk) }
    }
    #expect(wrong.isEmpty, "chunks \(wrong.prefix(5))")
    let finite = e.y.filter(\.isFinite)
    #expect(index.valueRange(e, xWindow: nil) == finite.min()!...finite.max()!)
  }
}
