import Synchronization

/// Per-chunk summaries of one data set: x and value extents, and a revision that changes whenever
/// what the chunk draws changes.
///
/// Chunks are numbered absolutely: entry `i` belongs to chunk `(origin + i) / chunkSize`, where
/// `origin` counts entries ever dropped from the front. A sliding window therefore keeps the ids of
/// the chunks it does not touch, and an append only touches the last chunk. Extent queries combine
/// blocks of summaries, so they cost O(entries / chunkSize / 64) instead of O(entries).
public struct SeriesIndex: Sendable, Equatable {
  struct Summary: Sendable, Equatable {
    var xLo = Double.infinity, xHi = -Double.infinity
    var vLo = Double.infinity, vHi = -Double.infinity
    /// Smallest positive x and value (what a log axis starts from); infinity when there is none.
    var xPositiveLo = Double.infinity, vPositiveLo = Double.infinity
    var revision: UInt64 = 0
    /// Whether an entry of the chunk has a lower x than the entry before it (the first entry is
    /// compared with the last of the chunk before).
    var falls = false
    /// Entries of the chunk whose y is not finite.
    var gaps = 0
  }

  public let chunkSize: Int
  /// Absolute index of local entry 0.
  public private(set) var origin: Int = 0
  /// Number of entries.
  public private(set) var count: Int = 0
  /// Summaries of chunks `firstChunk ..< firstChunk + summaries.count`.
  private(set) var summaries: [Summary] = []
  /// Extents of the chunks in blocks of `blockChunks`, numbered absolutely from the block holding
  /// `firstChunk`: extent queries combine these and read chunk summaries only where a window cuts
  /// a block. At 10M entries the 10,000 summaries are 720 KB, which a query after the client's
  /// turn read cold from memory (150 µs of a show over pipes); their 157 blocks are 7 KB.
  private(set) var blocks: [Block] = []

  /// The extents of up to `blockChunks` consecutive chunks, combined in chunk order.
  struct Block: Sendable, Equatable {
    var xLo = Double.infinity, xHi = -Double.infinity, xPositiveLo = Double.infinity
    var vLo = Double.infinity, vHi = -Double.infinity, vPositiveLo = Double.infinity
    /// Every chunk of the block has a finite x: a window holding the block's x extent then holds
    /// each of its chunks whole.
    var allPlaced = true
    /// The latest revision of its chunks: `chunks(revisedAfter:)` skips a block not revised since.
    var revision: UInt64 = 0
  }

  static let blockChunks = 64
  /// Bumped on every change of the data set's entries (for regions that read all of them).
  public private(set) var dataRevision: UInt64 = 0
  /// Bumped on every change that is not a plain append: derived caches built before it are stale,
  /// caches built after it can catch up by looking at the appended entries only.
  public private(set) var reshapeRevision: UInt64 = 0
  /// The state this one was made from by appending alone: its `dataRevision` and entry count; nil
  /// after any other change. A cache of the entries as a whole (a gap between x) catches up from
  /// that state's value by reading the appended entries only.
  public private(set) var appendedTo: Growth? = nil

  /// A state and how many entries it had.
  public struct Growth: Sendable, Equatable {
    public let revision: UInt64
    public let count: Int
  }

  /// The change that made this shape from the one at `lastReshape.from` (a `reshapeRevision`), when
  /// it was the removal or the update in place of one range (appends may have come before and
  /// after it); nil after any other change. A cache of the entries by position (the M4 columns)
  /// catches up from that shape by looking at the range alone, not at every entry.
  public private(set) var lastReshape: Reshape? = nil

