/// Bars: a point hits a bar exactly where the bar renderer paints it (grouped offsets, stacks,
/// rounded corners, horizontal charts, shadow columns), because both read `BarRenderer.shapes`
/// and `BarRenderer.shadow`.
extension HitTester {
  /// The topmost bar entry of the data set whose painted shape contains `p`, and the stack
  /// segment painted there for a stacked entry (nil `drawn`: `p` lies on the entry's shadow
  /// column, under every bar of the data set, and on no segment).
  static func barEntry(at p: Point, _ ctx: SeriesContext) -> (index: Int, drawn: BarRenderer.DrawnBar?)? {
    let placement = BarRenderer.placement(ctx)
    let style = ctx.dataSet.bar
    let ppu = abs(ctx.xScale.pixelsPerUnit)
    guard ppu > 0, ppu.isFinite else { return nil }
    // The bar of an entry at x spans x + offset ± width / 2: search around the pointer's x minus
    // this data set's offset, a pixel wider so that no bar is lost at its edges.
    let along = ctx.xScale.invert(ctx.layout.horizontal ? p.y : p.x) - placement.offset
    let candidates = self.candidates(ctx.entries, around: along, span: placement.width / 2 + 1 / ppu)
    // Later entries are drawn over earlier ones.
    for k in candidates.reversed() {
      if let drawn = BarRenderer.shapes(ctx, entry: k, placement, style).last(where: { $0.shape.contains(p) }) { return (k, drawn) }
    }
    // Shadow columns are drawn before the data set's bars, one behind each bar drawn.
    guard style.shadowColumn else { return nil }
    for k in candidates.reversed() where !BarRenderer.shapes(ctx, entry: k, placement, style).isEmpty {
      if BarRenderer.shadow(ctx, x: ctx.entries.x[k], placement, style)?.contains(p) == true { return (k, nil) }
    }
    return nil
  }
}
