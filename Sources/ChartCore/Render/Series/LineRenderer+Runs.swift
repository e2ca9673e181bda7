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

    var indices: [Int] = []
    var sides: [Int8] = []
    var points: [Point?] = []
    var bases: [Point?] = []
    indices.reserveCapacity(ctx.indices.count)
    sides.reserveCapacity(ctx.indices.count)
    points.reserveCapacity(ctx.indices.count)
    ctx.indices.forEach { i in
      guard i >= 0, i < n else { return }
      let x = xs[i]
      let px = x.isFinite ? ctx.xScale.map(x) : .nan
      indices.append(i)
      sides.append(px < lo ? -1 : px > hi ? 1 : 0)
      let drawn = ctx.stackedPoints(entry: i, x: xs, y: ys)
      points.append(drawn?.point)
      bases.append(drawn?.base)
    }

    var runs: [Run] = []
    var current = Run()
    for k in points.indices {
      if trim, sides[k] != 0 {
        let before = k > 0 ? sides[k - 1] : sides[k]
        let after = k + 1 < sides.count ? sides[k + 1] : sides[k]
        if before == sides[k], after == sides[k] { continue }
      }
      guard let p = points[k] else {
        if !current.points.isEmpty { runs.append(current) }
        current = Run()
        continue
      }
      current.points.append(p)
      current.indices.append(indices[k])
      if let b = bases[k] { current.bases.append(b) }
    }
    if !current.points.isEmpty { runs.append(current) }
    return runs
  }
}
