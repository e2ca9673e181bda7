/// The common large line (straight segments, no fill, no symbols, not stacked): its points go
/// straight into the path, and a chunk drawn again after an append goes on from a checkpoint.
extension LineRenderer {
  /// The path of a plain straight line's chunk; nil when no point is drawn.
  ///
  /// With `memos`, a chunk drawn before goes on from its checkpoint when the checkpoint holds (the
  /// same scales and plot, the same entries with the same values before it), and leaves one a few
  /// entries before its end for the next time: an append redraws the chunk's last column or
  /// entries, not the hundreds before them. The path is the same either way.
  static func straightPath(_ ctx: SeriesContext, memos: inout StraightPathMemos?) -> PathBuilder? {
    let xs = ctx.entries.x, ys = ctx.entries.y
    let indices = ctx.indices
    let count = indices.count
    var walker = ChunkWalker(ctx, trim: true)
    let key = StraightPathCheckpoint.Key(ctx, walker)
    var sink: StraightPathSink
    var start = 0
    // Taken out of the memos, so that its entry lists are held only here and the next checkpoint
    // can be this one moved on (an append adds one entry to them, not a chunk's worth).
    var resumed = memos?.take(for: ctx.regionID, key)
    if var checkpoint = resumed, checkpoint.holds(key, indices, xs, ys) {
      resumed = nil
      walker = checkpoint.walker
      start = checkpoint.count
      sink = checkpoint.sink
      // The walk writes on in the checkpoint's storage, which the checkpoint gives up, rather
      // than in a copy made at its first write; the path written gives it back (`giveStorage`).
      checkpoint.dropPathStorage()
      resumed = checkpoint
      memos?.resumed += 1
    } else {
      resumed = nil
      sink = StraightPathSink(capacity: count * 14, horizontal: ctx.layout.horizontal)
    }
    let mark = memos == nil || count > StraightPathCheckpoint.maxEntries ? 0 : max(count - StraightPathCheckpoint.entriesAfter, 0)
    // The walk is split at the mark, where the next checkpoint is left, so that its steps carry
    // nothing else (a checkpoint looked at in every step cost a copy of it per entry).
    var from = start
    if mark > start {
      walk(xs, ys) { xb, yb in indices.forEach(from: start, upTo: mark) { i in walker.step(i, ctx, xb, yb, into: &sink) } }
      if var moved = resumed {
        resumed = nil
        if moved.moveOn(to: mark, indices, xs, ys, walker: walker, sink: sink) {
          moved.dropPathStorage()
          memos?.keep(moved, for: ctx.regionID)
        }
      } else if var checkpoint = StraightPathCheckpoint(key: key, count: mark, indices, xs, ys, walker: walker, sink: sink) {
        checkpoint.dropPathStorage()
        memos?.keep(checkpoint, for: ctx.regionID)
      }
      from = mark
    }
    // Went on from it without leaving a later one (nothing came after it): it still holds.
    if let resumed { memos?.keep(resumed, for: ctx.regionID) }
    walk(xs, ys) { xb, yb in
      indices.forEach(from: from) { i in walker.step(i, ctx, xb, yb, into: &sink) }
      walker.finish(ctx, xb, yb, into: &sink)
    }
    let path = sink.finish()
    // The checkpoint kept above lets go of its path's storage (so that the walk after it wrote in
    // place); the path that went on from it holds its bytes.
    memos?.giveStorage(of: path, for: ctx.regionID, key)
    return path
  }

  /// `body` with the columns' buffers: a walk reads its entries from them, not through the columns.
  @inline(__always)
  static func walk(_ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>,
                   _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Void) {
    xs.withUnsafeBufferPointer { xb in ys.withUnsafeBufferPointer { yb in body(xb, yb) } }
  }
}

/// Writes drawn points straight into a path: a move at the start of each run, a segment to each
/// point after it, and a dot for a run of one point (as `LineRenderer.render` draws runs).
struct StraightPathSink: DrawnPointSink, Sendable {
  private(set) var path: PathBuilder
  private let horizontal: Bool
  /// The current run's first point and its length so far (0: between runs).
  private var first = Point(x: 0, y: 0)
  private var length = 0

  init(capacity: Int, horizontal: Bool) {
    path = PathBuilder(capacity: capacity)
    self.horizontal = horizontal
  }

