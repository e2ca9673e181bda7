/// The lowest and highest y of every block of 128 entries of an M4 line: the extremes of a
/// column's run then come from its whole blocks and at most two partial ones, and where the winning
/// value first occurs from one search in its block, so folding every column again (after a zoom, a
/// pan, a resize, an append that moves the x domain) reads O(columns × block + entries / block)
/// values instead of every entry. Building them is one pass of lanes over the entries.
///
/// Blocks are numbered by absolute entry index (`SeriesIndex.origin` + local index), like the
/// index's chunks: a sliding window that drops entries from the front recomputes only the first
/// block, and an append only the last. Kept up to date at every update of the aggregation that
/// holds it (`catchUp`), from the same `SeriesIndex.lastReshape` the M4 columns catch up from;
/// rebuilt from the entries when the chain of shapes is broken.
struct M4BlockExtremes: Sendable {
  /// Entries per block.
  static let blockSize = 128

  /// One block's lowest and highest y (NaN never compares). (+∞, -∞) when it holds no other
  /// value: such a block never replaces what a run holds, as none of its entries would.
  struct Block: Sendable, Equatable {
    var low = Double.infinity, high = -Double.infinity
  }

  /// The `SeriesIndex.reshapeRevision` the blocks were brought up to date with.
  private(set) var shape: UInt64
  /// The absolute index of local entry 0 (the index's `origin`).
  private(set) var origin: Int
  /// Entries folded in (local 0 ..< count).
  private(set) var count = 0
  /// `blocks[k]` is absolute block `base + k`; those before the block of `origin` are dead, kept
  /// until they are many (a sliding window moves the array down once in a while, not per append).
  private var blocks: [Block] = []
  private var base: Int

  init(_ entries: EntryColumns, index: SeriesIndex) {
    shape = index.reshapeRevision
    origin = index.origin
    base = index.origin / Self.blockSize
    fold(entries.y, from: 0, to: entries.count)
  }

  /// Brings the blocks up to date with `entries`, whose index is `index`.
  mutating func catchUp(_ entries: EntryColumns, index: SeriesIndex) {
    if index.reshapeRevision != shape {
      guard let reshape = index.lastReshape, reshape.from == shape, follow(reshape.change, entries, index) else {
        return self = Self(entries, index: index)
      }
      shape = index.reshapeRevision
    }
    guard origin == index.origin, entries.count >= count else { return self = Self(entries, index: index) }
    if entries.count > count { fold(entries.y, from: count, to: entries.count) }
  }

  /// Applies one removal or update in place to the entries folded so far; false when only a
  /// rebuild can.
  private mutating func follow(_ change: SeriesIndex.Reshape.Change, _ entries: EntryColumns, _ index: SeriesIndex) -> Bool {
    switch change {
    case .removed(let range):
      if range.lowerBound == 0, index.origin == origin + range.count {
        // Dropped from the front: the blocks keep their numbers and their extremes, except the
        // first, which lost entries (or every block, when none that was folded is left).
        let kept = max(0, count - range.count)
        origin = index.origin
        count = kept
        dropDeadBlocks()
        if kept > 0 { refold(0..<1, entries.y) } else { truncate(to: 0, entries.y) }
        return true
      }
      guard index.origin == origin else { return false }
      // The entries after the removal moved down: their blocks are folded again as appended.
      if range.lowerBound < count { truncate(to: range.lowerBound, entries.y) }
      return true
    case .updated(let range, _):
      guard index.origin == origin else { return false }
      let changed = min(range.lowerBound, count)..<min(range.upperBound, count)
      if !changed.isEmpty { refold(changed, entries.y) }
      return true
    }
  }

  /// Keeps the entries before local `n` (the last kept block folded again from its entries).
  private mutating func truncate(to n: Int, _ ys: EntryColumn<Double>) {
    let end = n == 0 ? (origin / Self.blockSize) : (origin + n - 1) / Self.blockSize + 1
    blocks.removeLast(max(0, blocks.count - (end - base)))
    count = n
    if n > 0 { refold((n - 1)..<n, ys) }
  }

  /// Folds every block that holds an entry of local `range` again from its entries (up to `count`).
  private mutating func refold(_ range: Range<Int>, _ ys: EntryColumn<Double>) {
    let b = Self.blockSize
    let first = (origin + range.lowerBound) / b, last = (origin + range.upperBound - 1) / b
    ys.withUnsafeBufferPointer { p in
      for block in first...last {
        blocks[block - base] = Self.block(p, Self.entries(ofBlock: block, origin: origin, upTo: count))
      }
    }
  }

  /// Drops the dead blocks once they are more than half of them (and more than a few).
  private mutating func dropDeadBlocks() {
    let dead = origin / Self.blockSize - base
    guard dead > 0 else { return }
    if dead >= blocks.count {
      blocks.removeAll(keepingCapacity: true)
      base = origin / Self.blockSize
    } else if dead > 1_024 && dead * 2 > blocks.count {
      blocks.removeFirst(dead)
      base += dead
    }
  }

