/// Turns a chunk's entries into runs of projected points, dropping what cannot show.
extension LineRenderer {
  /// The runs of consecutive drawable points of the chunk, in order. A NaN y or a non-finite x
  /// ends a run (a gap).
  ///
  /// With `trim` (straight and stepped lines), points whose both neighbours lie beyond the same
  /// side of the plot are dropped: every segment touching them is off the plot, and so is the
  /// segment that replaces them. Curved modes keep every point because a point shapes its
  /// neighbours' curves.
  static func runs(_ ctx: SeriesContext, trim: Bool) -> [Run] {
    var collector = RunCollector(capacity: ctx.indices.count)
    var walker = ChunkWalker(ctx, trim: trim)
    guard let bands = ctx.stack else {
      walk(ctx.entries.x, ctx.entries.y) { xs, ys in
        ctx.indices.forEach { walker.step($0, ctx, xs, ys, into: &collector) }
        walker.finish(ctx, xs, ys, into: &collector)
      }
      return collector.finish()
    }
    var stack = StackBands.Walk(bands: bands)
    walk(ctx.entries.x, ctx.entries.y) { xs, ys in
      ctx.indices.forEach { walker.step($0, ctx, xs, ys, into: &collector, stack: &stack) }
      walker.finish(ctx, xs, ys, into: &collector, stack: &stack)
    }
    return collector.finish()
  }
}

/// Where a walk over a stacked set's entries reads their bands from, entry after entry.
protocol BandWalk {
  /// Whether it reads any (`NoBandWalk` does not: the walk asks the bands themselves).
  static var reads: Bool { get }
  mutating func band(entry k: Int) -> StackBands.Band?
}

extension StackBands.Walk: BandWalk {
  static var reads: Bool { true }
}

/// No walk over bands: a set that does not stack, or a walker that keeps none (a walker is copied
/// at every checkpoint of a straight line, so it holds nothing that a copy retains).
struct NoBandWalk: BandWalk {
  static var reads: Bool { false }
  func band(entry k: Int) -> StackBands.Band? { nil }
}

/// Takes the drawn points of a chunk, in order; nil is a gap.
protocol DrawnPointSink {
  mutating func take(_ index: Int, _ drawn: (point: Point, base: Point?)?)
}

/// Walks a chunk's entries in order, handing each drawn point (and, stacked, the base of its band)
/// or gap to a sink; entries that trimming drops are not handed on.
///
/// One entry of lookahead: whether an entry is trimmed depends on the side of the entry after it.
/// Entries are projected only when kept. A value: a copy is the walk's state at that entry, and
/// `StraightPathMemos` keeps one to go on from.
struct ChunkWalker: Sendable {
  let trim: Bool
  /// Whether the data set is stacked: told once, as a look at `ctx.stack` retains the bands at
  /// every entry. The walk over a stacked set's bands (`BandWalk`) is held by the caller: a walker
  /// is copied at every checkpoint, and holding it made every copy retain and release.
  let stacked: Bool
  /// The plot's extent along x, widened by the line's reach: beyond it a point is off the plot.
  let lo: Double, hi: Double
  private var previousSide: Int8? = nil
  private var pending: Pending? = nil

  private struct Pending: Sendable {
    let index: Int
    let side: Int8
    let px: Double
  }

  init(_ ctx: SeriesContext, trim: Bool) {
    let style = ctx.dataSet.line
    let margin = style.width + (style.showCircles ? style.circleRadius : 0) + 2
    let range = ctx.xPixelRange
    self.trim = trim
    stacked = ctx.stack != nil
    lo = range.lowerBound - margin
    hi = range.upperBound + margin
  }

  /// Takes entry `i` (`xs`, `ys`: the data set's columns, opened once by the caller).
  @inline(__always)
  mutating func step<Sink: DrawnPointSink>(_ i: Int, _ ctx: SeriesContext, _ xs: UnsafeBufferPointer<Double>,
                                           _ ys: UnsafeBufferPointer<Double>, into sink: inout Sink) {
    var none = NoBandWalk()
    step(i, ctx, xs, ys, into: &sink, stack: &none)
  }

  /// `step`, reading a stacked set's bands through `stack` (`NoBandWalk`: through the bands' own cache).
  @inline(__always)
  mutating func step<Sink: DrawnPointSink, Stack: BandWalk>(_ i: Int, _ ctx: SeriesContext, _ xs: UnsafeBufferPointer<Double>,
                                                            _ ys: UnsafeBufferPointer<Double>, into sink: inout Sink,
                                                            stack: inout Stack) {
    guard i >= 0, i < min(xs.count, ys.count) else { return }
    let x = xs[i]
    let px = x.isFinite ? ctx.xScale.map(x) : .nan
    let side: Int8 = px < lo ? -1 : px > hi ? 1 : 0
    if let p = pending {
      settle(p, after: side, ctx, xs, ys, into: &sink, stack: &stack)
      previousSide = p.side
    }
    pending = Pending(index: i, side: side, px: px)
  }

  /// Settles the last entry (nothing comes after it).
  mutating func finish<Sink: DrawnPointSink>(_ ctx: SeriesContext, _ xs: UnsafeBufferPointer<Double>,
                                             _ ys: UnsafeBufferPointer<Double>, into sink: inout Sink) {
    var none = NoBandWalk()
    finish(ctx, xs, ys, into: &sink, stack: &none)
  }

  /// `finish`, reading a stacked set's bands through `stack` (`NoBandWalk`: through the bands' own cache).
  mutating func finish<Sink: DrawnPointSink, Stack: BandWalk>(_ ctx: SeriesContext, _ xs: UnsafeBufferPointer<Double>,
                                                              _ ys: UnsafeBufferPointer<Double>, into sink: inout Sink,
                                                              stack: inout Stack) {
    if let p = pending { settle(p, after: p.side, ctx, xs, ys, into: &sink, stack: &stack) }
    pending = nil
  }

  /// Keeps or trims the pending entry, now that the side of the one after it (if any) is known.
  @inline(__always)
  private func settle<Sink: DrawnPointSink, Stack: BandWalk>(_ p: Pending, after: Int8, _ ctx: SeriesContext,
                                                             _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
                                                             into sink: inout Sink, stack: inout Stack) {
    if trim, p.side != 0, (previousSide ?? p.side) == p.side, after == p.side { return }
    if stacked, Stack.reads {
      sink.take(p.index, ctx.stackedPoints(x: xs[p.index], band: stack.band(entry: p.index)))
    } else if stacked {
      sink.take(p.index, ctx.stackedPoints(entry: p.index, x: xs, y: ys))
    } else {
      sink.take(p.index, ctx.point(mappedX: p.px, y: ys[p.index]).map { ($0, nil) })
    }
  }
}

/// Collects drawable points into runs: a gap (nil) ends the current run.
private struct RunCollector: DrawnPointSink {
  private var runs: [LineRenderer.Run] = []
  private var current = LineRenderer.Run()

  /// Room for `capacity` points in the first run (usually the only one); later runs grow.
  init(capacity: Int) {
    current.points.reserveCapacity(capacity)
    current.indices.reserveCapacity(capacity)
  }

  mutating func take(_ index: Int, _ drawn: (point: Point, base: Point?)?) {
    guard let drawn else {
      if !current.points.isEmpty {
        runs.append(current)
        current = LineRenderer.Run()
      }
      return
    }
    current.points.append(drawn.point)
    current.indices.append(index)
    if let b = drawn.base { current.bases.append(b) }
  }

  mutating func finish() -> [LineRenderer.Run] {
    if !current.points.isEmpty { runs.append(current) }
    return runs
  }
}