  mutating func take(_ index: Int, _ drawn: (point: Point, base: Point?)?) {
    guard let p = drawn?.point else {
      endRun()
      return
    }
    if length == 0 {
      path.move(p.x, p.y)
      first = p
    } else {
      path.line(p.x, p.y)
    }
    length += 1
  }

  private mutating func endRun() {
    if length == 1 { LineRenderer.appendDot(first, horizontal: horizontal, to: &path) }
    length = 0
  }

  mutating func finish() -> PathBuilder? {
    endRun()
    return path.isEmpty ? nil : path
  }

  /// See `PathBuilder.dropStorage`.
  mutating func dropPathStorage() { path.dropStorage() }

  /// See `PathBuilder.adoptStorage`.
  mutating func adoptPathStorage(of later: PathBuilder) -> Bool { path.adoptStorage(of: later) }
}

/// A straight line chunk's walk stopped after its first `count` entries: the walker and the path
/// then, and what they were made from.
struct StraightPathCheckpoint: Sendable {
  /// Everything besides the entries that the walk and the path read: the scales, the plot's
  /// extent with the line's reach, the chart's orientation.
  struct Key: Sendable, Equatable {
    let x: ValueScale
    let y: ValueScale
    let lo: Double
    let hi: Double
    let horizontal: Bool

    init(_ ctx: SeriesContext, _ walker: ChunkWalker) {
      x = ctx.xScale
      y = ctx.yScale
      lo = walker.lo
      hi = walker.hi
      horizontal = ctx.layout.horizontal
    }
  }

  /// A checkpoint is left this many entries before the chunk's end: an append changes the last
  /// pixel column of an M4 chunk (up to four entries, the last four of the chunk's list), or adds
  /// entries after the last. Every entry after it is walked again at the next append; whether the
  /// checkpoint holds is checked (`holds`), so this decides how often one is used, never what is drawn.
  static let entriesAfter = 4
  /// Chunks of more entries than this leave none: a checkpoint holds 24 bytes per entry before it
  /// besides the path (an M4 chunk has about 130 entries, a lossless one 1,000 by default).
  static let maxEntries = 4_096

  let key: Key
  private(set) var count: Int
  /// The chunk's first `count` entries and the bits of their x and y.
  private var indices: [Int]
  private var xBits: [UInt64]
  private var yBits: [UInt64]
  private(set) var walker: ChunkWalker
  private(set) var sink: StraightPathSink

  /// Nil when an entry before `count` is not in the columns (a walk skips it; it may not stay skipped).
  init?(key: Key, count: Int, _ chunk: EntryIndices, _ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>, walker: ChunkWalker,
        sink: StraightPathSink) {
    self.key = key
    self.count = 0
    indices = []
    xBits = []
    yBits = []
    self.walker = walker
    self.sink = sink
    indices.reserveCapacity(count)
    xBits.reserveCapacity(count)
    yBits.reserveCapacity(count)
    guard moveOn(to: count, chunk, xs, ys, walker: walker, sink: sink) else { return nil }
  }

  /// Becomes the checkpoint after the chunk's first `count` entries (at least this one's count), as
  /// `init` makes it, for a chunk this one `holds` for: the entries between are added. False, and
  /// not to be kept, when one of them is not in the columns.
  mutating func moveOn(to count: Int, _ chunk: EntryIndices, _ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>,
                       walker: ChunkWalker, sink: StraightPathSink) -> Bool {
    guard count >= self.count else { return false }
    let n = min(xs.count, ys.count)
    var complete = true
    chunk.forEach(from: self.count, upTo: count) { i in
      guard complete, i >= 0, i < n else { complete = false; return }
      indices.append(i)
      xBits.append(xs[i].bitPattern)
      yBits.append(ys[i].bitPattern)
    }
    guard complete, indices.count == count else { return false }
    self.count = count
    self.walker = walker
    self.sink = sink
    return true
  }

  /// Lets go of the path's storage (`PathBuilder.dropStorage`): the path that goes on from here
  /// gives it back (`StraightPathMemos.giveStorage`).
  mutating func dropPathStorage() { sink.dropPathStorage() }

