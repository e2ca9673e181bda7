/// What a chunk of a stacked line reads of the other sets of its group (`RegionInput.stackedChunk`):
/// for each member below it (every other member in percent mode), in group order, the revisions of
/// its chunks that meet the chunk's x extent (with the chunk before it, whose last entry it joins),
/// led by their count (`SeriesIndex.appendRevisions`).
///
/// Members whose chunks cover the same x (every member of an aligned stack) read parts of one list,
/// made once per update for each x extent: `all` holds every member's part, and a member reads
/// `all[..<head]` and `all[tail...]`. A row appended to S sets made S lists of up to S parts each
/// (O(S²) integers written, and as many kept in the regions' inputs); now one list of S parts.
///
/// A class: held inline, its three fields made every region's input (an enum) larger, and every
/// update that compares all of them slower (a highlight +0.8 % instructions).
final class StackReads: Equatable, Sendable {
  /// Every member's part, in group order.
  let all: [UInt64]
  /// The parts read: `all[..<head]`, then `all[tail...]`.
  let head: Int
  let tail: Int

  init(all: [UInt64], head: Int, tail: Int) {
    self.all = all
    self.head = head
    self.tail = tail
  }

  /// Nothing read (the bottom member of a stack that is not in percent mode).
  static let nothing = StackReads(all: [], head: 0, tail: 0)

  /// How many integers are read.
  var count: Int { head + all.count - tail }

  /// Equal when the integers read are, wherever in their lists they stand.
  static func == (a: StackReads, b: StackReads) -> Bool {
    if a === b { return true }
    guard a.count == b.count else { return false }
    if a.head == b.head { return a.all[..<a.head] == b.all[..<b.head] && a.all[a.tail...] == b.all[b.tail...] }
    return [a.all[..<a.head], a.all[a.tail...]].joined().elementsEqual([b.all[..<b.head], b.all[b.tail...]].joined())
  }

  /// A group (named by its bottom member) over an x extent (bit patterns of its ends).
  struct ListKey: Hashable {
    var bottom: Int
    var lo: UInt64
    var hi: UInt64
  }

  /// Every member's part over one x extent, and where each starts (`starts[k]` for the member at
  /// position k, then the end).
  struct List {
    var members: [Int]
    var all: [UInt64]
    var starts: [Int]
  }

  /// The lists of one update, and each stacked set's position in its group (noted a group at a
  /// time). A class made at the first stacked chunk: an update of a chart without stacks makes none.
  final class Memo {
    var lists: [ListKey: List] = [:]
    var positions: [Int: Int] = [:]
  }
}

extension RegionInputs {
  /// What chunk `chunk` of stacked data set `i` reads of the other sets of its group (`StackReads`).
  func stackReads(_ group: StackGroup, dataSet i: Int, chunk: Int) -> StackReads {
    let memo = stackReadMemo ?? StackReads.Memo()
    stackReadMemo = memo
    guard let position = memo.position(of: i, in: group),
          !(position == 0 && !group.percent),
          let xs = model.series[i].xExtent(ofChunks: (chunk - 1)...chunk) else { return .nothing }
    let key = StackReads.ListKey(bottom: group.members[0], lo: xs.lowerBound.bitPattern, hi: xs.upperBound.bitPattern)
    let list: StackReads.List
    if let known = memo.lists[key], known.members == group.members {
      list = known
    } else {
      var made = StackReads.List(members: group.members, all: [], starts: [])
      made.starts.reserveCapacity(group.members.count + 1)
      for j in group.members {
        made.starts.append(made.all.count)
        // The summaries alone: a method of `series[j]` copied the index (a retain per array).
        SeriesIndex.appendRevisions(of: model.series[j].summaries, sorted: model.series[j].isSortedByX, meeting: xs,
                                    to: &made.all)
      }
      made.starts.append(made.all.count)
      memo.lists[key] = made
      list = made
    }
    return StackReads(all: list.all, head: list.starts[position],
                      tail: group.percent ? list.starts[position + 1] : list.all.count)
  }
}

extension StackReads.Memo {
  /// Where data set `i` stands in `group`, its group in this update (positions of a group are
  /// noted at once: looked up member by member, a row of S sets cost O(S²)).
  func position(of i: Int, in group: StackGroup) -> Int? {
    if let known = positions[i], known < group.members.count, group.members[known] == i { return known }
    for (k, j) in group.members.enumerated() { positions[j] = k }
    return positions[i].flatMap { group.members.indices.contains($0) && group.members[$0] == i ? $0 : nil }
  }
}
