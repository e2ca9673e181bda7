/// What the entries of a stack group stand on over one stretch of x, where the members are not
/// aligned (their x differ, so `StackPiles` and `StackShares` have no columns): every member's first
/// entry at each x of the stretch, bottom first, with the pile under each and, in percent mode, the
/// total at the x. Made once per stretch for the whole group (O(entries · log)), where looking every
/// other member up for each entry costs O(S² · n · log n) for a group of S sets of n entries.
///
/// The stretches are those of the bottom member's chunks, which every member shares. The same
/// additions in the same order as the lookups of `StackBands` make: a member without an entry at an
/// x adds 0 there (to a pile or to a total, which 0 leaves as it is) and is left out here; so the
/// bands are the same to the bit.
struct StackTable: Sendable {
  let percent: Bool
  /// The stretch of x the table covers.
  let range: Range<Double>
  /// The distinct x of the stretch, ascending.
  private(set) var xs: [Double] = []
  /// Where the members at `xs[n]` begin in `positions` and `indices`; one more than `xs`.
  private(set) var starts: [Int] = [0]
  /// The group positions of the members with an entry at each x, ascending (32 bits: a table
  /// holds up to a million entries, and every byte of them counts).
  private(set) var positions: [Int32] = []
  /// The index of each member's first entry at its x (below the 10,000,000 entries of a document).
  private(set) var indices: [Int32] = []
  /// Per x, the pile under each of its members and the pile of them all (`starts[n] + n` on).
  private(set) var piles: [StackPile] = []
  /// Per x in percent mode, the total and its scale (`StackShares.total`).
  private(set) var totals: [(total: Double, scale: Double)] = []

  /// Members' entries a table holds at most (about 24 bytes each, and as much again while it is
  /// made): a larger stretch is left to the lookups.
  static let maxEntries = 1 << 20

  /// The table of `group` over x in `range`; nil when a member's x is not sorted or the stretch
  /// holds more than `maxEntries` entries.
  init?(_ model: ChartModel, group: StackGroup, range: Range<Double>) {
    percent = group.percent
    self.range = range
    var spans: [Range<Int>] = []
    spans.reserveCapacity(group.members.count)
    var total = 0
    for j in group.members {
      guard model.series[j].isSortedByX else { return nil }
      let x = model.spec.dataSets[j].entries.x
      let n = min(x.count, model.spec.dataSets[j].entries.y.count)
      // Positions and indices are kept in 32 bits (far above the limits on sets and entries).
      guard n <= Int(Int32.max), group.members.count <= Int(Int32.max) else { return nil }
      let span = Bisect.first(n) { x[$0] < range.lowerBound }..<Bisect.first(n) { x[$0] < range.upperBound }
      spans.append(span)
      total += span.count
      guard total <= Self.maxEntries else { return nil }
    }
    // Each member's first entry at each x of the stretch (sorted: the repeats of an x follow it).
    var firsts: [(x: Double, position: Int32, index: Int32, value: Double)] = []
    firsts.reserveCapacity(total)
    for (p, j) in group.members.enumerated() {
      let e = model.spec.dataSets[j].entries
      var previous = Double.nan
      for k in spans[p] {
        let x = e.x[k]
        guard x.isFinite else { return nil }
        if x != previous {
          let v = e.y[k]
          firsts.append((x, Int32(truncatingIfNeeded: p), Int32(truncatingIfNeeded: k), v.isFinite ? v : 0))
          previous = x
        }
      }
    }
    firsts.sort { $0.x < $1.x || ($0.x == $1.x && $0.position < $1.position) }
    var n = 0
    while n < firsts.count {
      let x = firsts[n].x
      var m = n + 1
      while m < firsts.count, firsts[m].x == x { m += 1 }
      xs.append(x)
      var share: (total: Double, scale: Double) = (1, 1)
      if percent {
        share = StackShares.total(members: m - n) { firsts[n + $0].value }
        totals.append(share)
      }
      var pile = StackPile()
      piles.append(pile)
      for f in firsts[n..<m] {
        positions.append(f.position)
        indices.append(f.index)
        _ = pile.add(percent ? StackShares.share(f.value, total: share.total, scale: share.scale) : f.value)
        piles.append(pile)
      }
      starts.append(positions.count)
      n = m
    }
  }

  /// Entries the table holds.
  var count: Int { positions.count }

  /// The pile under the member at `position` at `x` (and in percent mode the total there and its
  /// scale, when entry `entry` is that member's first at `x`: another entry at the same x counts
  /// its own value in the total); nil when the stretch has no entry at `x`.
  func under(position: Int, x: Double, entry: Int) -> (pile: StackPile, total: (Double, Double)?)? {
    let n = Bisect.first(xs.count) { xs[$0] < x }
    guard n < xs.count, xs[n] == x else { return nil }
    let start = starts[n]
    let lo = start + Bisect.first(starts[n + 1] - start) { Int(positions[start + $0]) < position }
    let pile = piles[lo + n]
    guard percent else { return (pile, nil) }
    guard lo < starts[n + 1], Int(positions[lo]) == position, Int(indices[lo]) == entry else { return nil }
    return (pile, totals[n])
  }
}

extension ChartModel {
  /// The table of the stretch of x holding `x` for `group` (the stretch of the bottom member's
  /// chunk whose first x is the last at or before `x`), kept for this state; nil when there is none.
  func stackTable(_ group: StackGroup, at x: Double) -> StackTable? {
    // The bottom member's chunks in x order (the table asks every member for it too).
    guard let bottom = group.members.first, x.isFinite, series[bottom].isSortedByX else { return nil }
    let summaries = series[bottom].summaries
    let a = Bisect.first(summaries.count) { summaries[$0].xLo <= x }
    let stretch = a - 1  // -1: before the bottom member's first x
    let lo = stretch >= 0 ? summaries[stretch].xLo : -Double.infinity
    let hi = a < summaries.count ? summaries[a].xLo : Double.infinity
    guard lo < hi else { return nil }
    return stackMemo.stretchTable(state, members: group.members, stretch: stretch) {
      StackTable(self, group: group, range: lo..<hi)
    }
  }
}