  /// Takes the storage of `later`, the path that went on from this checkpoint; false when it cannot
  /// have (`PathBuilder.adoptStorage`).
  mutating func adoptPathStorage(of later: PathBuilder) -> Bool { sink.adoptPathStorage(of: later) }

  /// Whether a walk of `chunk` reaches this checkpoint's state: the same key, and the same first
  /// `count` entries with the same values, bit for bit. Never when the checkpoint's path has no
  /// storage (`dropPathStorage` without the storage given back).
  func holds(_ key: Key, _ chunk: EntryIndices, _ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>) -> Bool {
    guard key == self.key, count <= chunk.count, sink.path.hasStorage else { return false }
    // Every append looks at the whole prefix (about 130 entries of an M4 chunk): one pass over
    // the buffers, each entry's index checked against the columns before they are read.
    let n = min(xs.count, ys.count)
    return indices.withUnsafeBufferPointer { kept in
      xBits.withUnsafeBufferPointer { xb in
        yBits.withUnsafeBufferPointer { yb in
          xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
              switch chunk {
              case .range(let r):
                return Self.same(count, kept, xb, yb, x, y, n) { r.lowerBound &+ $0 }
              case .list(let l):
                return l.withUnsafeBufferPointer { list in Self.same(count, kept, xb, yb, x, y, n) { list[$0] } }
              }
            }
          }
        }
      }
    }
  }

  /// Whether the first `count` entries of a chunk (`index(k)`: the k-th) are `kept`, with values
  /// of bits `xb` and `yb`, each index below `n`.
  @inline(__always)
  private static func same(_ count: Int, _ kept: UnsafeBufferPointer<Int>, _ xb: UnsafeBufferPointer<UInt64>,
                           _ yb: UnsafeBufferPointer<UInt64>, _ x: UnsafeBufferPointer<Double>,
                           _ y: UnsafeBufferPointer<Double>, _ n: Int, _ index: (Int) -> Int) -> Bool {
    // `count` is the length of `kept`, `xb` and `yb` (`moveOn`), and at most the chunk's.
    guard kept.count >= count, xb.count >= count, yb.count >= count else { return false }
    var k = 0
    while k < count {
      let i = index(k)
      guard i == kept[k], i >= 0, i < n, x[i].bitPattern == xb[k], y[i].bitPattern == yb[k] else { return false }
      k &+= 1
    }
    return true
  }
}

/// Checkpoints of the straight line chunks drawn last, by region id and scales
/// (`LineRenderer.straightPath`).
///
/// Two only: an append redraws the chunk at the data's end, over and over, perhaps under two
/// scales in turn (another data set shown and hidden moves the value axis).
public struct StraightPathMemos: Sendable {
  private var kept: [(id: String, checkpoint: StraightPathCheckpoint)] = []

  /// Checkpoints kept at most (under 400 KiB); a new one replaces the oldest.
  static let capacity = 2

  public init() {}

  /// The checkpoint of region `id` under `key`, taken out: keep it again to leave it.
  mutating func take(for id: String, _ key: StraightPathCheckpoint.Key) -> StraightPathCheckpoint? {
    guard let k = kept.lastIndex(where: { $0.id == id && $0.checkpoint.key == key }) else { return nil }
    return kept.remove(at: k).checkpoint
  }

  /// Keeps `checkpoint` in place of the one of the same region and scales, else of the oldest.
  mutating func keep(_ checkpoint: StraightPathCheckpoint, for id: String) {
    kept.removeAll { $0.id == id && $0.checkpoint.key == checkpoint.key }
    if kept.count >= Self.capacity { kept.removeFirst() }
    kept.append((id, checkpoint))
  }

  /// Gives the checkpoint of region `id` under `key` the storage of `path`, the path drawn on from
  /// it; the checkpoint is let go when there is no such path (nothing drawn).
  mutating func giveStorage(of path: PathBuilder?, for id: String, _ key: StraightPathCheckpoint.Key) {
    guard let k = kept.lastIndex(where: { $0.id == id && $0.checkpoint.key == key }) else { return }
    guard let path, kept[k].checkpoint.adoptPathStorage(of: path) else {
      kept.remove(at: k)
      return
    }
  }

  /// How many are kept, and how many walks went on from one (for tests).
  var count: Int { kept.count }
  var resumed = 0
}
