/// The band extents of each chunk of the stacked data sets, kept by what they were computed from,
/// so that fitting an axis to the stacks after an append recomputes only the chunks that changed.
///
/// A key names the chunk's revision and the revisions of every chunk of the other sets it read
/// (revisions never repeat). Copies of a model share the cache (`ChartModel.stackExtents`).
enum StackExtents {
  struct Key: Hashable, Sendable {
    var dataSet: String
    var chunk: Int
    var revision: UInt64
    /// Per other member of the group, the revisions of its chunks that meet this chunk's x range,
    /// each member's led by their count (`SeriesIndex.appendRevisions`).
    var others: [UInt64]
    /// The set's place in its group: with `others` in group order, it says in what order the
    /// members' values add up (the others' revisions name their entries, whichever set they are).
    var position: Int
    var percent: Bool
    /// The stamp of the chunk's aligned pile column (`StackPiles`), which names everything below
    /// it: then `others` is left empty. 0 otherwise.
    var piles: UInt64 = 0

    /// Hashes every field but the others' revisions, of which only their count and the last: keys
    /// of one chunk revision seldom differ there alone (when members below changed), and hashing
    /// every revision below every set made a row appended to S sets whose x differ O(S²) hashing
    /// (7 % of a row of 300 such sets). Equality still compares them all.
    func hash(into h: inout Hasher) {
      h.combine(dataSet)
      h.combine(chunk)
      h.combine(revision)
      h.combine(position)
      h.combine(percent)
      h.combine(piles)
      h.combine(others.count)
      h.combine(others.last ?? 0)
    }
  }

  /// Lowest and highest band value, and the lowest positive one (infinity when none).
  struct Extent: Sendable, Equatable {
    var lo = Double.infinity, hi = -Double.infinity, positiveLo = Double.infinity

    /// Widens the extent to a band's edge `v` (ignored unless finite).
    @inline(__always)
    mutating func take(_ v: Double) {
      guard v.isFinite else { return }
      lo = min(lo, v)
      hi = max(hi, v)
      if v > 0 { positiveLo = min(positiveLo, v) }
    }
  }

  /// Extents in a generation of the cache at first (`BoundedCache`), and at most. Small at first:
  /// where a set's x differ from those below it, a key lists the revisions below it (O(S)), and a
  /// row appended to 1,000 such sets makes 1,000 keys of some 12 KB each; the cache grows only while
  /// the extents in use fill half a generation.
  static let capacity = 4_096
  static let ceiling = 65_536
}
