/// Stacked areas: a point inside a band names an entry of the band's data set.
extension HitTester {
  /// The entry of a filled stacked line whose band holds `p`, or nil. Between the entries on either
  /// side of `p`'s x the band's edges are taken as straight; the entry named is the nearer of the
  /// two in x. A gap between them (a missing value) leaves no band there.
  static func bandEntry(at p: Point, _ ctx: SeriesContext) -> Int? {
    guard ctx.stack != nil, ctx.dataSet.line.fill else { return nil }
    let horizontal = ctx.layout.horizontal
    let along = horizontal ? p.y : p.x, across = horizontal ? p.x : p.y
    let xv = ctx.xScale.invert(along)
    let e = ctx.entries
    guard xv.isFinite else { return nil }
    // The nearest entries at or before and at or after xv, and whether a gap lies between them.
    var left: (x: Double, k: Int)? = nil, right: (x: Double, k: Int)? = nil
    var gapLeft = -Double.infinity, gapRight = Double.infinity
    for k in e.x.indices where e.x[k].isFinite {
      let x = e.x[k]
      let drawn = k < e.y.count && e.y[k].isFinite
      if x <= xv {
        if drawn { if x > (left?.x ?? -.infinity) { left = (x, k) } } else { gapLeft = max(gapLeft, x) }
      }
      if x >= xv {
        if drawn { if x < (right?.x ?? .infinity) { right = (x, k) } } else { gapRight = min(gapRight, x) }
      }
    }
    guard let left, let right, gapLeft < left.x, gapRight > right.x,
          let a = ctx.stackedPoints(entry: left.k), let b = ctx.stackedPoints(entry: right.k),
          let aBase = a.base, let bBase = b.base else { return nil }
    func coordinate(_ q: Point) -> (along: Double, across: Double) { horizontal ? (q.y, q.x) : (q.x, q.y) }
    let (a0, aTop) = coordinate(a.point), (b0, bTop) = coordinate(b.point)
    let t = b0 != a0 ? min(max((along - a0) / (b0 - a0), 0), 1) : 0
    let top = aTop + (bTop - aTop) * t
    let base = coordinate(aBase).across + (coordinate(bBase).across - coordinate(aBase).across) * t
    guard across >= min(top, base), across <= max(top, base) else { return nil }
    return xv - left.x <= right.x - xv ? left.k : right.k
  }
}
