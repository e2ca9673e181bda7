import Synchronization

/// The band extents of each chunk of the stacked data sets, kept by what they were computed from,
/// so that fitting an axis to the stacks after an append recomputes only the chunks that changed.
///
/// A key names the chunk's revision and the revisions of every chunk of the other sets it read
/// (revisions never repeat), so a hit is always the value a computation from scratch would give:
/// the cache changes how fast, never what, a layout is. Copies of a model share it.
final class StackExtentCache: Sendable {
  struct Key: Hashable, Sendable {
    var dataSet: String
    var chunk: Int
    var revision: UInt64
    /// Per other member of the group, the revisions of its chunks that meet this chunk's x range.
    var others: [[UInt64]]
    var members: [String]
    var percent: Bool
  }

  /// Lowest and highest band value, and the lowest positive one (infinity when none).
  struct Extent: Sendable, Equatable {
    var lo = Double.infinity, hi = -Double.infinity, positiveLo = Double.infinity
  }

  /// Entries beyond this many are dropped all at once (stale keys pile up as revisions move on).
  static let capacity = 65_536

  private let table = Mutex<[Key: Extent]>([:])

  func extent(_ key: Key, compute: () -> Extent) -> Extent {
    if let hit = table.withLock({ $0[key] }) { return hit }
    let value = compute()
    table.withLock { t in
      if t.count >= Self.capacity { t.removeAll(keepingCapacity: true) }
      t[key] = value
    }
    return value
  }
}
