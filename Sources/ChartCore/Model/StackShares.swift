/// The shares of percent-stacked lines: how the group's total at an x is added up and how a value
/// becomes its share of it; and, where every member of the group is aligned over a chunk (same x
/// at the same index, each its first entry at that x, as stacks built from one table are), the
/// totals and the piles of shares worked out once per chunk, so that a percent stack of S sets of
/// n entries costs O(S · n) to draw instead of looking every set up at every entry (O(S² · n · log n)).
///
/// One rule for every path that works shares out (the columns here and the lookups of
/// `StackBands`, and through them the axis ranges, highlights, markers and value labels): the total
/// at x adds up, in group order, the absolute value of each member's first entry at x (an entry's
/// own set counts the entry's own value), so every member's entry at x is divided by the same
/// total, made by the same additions in the same order whichever path makes them.
enum StackShares {
  /// What the totals of a chunk were worked out from: for every member in group order, its chunk's
  /// revision (revisions never repeat: it names the member's entries over the chunk) and the bits
  /// of the x before the chunk (whether the chunk's first entry is the first at its x).
  struct TotalsKey: Hashable, Sendable {
    var revisions: [UInt64]
    var edges: [UInt64]
  }

  /// The group's total at each x of the part of a chunk every member has, and its scale.
  struct Totals: Sendable {
    /// Distinct for every totals worked out: the piles made from them are kept by it.
    var stamp: UInt64
    /// The absolute index (origin + local index) of the first entry covered: a sliding window moves
    /// the local indices of the chunks it leaves alone, whose revisions, and so totals, stay.
    var start: Int
    var totals: [Double]
    /// The scale of each total; empty when every one is 1, as all are unless a sum overflows.
    var scales: [Double]

    /// Total and scale at absolute index `a` (which the totals cover).
    @inline(__always)
    func at(_ a: Int) -> (total: Double, scale: Double) {
      (totals[a - start], scales.isEmpty ? 1 : scales[a - start])
    }
  }

  /// What the piles under a member were worked out from: the totals (whose stamp names every
  /// member's entries over the chunk) and the member's position in the group.
  struct PilesKey: Hashable, Sendable {
    var totals: UInt64
    var position: Int
  }

  /// What one member's entries over an aligned chunk stand on: the totals, and the piles of the
  /// shares of the members below.
  struct Column: Sendable {
    /// Names everything the member's bands over the chunk read apart from its own entries (the
    /// totals' stamp at the bottom, the piles' above it): what the chunk's band extents are kept by.
    var stamp: UInt64
    var totals: Totals
    /// The piles under the member's entries from `totals.start` on; empty at the bottom, on 0.
    var piles: [StackPile]

    /// Whether the column covers the entries at absolute indices `range`.
    func covers(_ range: Range<Int>) -> Bool {
      range.lowerBound >= totals.start && range.upperBound <= totals.start + totals.totals.count
    }
  }

  /// Totals, and pile columns, in a generation of their caches at first, and at most (each up to
  /// a chunk; as `StackPiles.capacity`).
  static let capacity = 2_048
  static let ceiling = 16_384

  /// The total at one x of a group of `count` members, `value(q)` the value member `q` (group order)
  /// adds there (finite, or 0), and the scale the values were added up at: 1, or 2⁻⁶⁴ when the sum
  /// at 1 is too large for a double (a power of two: exact, so shares stay what they would have been).
  @inline(__always)
  static func total(members count: Int, _ value: (Int) -> Double) -> (total: Double, scale: Double) {
    @inline(__always) func sum(_ scale: Double) -> Double {
      // From 0: 0 + |v| is |v|, so the first addition adds nothing but the first value.
      var total = 0.0
      for q in 0..<count { total += abs(value(q)) * scale }
      return total
    }
    let total = sum(1)
    guard total.isInfinite else { return (total, 1) }
    return (sum(0x1p-64), 0x1p-64)
  }

  /// The share in percent of value `w` at an x whose total is `total` at `scale`: divided first, so
  /// a tiny total cannot overflow; 0 when the total is 0 (a stack of zeros has no shares).
  @inline(__always)
  static func share(_ w: Double, total: Double, scale: Double) -> Double {
    total > 0 && total.isFinite ? w * scale / total * 100 : 0
  }
}

extension ChartModel {
  /// The totals and the piles under chunk `chunk` of the member at `position` of percent group
  /// `group`, when every member is aligned over the part of the chunk they all have; nil otherwise
  /// (and outside percent mode): the caller looks the members up instead.
  func stackShares(_ group: StackGroup, position: Int, chunk: Int) -> StackShares.Column? {
    guard group.percent, position >= 0, position < group.members.count, let totals = shareTotals(group, chunk: chunk) else {
      return nil
    }
    guard position > 0 else { return StackShares.Column(stamp: totals.stamp, totals: totals, piles: []) }
    // The highest column kept at or below `position`, then each above it from the one below:
    // no recursion, so a group of a thousand sets does not nest a thousand calls.
    var from = position, below: StackPiles.Column? = nil
    while from > 0 {
      below = sharePiles.known(StackShares.PilesKey(totals: totals.stamp, position: from))
      if below != nil { break }
      from -= 1
    }
    if from < position {
      let origin = series[group.members[0]].origin
      for p in (from + 1)...position {
        let made = nextPiles(on: below, adding: spec.dataSets[group.members[p - 1]].entries.y, totals: totals, origin: origin)
        below = sharePiles.value(StackShares.PilesKey(totals: totals.stamp, position: p)) { made }
      }
    }
    guard let below else { return nil }
    return StackShares.Column(stamp: below.stamp, totals: totals, piles: below.piles)
  }