  /// One removal or update in place, and the shape it changed.
  public struct Reshape: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
      /// The entries at these local indices (as numbered before the removal) were removed.
      case removed(Range<Int>)
      /// The entries at these local indices changed in place; `sameX`: their x did not change
      /// (a live candle's prices move, its time stays).
      case updated(Range<Int>, sameX: Bool)
    }
    /// The `reshapeRevision` the change was made to.
    public let from: UInt64
    /// The `dataRevision` the change was made to.
    public let fromData: UInt64
    public let change: Change
  }

  /// Whether x never decreases (M4 and binary searches need it); kept up to date by appends.
  public private(set) var isSortedByX: Bool = true
  /// Entries whose y is not finite (gaps).
  public private(set) var gapCount: Int = 0
  /// The columns the summaries read values from. A candle range or stacks change what every entry
  /// spans, so an edit that brings one in or takes it away (OHLC rows appended to plain entries)
  /// summarises every chunk again, not only the chunks it touched.
  private var valueColumns = ValueColumns()

  /// Which of the columns that decide an entry's value span are present.
  struct ValueColumns: Sendable, Equatable {
    var range = false, stacks = false

    init() {}

    init(_ e: EntryColumns) {
      range = e.low != nil && e.high != nil
      stacks = e.stacks != nil
    }
  }

  public init(chunkSize: Int, entries: EntryColumns, origin: Int = 0) {
    self.chunkSize = max(1, chunkSize)
    self.origin = max(0, origin)
    count = entries.count
    rebuild(from: 0, entries)
    reshape()
  }

  /// The index of a data set: its entries, numbered from its `entryOffset`.
  public init(chunkSize: Int, dataSet: DataSetSpec) {
    self.init(chunkSize: chunkSize, entries: dataSet.entries, origin: dataSet.entryOffset)
  }

  /// Absolute number of the first chunk (0 when there are no entries).
  public var firstChunk: Int { count == 0 ? 0 : origin / chunkSize }

  /// Absolute chunk numbers present, in order (one empty chunk for an empty data set).
  public var chunkNumbers: Range<Int> { firstChunk..<(firstChunk + max(1, summaries.count)) }

  /// The revision of an absolute chunk (0 when absent).
  public func revision(ofChunk chunk: Int) -> UInt64 {
    let j = chunk - firstChunk
    return j >= 0 && j < summaries.count ? summaries[j].revision : 0
  }

  /// Absolute numbers of the chunks revised after `mark` (a `Revisions.latest()`), in order: the
  /// chunks whose revision differs from what it was then. The one chunk an empty data set has is
  /// always among them (it has no revision to compare). O(chunks / 64 + chunks of revised blocks).
  public func chunks(revisedAfter mark: UInt64) -> [Int] {
    guard !summaries.isEmpty else { return [firstChunk] }
    guard dataRevision > mark else { return [] }
    var out: [Int] = []
    for k in blocks.indices where blocks[k].revision > mark {
      for j in summaryRange(ofBlock: k) where summaries[j].revision > mark { out.append(firstChunk + j) }
    }
    return out
  }

  /// Local entry range of an absolute chunk.
  public func localRange(ofChunk chunk: Int) -> Range<Int> { grid.localRange(ofChunk: chunk) }

  /// How entries fall into chunks, apart from the index (the parts of a rebuild read it at once).
  struct ChunkGrid: Sendable {
    let chunkSize: Int, origin: Int, count: Int

    func localRange(ofChunk chunk: Int) -> Range<Int> {
      let lo = max(0, chunk * chunkSize - origin)
      let hi = min(count, (chunk + 1) * chunkSize - origin)
      return lo < hi ? lo..<hi : lo..<lo
    }
  }

  private var grid: ChunkGrid { ChunkGrid(chunkSize: chunkSize, origin: origin, count: count) }

  // MARK: - Updates

  /// Entries were appended (the columns already hold them).
  public mutating func didAppend(_ entries: EntryColumns, oldCount: Int) {
    count = entries.count
    guard count > oldCount else { return }
    if ValueColumns(entries) != valueColumns { return didChange(from: 0, entries) }
    let before = Growth(revision: dataRevision, count: oldCount)
    defer { appendedTo = before }
    var previous = oldCount > 0 ? entries.x[oldCount - 1] : -Double.infinity
    for i in oldCount..<count {
      if entries.x[i] < previous { isSortedByX = false }
      previous = entries.x[i]
      if !entries.y[i].isFinite { gapCount += 1 }
    }
    // Entries that join the last chunk are summarised alone and merged into its summary: an
    // append of a point reads one entry, not the chunk's few hundred.
    if oldCount > 0, let last = summaries.indices.last,
      (origin + oldCount - 1) / chunkSize - firstChunk == last, (origin + count - 1) / chunkSize - firstChunk == last
    {
      let added = Self.summary(oldCount..<count, entries, plain: valueColumns == ValueColumns())
      summaries[last] = Self.merged(summaries[last], added)
      rebuildBlocks(fromSummary: last)
      bump()
      return
    }
    rebuild(from: oldCount, entries, keepBefore: true)
  }

  /// `k` entries were dropped from the front (sliding window or removal at 0).
  public mutating func didDropFront(_ k: Int, _ entries: EntryColumns) {
    guard k > 0 else { return }
    let data = dataRevision
    defer { reshape(.removed(0..<k), fromData: data) }
    let oldFirst = firstChunk
    origin += k
    count = entries.count
    if ValueColumns(entries) != valueColumns { return rebuild(from: 0, entries) }
    if count == 0 {
      summaries = []
      blocks = []
      bump()
      return
    }
    summaries.removeFirst(min(summaries.count, firstChunk - oldFirst))
    blocks.removeFirst(min(blocks.count, firstChunk / Self.blockChunks - oldFirst / Self.blockChunks))
    // The new first chunk lost entries (or its joining predecessor): recompute it (and its block,
    // which may also have lost chunks).
    recompute(chunkAt: 0, entries)
    remakeBlocks(ofSummaries: 0, 0)
    bump()
  }

  /// Entries from local index `start` on may all have changed (a replacement from there on).
  public mutating func didChange(from start: Int, _ entries: EntryColumns) {
    count = entries.count
    defer { reshape() }
    rebuild(from: max(0, start), entries, keepBefore: true)
  }

  /// The entries at `removed` (local indices before the removal) were removed, not from the front:
  /// the entries after them moved down, so the chunks from the first removed one on are summarised again.
  public mutating func didRemove(_ removed: Range<Int>, _ entries: EntryColumns) {
    count = entries.count
    let data = dataRevision
    defer { reshape(.removed(removed), fromData: data) }
    rebuild(from: max(0, removed.lowerBound), entries, keepBefore: true)
  }

  /// Entries in `range` changed in place (same count); `sameX`: their x are what they were.
  public mutating func didUpdate(_ range: Range<Int>, _ entries: EntryColumns, sameX: Bool = false) {
    guard !range.isEmpty, count > 0 else { return }
    let data = dataRevision
    defer { reshape(.updated(range, sameX: sameX), fromData: data) }
    if ValueColumns(entries) != valueColumns { return rebuild(from: 0, entries) }
    let first = (origin + range.lowerBound) / chunkSize - firstChunk
    // A chunk also draws the last entry of the chunk before it (lines join), so the chunk after the
    // last changed entry changes too.
    let last = min(summaries.count - 1, (origin + range.upperBound) / chunkSize - firstChunk)
    for j in max(0, first)...max(0, last) where j < summaries.count { recompute(chunkAt: j, entries) }
    remakeBlocks(ofSummaries: max(0, first), max(0, last))
    bump()
  }

  // MARK: - Queries

  /// Lowest and highest finite x, or nil.
  public var xRange: ClosedRange<Double>? { xRange(positive: false) }

  /// Lowest positive and highest finite x, or nil when no x is positive (the range a log axis shows).
  public var positiveXRange: ClosedRange<Double>? { xRange(positive: true) }

  /// From the lowest x (positive x) of the blocks to the highest x, or nil when empty.
  private func xRange(positive: Bool) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for b in blocks {
      lo = min(lo, positive ? b.xPositiveLo : b.xLo)
      hi = max(hi, b.xHi)
    }
    return lo <= hi ? lo...hi : nil
  }

  /// Lowest and highest finite value over entries whose x lies in `window` (all when nil); with
  /// `positive`, the lowest positive value instead (nil when there is none: a log axis's range).
  public func valueRange(_ entries: EntryColumns, xWindow window: ClosedRange<Double>?,
                         positive: Bool = false) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for (k, b) in blocks.enumerated() {
      if let w = window {
        if b.xHi < w.lowerBound || b.xLo > w.upperBound { continue }
        if !b.allPlaced || b.xLo < w.lowerBound || b.xHi > w.upperBound {
          // The window cuts the block (or cannot tell): chunk by chunk.
          for j in summaryRange(ofBlock: k) {
            let s = summaries[j]
            if s.xHi < w.lowerBound || s.xLo > w.upperBound { continue }
            if s.xLo < w.lowerBound || s.xHi > w.upperBound {
              // Partly inside: look at the entries of this chunk only.
              for i in localRange(ofChunk: firstChunk + j) where w.contains(entries.x[i]) {
                let v = entries.valueSpan(at: i)
                let low = positive ? entries.lowestPositiveValue(at: i) : v.lo
                if low.isFinite { lo = min(lo, low) }
                if v.hi.isFinite { hi = max(hi, v.hi) }
              }
              continue
            }
            lo = min(lo, positive ? s.vPositiveLo : s.vLo)
            hi = max(hi, s.vHi)
          }
          continue
        }
      }
      // Combining in chunk order keeps what `min` and `max` pick among equal values (0 and -0).
      lo = min(lo, positive ? b.vPositiveLo : b.vLo)
      hi = max(hi, b.vHi)
    }
    return lo <= hi ? lo...hi : nil
  }

  /// The x extent of the absolute chunks in `chunks` that exist; nil when none holds a finite x.
  public func xExtent(ofChunks chunks: ClosedRange<Int>) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for c in chunks {
      let j = c - firstChunk
      guard j >= 0, j < summaries.count else { continue }
      lo = min(lo, summaries[j].xLo)
      hi = max(hi, summaries[j].xHi)
    }
    return lo <= hi ? lo...hi : nil
  }

  /// Appends to `out` how many chunks of an index whose chunks are `summaries` (x sorted or not)
  /// meet `range`, then their revisions in order (what a stacked line drawn over that x range reads
  /// of the data set): lists of several sets in one array stay apart (each led by its count), so
  /// two such arrays are equal exactly when every set's list is.
  static func appendRevisions(of summaries: [Summary], sorted: Bool, meeting range: ClosedRange<Double>,
                              to out: inout [UInt64]) {
    let at = out.count
    out.append(0)
    defer { out[at] = UInt64(out.count - at - 1) }
    guard sorted else {
      for s in summaries where s.xLo <= range.upperBound && s.xHi >= range.lowerBound { out.append(s.revision) }
      return
    }
    // Sorted x: the chunks' extents follow one another, so the ones that meet are consecutive.
    var a = Bisect.first(summaries.count) { summaries[$0].xHi < range.lowerBound }
    while a < summaries.count, summaries[a].xLo <= range.upperBound {
      // An empty chunk (no finite x) meets nothing.
      if summaries[a].xHi >= range.lowerBound { out.append(summaries[a].revision) }
      a += 1
    }
  }

  // MARK: - Internals

  /// Order and gaps after a change that is not an append, from the chunks' summaries: O(chunks),
  /// where scanning the entries again was O(entries) for every edit of a large data set.
  /// `change`: what the change was, when `Reshape` can tell it, made to the data at `fromData`.
  private mutating func reshape(_ change: Reshape.Change? = nil, fromData: UInt64 = 0) {
    isSortedByX = !summaries.contains { $0.falls }
    gapCount = summaries.reduce(0) { $0 + $1.gaps }
    let before = reshapeRevision
    reshapeRevision = Revisions.next()
    lastReshape = change.map { Reshape(from: before, fromData: fromData, change: $0) }
    appendedTo = nil
  }

  /// Recomputes the summaries of every chunk from the one holding local `start` to the end.
  private mutating func rebuild(from start: Int, _ entries: EntryColumns, keepBefore: Bool = false) {
    let total = count == 0 ? 0 : (origin + count - 1) / chunkSize - firstChunk + 1
    let columns = ValueColumns(entries)
    // Never past the chunks there are now: emptied by a change from 0 after drops from the front,
    // the index has no chunk, whatever chunk `start` would have been in.
    let firstDirty = keepBefore && columns == valueColumns
      ? min(total, summaries.count, max(0, (origin + start) / chunkSize - firstChunk)) : 0
    valueColumns = columns
    summaries.removeSubrange(min(firstDirty, summaries.count)..<summaries.count)
    while summaries.count < total { summaries.append(Summary()) }
    let dirty = firstDirty..<total
    // Chunks are summarised independently: a large rebuild (an open) runs in parts.
    let parts = ColumnScan.partCount(forWork: dirty.count * chunkSize)
    let grid = grid, firstChunk = firstChunk, plain = valueColumns == ValueColumns()
    summaries.withUnsafeMutableBufferPointer { buffer in
      let out = DisjointWrites(buffer: buffer)
      ColumnScan.inParts(parts) { part in
        let lo = dirty.lowerBound + dirty.count * part / parts, hi = dirty.lowerBound + dirty.count * (part + 1) / parts
        for j in lo..<hi {
          out.buffer[j] = Self.summary(grid.localRange(ofChunk: firstChunk + j), entries, plain: plain)
        }
      }
    }
    rebuildBlocks(fromSummary: firstDirty)
    bump()
  }

  private mutating func recompute(chunkAt j: Int, _ entries: EntryColumns) {
    summaries[j] = Self.summary(localRange(ofChunk: firstChunk + j), entries, plain: valueColumns == ValueColumns())
  }

  /// Makes the blocks holding summaries `first...last` again.
  private mutating func remakeBlocks(ofSummaries first: Int, _ last: Int) {
    let firstBlock = firstChunk / Self.blockChunks
    let a = (firstChunk + first) / Self.blockChunks - firstBlock, b = (firstChunk + last) / Self.blockChunks - firstBlock
    for k in max(0, a)...max(0, b) where k < blocks.count { blocks[k] = block(k) }
  }

  /// The indices in `summaries` of the chunks of block `k`.
  private func summaryRange(ofBlock k: Int) -> Range<Int> {
    let first = (firstChunk / Self.blockChunks + k) * Self.blockChunks - firstChunk
    return max(0, first)..<min(summaries.count, first + Self.blockChunks)
  }

  /// Block `k` from its chunks' summaries.
  private func block(_ k: Int) -> Block {
    var b = Block()
    for j in summaryRange(ofBlock: k) {
      let s = summaries[j]
      b.xLo = min(b.xLo, s.xLo)
      b.xHi = max(b.xHi, s.xHi)
      b.xPositiveLo = min(b.xPositiveLo, s.xPositiveLo)
      b.vLo = min(b.vLo, s.vLo)
      b.vHi = max(b.vHi, s.vHi)
      b.vPositiveLo = min(b.vPositiveLo, s.vPositiveLo)
      if !(s.xLo <= s.xHi) { b.allPlaced = false }
      b.revision = max(b.revision, s.revision)
    }
    return b
  }

  /// Makes the blocks from the one holding summary `j` to the last again (and as many as there are
  /// chunks now).
  private mutating func rebuildBlocks(fromSummary j: Int) {
    let firstBlock = firstChunk / Self.blockChunks
    let needed = summaries.isEmpty ? 0 : (firstChunk + summaries.count - 1) / Self.blockChunks - firstBlock + 1
    let from = max(0, min(needed, blocks.count, (firstChunk + j) / Self.blockChunks - firstBlock))
    blocks.removeSubrange(from..<blocks.count)
    for k in from..<needed { blocks.append(block(k)) }
  }

  private mutating func bump() {
    dataRevision = Revisions.next()
    appendedTo = nil
  }
}

/// Revision numbers that never repeat within the process, so that a rebuilt index or cache can
/// never carry the revision its predecessor had (compared only for equality; never written out).
enum Revisions {
  private static let counter = Atomic<UInt64>(1)
  static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }
  /// The latest revision handed out: every revision made after this call is greater.
  static func latest() -> UInt64 { counter.load(ordering: .relaxed) }
}
