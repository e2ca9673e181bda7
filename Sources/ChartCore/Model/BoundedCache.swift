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
