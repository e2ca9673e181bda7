import Testing
@testable import ChartCore

/// Extent queries read blocks of chunk summaries; after every kind of edit the blocks are those of
/// the summaries, and each query answers what combining the chunks' summaries one by one answers
/// (windows cutting blocks and chunks, chunks without a finite x, ±0 and infinities in the values).
@Suite struct SeriesIndexBlockTests {
  /// Entries with sometimes NaN or infinite x, and y with NaN, ±∞ and ±0.
  static func entries(_ rng: inout SeededRandom, count: Int, x start: Double) -> EntryColumns {
    var e = EntryColumns()
    var x = start
    for _ in 0..<count {
      x += rng.uniform() < 0.1 ? 0 : 1
      let r = rng.uniform()
      e.x.append(r < 0.02 ? .nan : r < 0.03 ? .infinity : x)
      let s = rng.uniform()
      e.y.append(s < 0.04 ? .nan : s < 0.05 ? -.infinity : s < 0.08 ? 0 : s < 0.1 ? -0.0 : (rng.uniform() - 0.4) * 100)
    }
    return e
  }

  /// The blocks made afresh from the index's summaries, numbered from the block of its first chunk.
  static func blocks(of index: SeriesIndex) -> [SeriesIndex.Block] {
    var out: [SeriesIndex.Block] = []
    let n = SeriesIndex.blockChunks, firstBlock = index.firstChunk / n
    for (j, s) in index.summaries.enumerated() {
      let k = (index.firstChunk + j) / n - firstBlock
      while out.count <= k { out.append(SeriesIndex.Block()) }
      out[k].xLo = min(out[k].xLo, s.xLo)
      out[k].xHi = max(out[k].xHi, s.xHi)
      out[k].xPositiveLo = min(out[k].xPositiveLo, s.xPositiveLo)
      out[k].vLo = min(out[k].vLo, s.vLo)
      out[k].vHi = max(out[k].vHi, s.vHi)
      out[k].vPositiveLo = min(out[k].vPositiveLo, s.vPositiveLo)
      if !(s.xLo <= s.xHi) { out[k].allPlaced = false }
      out[k].revision = max(out[k].revision, s.revision)
    }
    return out
  }

  /// `valueRange` combining every chunk's summary in turn (entries where a window cuts a chunk).
  static func chunkByChunk(_ index: SeriesIndex, _ e: EntryColumns, _ window: ClosedRange<Double>?,
                           positive: Bool) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for (j, s) in index.summaries.enumerated() {
      if let w = window {
        if s.xHi < w.lowerBound || s.xLo > w.upperBound { continue }
        if s.xLo < w.lowerBound || s.xHi > w.upperBound {
          for i in index.localRange(ofChunk: index.firstChunk + j) where w.contains(e.x[i]) {
            let v = e.valueSpan(at: i)
            let low = positive ? e.lowestPositiveValue(at: i) : v.lo
            if low.isFinite { lo = min(lo, low) }
            if v.hi.isFinite { hi = max(hi, v.hi) }
          }
          continue
        }
      }
      lo = min(lo, positive ? s.vPositiveLo : s.vLo)
      hi = max(hi, s.vHi)
    }
    return lo <= hi ? lo...hi : nil
  }

  static func same(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> Bool {
    // Bit for bit: which zero an end is must not change either.
    a?.lowerBound.bitPattern == b?.lowerBound.bitPattern && a?.upperBound.bitPattern == b?.upperBound.bitPattern
  }

  @Test func blocksAndQueriesFollowEveryEdit() {
    var rng = SeededRandom(seed: 64)
    for round in 0..<12 {
      let chunkSize = [1, 2, 3, 5][round % 4]
      var e = Self.entries(&rng, count: 300 + Int(rng.next() % 500), x: 0)
      var index = SeriesIndex(chunkSize: chunkSize, entries: e, origin: Int(rng.next() % 200))
      for step in 0..<80 {
        let mark = Revisions.latest()
        let before = Dictionary(uniqueKeysWithValues: index.chunkNumbers.map { ($0, index.revision(ofChunk: $0)) })
        switch rng.next() % 5 {
        case 0, 1:
          let old = e.count
          e.append(contentsOf: Self.entries(&rng, count: 1 + Int(rng.next() % 150), x: e.x.last(where: \.isFinite) ?? 0))
          index.didAppend(e, oldCount: old)
        case 2 where e.count > 2:
          let at = Int(rng.next() % UInt64(e.count - 1))
          let n = min(e.count - at, 1 + Int(rng.next() % 300))
          e.replace(from: at, with: Self.entries(&rng, count: n, x: e.x[at].isFinite ? e.x[at] : 0))
          index.didUpdate(at..<(at + n), e)
        case 3 where e.count > 2:
          let at = Int(rng.next() % UInt64(e.count))
          e.removeSubrange(at..<min(e.count, at + 1 + Int(rng.next() % 40)))
          index.didChange(from: at, e)
        case 4 where e.count > 0:
          let k = min(e.count, 1 + Int(rng.next() % 200))
          e.removeSubrange(0..<k)
          index.didDropFront(k, e)
        default:
          continue
        }
        let context = "round \(round), step \(step), \(e.count) entries"
        #expect(index.blocks == Self.blocks(of: index), "\(context)")
        // The chunks revised by the edit, found through the blocks, are those a scan of every
        // chunk finds, and include every chunk whose revision moved (what a refresh relies on).
        let revised = index.chunks(revisedAfter: mark)
        let scanned = e.isEmpty ? [index.firstChunk] : index.chunkNumbers.filter { index.revision(ofChunk: $0) > mark }
        #expect(revised == scanned, "\(context)")
        let moved = index.chunkNumbers.filter { before[$0] != index.revision(ofChunk: $0) }
        #expect(Set(moved).isSubset(of: revised), "\(context): \(moved) moved, \(revised) revised")
        let start = e.x.first(where: \.isFinite) ?? 0
        let windows: [ClosedRange<Double>?] = [nil, -.infinity ... .infinity, -10...40, 100...100.5,
                                                start...(start + Double(rng.next() % 400))]
        for w in windows {
          for positive in [false, true] {
            #expect(Self.same(index.valueRange(e, xWindow: w, positive: positive), Self.chunkByChunk(index, e, w, positive: positive)),
                    "\(context), window \(String(describing: w)), positive \(positive)")
          }
        }
        let finite = e.x.filter(\.isFinite)
        #expect(index.xRange == (finite.isEmpty ? nil : finite.min()!...finite.max()!), "\(context)")
      }
    }
  }
}
