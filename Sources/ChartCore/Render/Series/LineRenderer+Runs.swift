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
    walk(ctx, trim: trim, into: &collector)
    return collector.finish()
  }

  /// A plain straight line's path (linear, not stacked): each drawn point goes straight into the
  /// path, with no list of runs in between; the same data as `appendSegments` writes for `runs`.
  /// Nil when no point is drawn.
  static func straightPath(_ ctx: SeriesContext) -> PathBuilder? {
    var sink = StraightPathSink(capacity: ctx.indices.count * 14, horizontal: ctx.layout.horizontal)
    walk(ctx, trim: true, into: &sink)
    return sink.finish()
  }

  /// Hands every entry of the chunk to `sink`, in order: its projected point (and, stacked, the
  /// base of its band), or nil for a gap; entries that `trim` drops are not handed on.
  @inline(__always)
  private static func walk<Sink: DrawnPointSink>(_ ctx: SeriesContext, trim: Bool, into sink: inout Sink) {
    let e = ctx.entries
    let xs = e.x, ys = e.y
    let n = min(xs.count, ys.count)
    let style = ctx.dataSet.line
    let margin = style.width + (style.showCircles ? style.circleRadius : 0) + 2
    let range = ctx.xPixelRange
    let lo = range.lowerBound - margin, hi = range.upperBound + margin

    // One pass with one entry of lookahead: whether an entry is trimmed depends on the side of
    // the entry after it. Entries are projected only when kept.
    var previousSide: Int8? = nil
    var pending: (index: Int, side: Int8, px: Double)? = nil
    let stacked = ctx.stack != nil
    /// Keeps or trims the pending entry, now that the side of the one after it (if any) is known.
    func settle(_ p: (index: Int, side: Int8, px: Double), after: Int8, into sink: inout Sink) {
      if trim, p.side != 0, (previousSide ?? p.side) == p.side, after == p.side { return }
      if stacked {
        sink.take(p.index, ctx.stackedPoints(entry: p.index, x: xs, y: ys))
      } else {
        sink.take(p.index, ctx.point(mappedX: p.px, y: ys[p.index]).map { ($0, nil) })
      }
    }
    ctx.indices.forEach { i in
      guard i >= 0, i < n else { return }
      let x = xs[i]
      let px = x.isFinite ? ctx.xScale.map(x) : .nan
      let side: Int8 = px < lo ? -1 : px > hi ? 1 : 0
      if let p = pending {
        settle(p, after: side, into: &sink)
        previousSide = p.side
      }
      pending = (i, side, px)
    }
    if let p = pending { settle(p, after: p.side, into: &sink) }
  }
}

/// Takes the drawn points of a chunk, in order; nil is a gap.
private protocol DrawnPointSink {
  mutating func take(_ index: Int, _ drawn: (point: Point, base: Point?)?)
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

/// Writes drawn points straight into a path: a move at the start of each run, a segment to each
/// point after it, and a dot for a run of one point (as `LineRenderer.render` draws runs).
private struct StraightPathSink: DrawnPointSink {
  private var path: PathBuilder
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
}
