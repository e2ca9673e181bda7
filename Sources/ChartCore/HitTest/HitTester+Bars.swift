/// Bars: a point hits a bar exactly where the bar renderer paints it (grouped offsets, stacks,
/// rounded corners, horizontal charts), because both read `BarRenderer.shapes`.
extension HitTester {
  /// The topmost bar entry of the data set whose painted shape contains `p`, and the stack
  /// segment painted there for a stacked entry.
  static func barEntry(at p: Point, _ ctx: SeriesContext) -> (index: Int, drawn: BarRenderer.DrawnBar)? {
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
    return nil
  }
}