  /// Folds local entries `start ..< end` into the blocks (`start` is `count`).
  private mutating func fold(_ ys: EntryColumn<Double>, from start: Int, to end: Int) {
    let b = Self.blockSize, origin = origin, base = base
    let firstBlock = (origin + start) / b, endBlock = (origin + end - 1) / b + 1
    if blocks.count < endBlock - base {
      blocks.append(contentsOf: repeatElement(Block(), count: endBlock - base - blocks.count))
    }
    defer { count = end }
    if end - start < b {
      // An append: its entries come after those of the block it lands in, so they fold into its
      // extremes as the scalar rule would go on.
      ys.withUnsafeBufferPointer { p in
        blocks.withUnsafeMutableBufferPointer { blocks in
          for i in start..<end {
            let k = (origin + i) / b - base
            let v = p[i]
            if v < blocks[k].low { blocks[k].low = v }
            if v > blocks[k].high { blocks[k].high = v }
          }
        }
      }
      return
    }
    let span = endBlock - firstBlock
    let parts = ColumnScan.partCount(forWork: end - start)
    blocks.withUnsafeMutableBufferPointer { buffer in
      let out = DisjointWrites(buffer: buffer)
      ColumnScan.inParts(parts) { part in
        ys.withUnsafeBufferPointer { p in
          for block in (firstBlock + span * part / parts)..<(firstBlock + span * (part + 1) / parts) {
            out.buffer[block - base] = Self.block(p, Self.entries(ofBlock: block, origin: origin, upTo: end))
          }
        }
      }
    }
  }

  /// The local entries of absolute block `block` that exist before local `end`.
  private static func entries(ofBlock block: Int, origin: Int, upTo end: Int) -> Range<Int> {
    max(0, block * blockSize - origin)..<min(end, (block + 1) * blockSize - origin)
  }

  /// The extremes of local entries `range`, as one block.
  private static func block(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Block {
    let (lo, hi) = ColumnScan.extremes(p, range)
    return Block(low: lo, high: hi)
  }

  /// The first index of the lowest and of the highest y of local `run` (within `count`), as
  /// `M4Aggregation.firstExtremes` finds them: the partial block at the start as it does, then the
  /// whole blocks and the partial block at the end in order, a strictly lower or higher value
  /// replacing, and where the winning value first occurs in the block it came from.
  func extremes(_ p: UnsafeBufferPointer<Double>, _ run: Range<Int>) -> (low: Int, high: Int) {
    let b = Self.blockSize, first = run.lowerBound
    let wholeFrom = (origin + first + b - 1) / b, wholeTo = (origin + run.upperBound) / b
    // Blocks not folded yet (none are, where the aggregation keeps them up to date) are not read.
    guard wholeFrom < wholeTo, run.upperBound <= count else { return M4Aggregation.firstExtremes(p, run) }
    // The run's first entry may begin a whole block: it is the head then, and compares with it again.
    var (low, high) = M4Aggregation.firstExtremes(p, first..<max(first + 1, wholeFrom * b - origin))
    var lowV = p[low], highV = p[high]
    guard !lowV.isNaN else { return (first, first) }
    // The local range the lowest and the highest value came from, when not the head.
    var lowIn: Range<Int>? = nil, highIn: Range<Int>? = nil
    let origin = origin
    blocks.withUnsafeBufferPointer { blocks in
      var lowBlock = -1, highBlock = -1
      for k in (wholeFrom - base)..<(wholeTo - base) {
        if blocks[k].low < lowV { lowV = blocks[k].low; lowBlock = k }
        if blocks[k].high > highV { highV = blocks[k].high; highBlock = k }
      }
      // Whole blocks of the run: every entry of theirs is there.
      if lowBlock >= 0 { lowIn = Self.entries(ofBlock: base + lowBlock, origin: origin, upTo: run.upperBound) }
      if highBlock >= 0 { highIn = Self.entries(ofBlock: base + highBlock, origin: origin, upTo: run.upperBound) }
    }
    let tail = (wholeTo * b - origin)..<run.upperBound
    let (tailLow, tailHigh) = ColumnScan.extremes(p, tail)
    if tailLow < lowV { lowV = tailLow; lowIn = tail }
    if tailHigh > highV { highV = tailHigh; highIn = tail }
    // The value is in its range (a block's extremes are values of its entries): the search finds it.
    if let r = lowIn { low = ColumnScan.firstIndex(of: lowV, in: p, r) ?? low }
    if let r = highIn { high = ColumnScan.firstIndex(of: highV, in: p, r) ?? high }
    return (low, high)
  }
}