  /// The totals of chunk `chunk` of percent group `group`, over the part of the chunk every member
  /// has, when all are aligned there; nil otherwise.
  func shareTotals(_ group: StackGroup, chunk: Int) -> StackShares.Totals? {
    stackMemo.totals(state, members: group.members, chunk: chunk) { keptTotals(group, chunk: chunk) }
  }

  /// The totals of chunk `chunk` of `group` kept by every member's revision of the chunk and the x
  /// before it, worked out when not kept.
  private func keptTotals(_ group: StackGroup, chunk: Int) -> StackShares.Totals? {
    guard let bottom = group.members.first else { return nil }
    // Read in place: a copy of an index retains each of its arrays.
    let origin = series[bottom].origin, size = series[bottom].chunkSize
    var common = series[bottom].localRange(ofChunk: chunk)
    var key = StackShares.TotalsKey(revisions: [], edges: [])
    key.revisions.reserveCapacity(group.members.count)
    key.edges.reserveCapacity(group.members.count)
    for j in group.members {
      // The same origin and chunk size: the chunk starts at the same local index in every member.
      guard series[j].origin == origin, series[j].chunkSize == size, series[j].isSortedByX else { return nil }
      let range = series[j].localRange(ofChunk: chunk)
      common = common.lowerBound..<min(common.upperBound, range.upperBound)
      guard !common.isEmpty else { return nil }
      key.revisions.append(series[j].revision(ofChunk: chunk))
    }
    for j in group.members {
      // Read in place as well: a copy of the column retains and releases it, once per member for
      // every member asking (a group of a thousand sets reads a million edges per render).
      let lo = common.lowerBound
      key.edges.append(lo > 0 && lo <= spec.dataSets[j].entries.x.count ? spec.dataSets[j].entries.x[lo - 1].bitPattern : .max)
    }
    if let known = shareTotals.known(key) { return known.totals.isEmpty ? nil : known }
    // Worked out (and kept, also when not aligned: empty totals say so).
    let made = alignedTotals(group.members, range: common, origin: origin)
      ?? StackShares.Totals(stamp: 0, start: 0, totals: [], scales: [])
    let kept = shareTotals.value(key) { made }
    return kept.totals.isEmpty ? nil : kept
  }

  /// The totals over `range` (local indices; `origin` the members' origin) of `members`; nil unless
  /// at every index of the range each member has the same finite x, and it is its first entry at
  /// that x (x sorted, the entry before lower).
  private func alignedTotals(_ members: [Int], range: Range<Int>, origin: Int) -> StackShares.Totals? {
    let xs = members.map { spec.dataSets[$0].entries.x }, ys = members.map { spec.dataSets[$0].entries.y }
    guard xs.allSatisfy({ range.upperBound <= $0.count }), ys.allSatisfy({ range.upperBound <= $0.count }) else { return nil }
    let first = xs[0]
    if range.lowerBound > 0 {
      for x in xs { guard x[range.lowerBound - 1] < first[range.lowerBound] else { return nil } }
    }
    var previous = -Double.infinity
    for k in range {
      let x = first[k]
      guard x.isFinite, previous < x else { return nil }
      previous = x
      for column in xs { guard column[k] == x else { return nil } }
    }
    var totals = [Double](repeating: 0, count: range.count), scales: [Double] = []
    for (n, k) in range.enumerated() {
      // The lookups' values: each member's first entry at x (this one), 0 when missing.
      let (total, scale) = StackShares.total(members: ys.count) { q in
        let v = ys[q][k]
        return v.isFinite ? v : 0
      }
      totals[n] = total
      if scale != 1 {
        if scales.isEmpty { scales = [Double](repeating: 1, count: range.count) }
        scales[n] = scale
      }
    }
    return StackShares.Totals(stamp: Revisions.next(), start: origin + range.lowerBound, totals: totals, scales: scales)
  }

  /// The piles under the next member up: `under` (nil under the member at position 1, which stands
  /// on the bottom one alone) with the shares of `y`, the values of the member right below it, added
  /// as the lookups add them (bottom first, 0 for a missing value).
  private func nextPiles(on under: StackPiles.Column?, adding y: EntryColumn<Double>, totals: StackShares.Totals,
                         origin: Int) -> StackPiles.Column {
    var piles = under?.piles ?? [StackPile](repeating: StackPile(), count: totals.totals.count)
    for n in piles.indices {
      let (total, scale) = totals.at(totals.start + n)
      let v = y[totals.start + n - origin]
      _ = piles[n].add(StackShares.share(v.isFinite ? v : 0, total: total, scale: scale))
    }
    return StackPiles.Column(stamp: Revisions.next(), start: totals.start, piles: piles)
  }
}
