import Synchronization

/// Values worked out once and kept by what they were computed from, shared by every copy of a
/// model and safe across threads; a key must name its inputs exactly (revisions that never repeat),
/// so a hit is always what a computation from scratch would give: the cache changes how fast, never
/// what, a layout is.
///
/// Kept in two generations: new values go to the young one, and a value found in the old one moves
/// back to the young one. When the young generation is full, the old one is dropped and the young
/// one becomes old: a value not used for a whole generation goes (stale revisions pile up as the
/// data moves on), a value in use stays. A young generation that was mostly values carried over is
/// a sign that the values in use do not fit: the generation doubles, up to `ceiling`; one that
/// carried few halves again, down to `capacity`. So a cache never holds more than twice `ceiling`
/// values (and remembers the hashes of no more than `ceiling` dropped keys), and as long as the
/// values read between two reads of one fit in a generation, each is worked out once. (Emptied at
/// once when full instead, a cache works every value in use out again each time it fills, and all
/// of them all the time once they outgrow it: 300 bubble sets had an update read every size again.)
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The smallest size of a generation.
  let capacity: Int
  /// The largest size of a generation.
  let ceiling: Int
  private let state: Mutex<Generations>

  /// The two generations and the young one's size limit.
  struct Generations {
    var young: [Key: Value] = [:]
    var old: [Key: Value] = [:]
    /// Hash values of the keys of values dropped with old generations (up to `ceiling` of them,
    /// none in a cache that cannot grow): asked for again, they show values in use that did not
    /// fit, which carrying alone misses when the values in use are more than twice a generation
    /// (each is dropped before it is asked for again). Hashes, not keys: a key may hold a list
    /// (`StackExtents.Key`), and a hash that another key shares only misjudges a size.
    var ghosts: Set<Int> = []
    /// The young generation's size limit, `capacity` … `ceiling`.
    var limit: Int
    /// Values of the young generation carried over from the old one or asked for again after
    /// being dropped.
    var carried = 0

    /// A value worked out for `key`, kept.
    mutating func keep(_ key: Key, _ value: Value, capacity: Int, ceiling: Int) {
      if !ghosts.isEmpty, ghosts.remove(key.hashValue) != nil { carried += 1 }
      young[key] = value
      rotateIfFull(capacity: capacity, ceiling: ceiling)
    }

    /// Drops the old generation when the young one is full, resizing the next one by how many of
    /// the full one's values were in use.
    mutating func rotateIfFull(capacity: Int, ceiling: Int) {
      guard young.count >= limit else { return }
      if carried * 2 >= young.count {
        limit = min(limit * 2, ceiling)
      } else if carried * 8 < young.count, limit > capacity {
        limit = max(limit / 2, capacity)
        ghosts = []
      }
      if ceiling > capacity {
        if ghosts.count + old.count > ceiling { ghosts = [] }
        for key in old.keys { ghosts.insert(key.hashValue) }
      }
      old = young
      young = [:]
      carried = 0
    }
  }

  /// A cache of generations of `capacity` values, growing to `ceiling` (default `capacity`) when
  /// that many are in use.
  init(capacity: Int, ceiling: Int? = nil) {
    self.capacity = max(1, capacity)
    self.ceiling = max(self.capacity, ceiling ?? capacity)
    state = Mutex(Generations(limit: self.capacity))
  }

  /// The value kept for `key`, without working one out.
  func known(_ key: Key) -> Value? {
    state.withLock { g in
      if let hit = g.young[key] { return hit }
      guard let hit = g.old.removeValue(forKey: key) else { return nil }
      g.young[key] = hit
      g.carried += 1
      g.rotateIfFull(capacity: capacity, ceiling: ceiling)
      return hit
    }
  }

  /// The value kept for `key`, else `compute()`'s, kept.
  func value(_ key: Key, compute: () -> Value) -> Value {
    if let hit = known(key) { return hit }
    let value = compute()
    state.withLock { $0.keep(key, value, capacity: capacity, ceiling: ceiling) }
    return value
  }

  /// Values held, keys remembered as dropped, and the young generation's limit (for tests).
  var occupancy: (held: Int, ghosts: Int, limit: Int) {
    state.withLock { g in (g.young.count + g.old.count, g.ghosts.count, g.limit) }
  }
}

extension BoundedCache where Key == UInt64 {
  /// The value for the entries `index` describes, kept by their data revision. Worked out once per
  /// revision: after appends, by `appended` from the value of the state appended to (when kept)
  /// and its entry count, reading only the appended entries; after a change that `keeps` says
  /// leaves the value alone, the value before it; else by `whole`.
  func value(at index: SeriesIndex, keeps: (SeriesIndex.Reshape.Change) -> Bool = { _ in false },
             whole: () -> Value, appended: (_ before: Value, _ count: Int) -> Value) -> Value {
    value(index.dataRevision) {
      if let before = index.appendedTo, let known = known(before.revision) { return appended(known, before.count) }
      if index.appendedTo == nil, let reshape = index.lastReshape, keeps(reshape.change), let known = known(reshape.fromData) {
        return known
      }
      return whole()
    }
  }
}

/// The caches of a model's stacked sets, held together: a model is copied on the update path, and
/// a copy retains and releases one reference instead of four (1 % of an append's instructions).
final class StackCaches: Sendable {
  let extents = BoundedCache<StackExtents.Key, StackExtents.Extent>(capacity: StackExtents.capacity,
                                                                     ceiling: StackExtents.ceiling)
  let piles = BoundedCache<StackPiles.Key, StackPiles.Column>(capacity: StackPiles.capacity, ceiling: StackPiles.ceiling)
  let shareTotals = BoundedCache<StackShares.TotalsKey, StackShares.Totals>(capacity: StackShares.capacity,
                                                                            ceiling: StackShares.ceiling)
  let sharePiles = BoundedCache<StackShares.PilesKey, StackPiles.Column>(capacity: StackShares.capacity,
                                                                         ceiling: StackShares.ceiling)
  let memo = StackMemo()
}

extension ChartModel {
  /// The largest generation of the process-wide caches of one small fact per data set revision
  /// (bubble sizes, x gaps): every set of 32 documents of 1,000 sets (`SpecLimits.maxDataSets`).
  static let setCacheCeiling = 32_768
}
