import Synchronization

/// What the stacks of one state of a model worked out: its stack groups, per chunk the chain of
/// aligned pile columns bottom first and the totals of percent groups, and the tables of stretches
/// of x of groups whose sets are not aligned (`StackTable`). Every member of a group of S
/// sets asks for these, so worked out per member they cost O(S) each and O(S²) per update; here
/// they are worked out once per state and read in O(1).
///
/// A state is named by `ChartModel.state`, which changes with every change of the spec or of the
/// indexes: an entry kept for one state is never read by another. The memo keeps one state, the one
/// read last (a model and its copies share it; a copy read after a change of the original works its
/// entries out again).
final class StackMemo: Sendable {
  private let table = Mutex(Table())
  /// Entries the tables of a state hold together at most (`tableEntries` but in tests).
  let tableBudget: Int

  init(tableBudget: Int = StackMemo.tableEntries) { self.tableBudget = tableBudget }

  private struct Table {
    var state: UInt64 = 0
    /// The groups, per `includingHidden`.
    var groups: [Bool: Groups] = [:]
    var piles: [ChunkKey: Chain] = [:]
    var totals: [ChunkKey: Kept<StackShares.Totals>] = [:]
    /// Tables of stretches of x (`StackTable`, keyed by the stretch in `chunk`), and the entries
    /// they hold together: beyond `tableBudget` the tables are emptied.
    var tables: [ChunkKey: Kept<StackTable>] = [:]
    var tableEntries = 0

    /// The table of `state`, emptied when it was another's.
    mutating func at(_ state: UInt64) {
      guard self.state != state else { return }
      self = Table(state: state)
    }
  }

  /// A chunk of a group, the group named by its bottom member (another group with that bottom, as
  /// the group of a hidden set is, replaces the entry: the members are checked on every read).
  private struct ChunkKey: Hashable {
    var bottom: Int
    var chunk: Int
  }

  /// A value made for a chunk of the group of `members` (nil when there is none to make).
  private struct Kept<Value> {
    var members: [Int]
    var value: Value?
  }

  /// Every stack group of a state: each data set's group number (-1 when it does not stack), and
  /// each group's members in data set order.
  struct Groups {
    var owner: [Int]
    var members: [[Int]]
  }

  /// The aligned pile columns of one chunk of a group, from position 1 up to the top (`columns[p - 1]`
  /// is the column of position p; the chain ends with nil where a member is not aligned).
  struct Chain {
    var members: [Int]
    var columns: [StackPiles.Column?]
  }

  /// The groups of `state` (`includingHidden` or not), made by `make` when not yet known.
  func groups(_ state: UInt64, includingHidden: Bool, make: () -> Groups) -> Groups {
    if let known = table.withLock({ t -> Groups? in t.at(state); return t.groups[includingHidden] }) { return known }
    let made = make()
    table.withLock { t in
      t.at(state)
      t.groups[includingHidden] = made
    }
    return made
  }

  /// The pile column of `position` over chunk `chunk` of the group of `members`, the chain of that
  /// chunk made by `next` (the column of a position from the one below it, nil under position 1)
  /// up to the top when not yet known.
  func pileColumn(_ state: UInt64, members: [Int], position: Int, chunk: Int,
                  next: (_ position: Int, _ below: StackPiles.Column?) -> StackPiles.Column?) -> StackPiles.Column? {
    let key = ChunkKey(bottom: members.first ?? -1, chunk: chunk)
    var chain = table.withLock { t -> Chain in
      t.at(state)
      // Array equality first compares the buffers: the members of a memoized group match at once.
      guard let known = t.piles[key], known.members == members else { return Chain(members: members, columns: []) }
      return known
    }
    if position <= chain.columns.count { return chain.columns[position - 1] }
    let start = chain.columns.count
    if start > 0, chain.columns[start - 1] == nil { return nil }  // not aligned below: nil above too
    // Up to the top at once: every member asks in turn, and a chain extended one position per ask
    // would be copied out of the table and back each time.
    let top = members.count - 1
    chain.columns.reserveCapacity(top)
    for p in (start + 1)...top {
      let below = p == 1 ? nil : chain.columns[p - 2]
      let column = p == 1 || below != nil ? next(p, below) : nil
      chain.columns.append(column)
      if column == nil { break }
    }
    let result = position <= chain.columns.count ? chain.columns[position - 1] : nil
    table.withLock { t in
      t.at(state)
      if (t.piles[key]?.columns.count ?? -1) < chain.columns.count || t.piles[key]?.members != members {
        t.piles[key] = chain
      }
    }
    return result
  }

  /// Entries the tables of a state hold together at most (a table holds up to `StackTable.maxEntries`).
  static let tableEntries = 1 << 21

  /// The table of stretch `stretch` of the group of `members` (`StackTable`), made by `make` when not yet known.
  func stretchTable(_ state: UInt64, members: [Int], stretch: Int, make: () -> StackTable?) -> StackTable? {
    let key = ChunkKey(bottom: members.first ?? -1, chunk: stretch)
    if let known = known(state, key, members, \.tables) { return known }
    let made = make()
    table.withLock { t in
      t.at(state)
      let size = made?.count ?? 0
      if t.tableEntries + size > tableBudget {
        t.tables.removeAll()
        t.tableEntries = 0
      }
      t.tables[key] = Kept(members: members, value: made)
      t.tableEntries += size
    }
    return made
  }

  /// The totals of chunk `chunk` of the percent group of `members`, made by `make` when not yet known.
  func totals(_ state: UInt64, members: [Int], chunk: Int, make: () -> StackShares.Totals?) -> StackShares.Totals? {
    let key = ChunkKey(bottom: members.first ?? -1, chunk: chunk)
    if let known = known(state, key, members, \.totals) { return known }
    let made = make()
    table.withLock { t in
      t.at(state)
      t.totals[key] = Kept(members: members, value: made)
    }
    return made
  }

  /// What `path` keeps for `key` in `state` when it was made for the group of `members` (`.some(nil)`:
  /// made, and there was none); nil when not kept.
  private func known<Value: Sendable>(_ state: UInt64, _ key: ChunkKey, _ members: [Int],
                            _ path: KeyPath<Table, [ChunkKey: Kept<Value>]> & Sendable) -> Value?? {
    table.withLock { t in
      t.at(state)
      // Array equality first compares the buffers: the members of a memoized group match at once.
      guard let kept = t[keyPath: path][key], kept.members == members else { return nil }
      return .some(kept.value)
    }
  }
}
