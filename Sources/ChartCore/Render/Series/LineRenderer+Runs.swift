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
    let e = ctx.entries
    let xs = e.x, ys = e.y
    let n = min(xs.count, ys.count)
    let style = ctx.dataSet.line
    let margin = style.width + (style.showCircles ? style.circleRadius : 0) + 2
    let range = ctx.xPixelRange
    let lo = range.lowerBound - margin, hi = range.upperBound + margin

    // One pass with one entry of lookahead: whether an entry is trimmed depends on the side of
    // the entry after it. Entries are projected only when kept.
    var collector = RunCollector(capacity: ctx.indices.count)
    var previousSide: Int8? = nil
    var pending: (index: Int, side: Int8, px: Double)? = nil
    let stacked = ctx.stack != nil
    /// Keeps or trims the pending entry, now that the side of the one after it (if any) is known.
    func settle(_ p: (index: Int, side: Int8, px: Double), after: Int8, into collector: inout RunCollector) {
      if trim, p.side != 0, (previousSide ?? p.side) == p.side, after == p.side { return }
      if stacked {
        collector.take(p.index, ctx.stackedPoints(entry: p.index, x: xs, y: ys))
      } else {
        collector.take(p.index, ctx.point(mappedX: p.px, y: ys[p.index]).map { ($0, nil) })
      }
    }
    ctx.indices.forEach { i in
      guard i >= 0, i < n else { return }
      let x = xs[i]
      let px = x.isFinite ? ctx.xScale.map(x) : .nan
      let side: Int8 = px < lo ? -1 : px > hi ? 1 : 0
      if let p = pending {
        settle(p, after: side, into: &collector)
        previousSide = p.side
      }
      pending = (i, side, px)
    }
    if let p = pending { settle(p, after: p.side, into: &collector) }
    return collector.finish()
  }
}

/// Collects drawable points into runs: a gap (nil) ends the current run.
private struct RunCollector {
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
