import Synchronization

/// Values worked out once and kept by what they were computed from, shared by every copy of a
/// model and safe across threads; a key must name its inputs exactly (revisions that never repeat),
/// so a hit is always what a computation from scratch would give: the cache changes how fast, never
/// what, a layout is. Beyond `capacity` entries it is emptied at once (stale keys pile up as
/// revisions move on).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  let capacity: Int
  private let table = Mutex<[Key: Value]>([:])

  init(capacity: Int) { self.capacity = capacity }

  /// The value kept for `key`, without working one out.
  func known(_ key: Key) -> Value? { table.withLock { $0[key] } }

  /// The value kept for `key`, else `compute()`'s, kept.
  func value(_ key: Key, compute: () -> Value) -> Value {
    if let hit = known(key) { return hit }
    let value = compute()
    table.withLock { t in
      if t.count >= capacity { t.removeAll(keepingCapacity: true) }
      t[key] = value
    }
    return value
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
  let extents = BoundedCache<StackExtents.Key, StackExtents.Extent>(capacity: StackExtents.capacity)
  let piles = BoundedCache<StackPiles.Key, StackPiles.Column>(capacity: StackPiles.capacity)
  let shareTotals = BoundedCache<StackShares.TotalsKey, StackShares.Totals>(capacity: StackShares.capacity)
  let sharePiles = BoundedCache<StackShares.PilesKey, StackPiles.Column>(capacity: StackShares.capacity)
  let memo = StackMemo()
}
