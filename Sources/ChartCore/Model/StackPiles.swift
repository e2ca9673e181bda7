/// The piles under the entries of one chunk of a stacked line data set, worked out from the piles
/// under the same chunk of the member right below it when the two are aligned (same x at the same
/// index, as stacks built from one table are), so that a stack of S sets costs O(S · n) to draw
/// instead of looking up every set below for every entry (O(S² · n · log n)).
///
/// A pile at x is the sum, bottom first, of the members' first values at x (`StackBands`). When
/// the member below has its first entry at x at the same index k, the pile under entry k is the
/// pile under that member's entry k with its value added: the same additions in the same order as
/// the lookups make, so the bands are the same to the bit.
enum StackPiles {
  /// What a chunk's piles were worked out from: the chunk and the chunk below it (their revisions,
  /// which never repeat, name them and their entries), the column below (its stamp), and the x
  /// before the chunk below (whether its first entry is the first at its x).
  struct Key: Hashable, Sendable {
    var revision: UInt64
    var belowRevision: UInt64
    var belowStamp: UInt64
    var edge: UInt64
  }

  /// The piles under the entries of a chunk, from its first entry on.
  struct Column: Sendable {
    /// Distinct for every column worked out: a key made from it names exactly this column.
    var stamp: UInt64
    /// The absolute index (origin + local index) of the chunk's first entry: a sliding window moves
    /// the local indices of the chunks it leaves alone, whose revisions, and so whose columns, stay.
    var start: Int
    var piles: [StackPile]
  }

  /// Columns in a generation of the cache at first, and at most (each up to a chunk of piles;
  /// `BoundedCache` holds two generations): a redraw of 20 sets of 100 chunks reads 1,900, a row
  /// appended to 1,000 sets makes 999. Grown only while the columns in use fill half of it, so
  /// the columns held stay within a few times those drawn.
  static let capacity = 2_048
  static let ceiling = 16_384
}

extension ChartModel {
  /// The piles under the entries of chunk `chunk` of the member at `position` of `group`, when it
  /// and every member below it are aligned over that chunk; nil otherwise (and in percent mode,
  /// whose shares need the whole group at each x: `stackShares`): the caller looks the sets below up
  /// instead. The chain of the chunk's columns is worked out once per model state, bottom first.
  func stackPiles(_ group: StackGroup, position: Int, chunk: Int) -> StackPiles.Column? {
    guard !group.percent, position >= 1, position < group.members.count else { return nil }
    return stackMemo.pileColumn(state, members: group.members, position: position, chunk: chunk) { p, below in
      pileColumn(group, position: p, chunk: chunk, below: below)
    }
  }

  /// The column of the member at `position` over chunk `chunk` from `below`, the column of the
  /// member under it (nil when that member is the bottom one): kept by what it reads, so an update
  /// that changes neither chunk finds the column of the state before.
  private func pileColumn(_ group: StackGroup, position: Int, chunk: Int, below: StackPiles.Column?) -> StackPiles.Column? {
    let i = group.members[position], q = group.members[position - 1]
    // Read in place: a copy of an index retains each of its arrays.
    guard series[i].origin == series[q].origin, series[q].isSortedByX else { return nil }
    let range = series[i].localRange(ofChunk: chunk)
    guard !range.isEmpty, range.upperBound <= series[q].count else { return nil }
    let lowX = spec.dataSets[q].entries.x
    let edge = range.lowerBound > 0 ? lowX[range.lowerBound - 1].bitPattern : UInt64.max
    let key = StackPiles.Key(revision: series[i].revision(ofChunk: chunk), belowRevision: series[q].revision(ofChunk: chunk),
                             belowStamp: below?.stamp ?? 0, edge: edge)
    if let known = stackPiles.known(key) { return known.piles.isEmpty ? nil : known }
    // Worked out (and kept, also when not aligned: an empty column says so).
    let column = alignedPiles(dataSet: i, below: q, range: range, origin: series[i].origin, under: below)
      ?? StackPiles.Column(stamp: 0, start: 0, piles: [])
    let kept = stackPiles.value(key) { column }
    return kept.piles.isEmpty ? nil : kept
  }

  /// The piles under `range` (local indices; `origin` the sets' origin) of data set `i` from those
  /// under data set `q` below it (`under`, nil when `q` is the bottom); nil unless every entry of the
  /// range has a finite x that is the x of `q`'s first entry at that x, at the same index.
  private func alignedPiles(dataSet i: Int, below q: Int, range: Range<Int>, origin: Int,
                            under: StackPiles.Column?) -> StackPiles.Column? {
    let own = spec.dataSets[i].entries, low = spec.dataSets[q].entries
    guard range.upperBound <= own.x.count, range.upperBound <= low.x.count, range.upperBound <= low.y.count else { return nil }
    var piles: [StackPile] = []
    piles.reserveCapacity(range.count)
    var previous = range.lowerBound > 0 ? low.x[range.lowerBound - 1] : -Double.infinity
    for k in range {
      let x = own.x[k]
      // The first of q's entries at x (q is sorted): none before it has x.
      guard x.isFinite, low.x[k] == x, previous < x else { return nil }
      previous = low.x[k]
      var pile = under.map { $0.piles[origin + k - $0.start] } ?? StackPile()
      let v = low.y[k]
      _ = pile.add(v.isFinite ? v : 0)
      piles.append(pile)
    }
    return StackPiles.Column(stamp: Revisions.next(), start: origin + range.lowerBound, piles: piles)
  }
}
