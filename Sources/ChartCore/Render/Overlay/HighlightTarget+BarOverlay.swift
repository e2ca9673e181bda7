/// The veil over a highlighted bar takes the painted bar's rounded corners, so that it covers
/// the bar exactly instead of a square around it.
extension HighlightTarget {
  /// `rect` (the highlighted bar or segment, clipped to the plot) with the radii of the painted
  /// shapes at its outer edges; an edge the plot cut off stays square, as the bar is drawn there.
  static func overlay(_ rect: Rect, dataSet i: Int, entry k: Int, segment: Int?, _ model: ChartModel,
                      _ layout: ChartLayout) -> BarShape {
    let square = BarShape(rect: rect, vertical: true, topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0)
    guard let ctx = RegionRenderer.seriesContext(model, layout, dataSet: i, indices: .range(0..<0), regionID: "") else { return square }
    let drawn = BarRenderer.shapes(ctx, entry: k, BarRenderer.placement(ctx), ctx.dataSet.bar)
    // One segment, or the whole bar (every segment of a stack).
    let parts = drawn.filter { segment == nil || $0.segment == segment }.map(\.shape)
    guard !parts.isEmpty else { return square }
    let vertical = !layout.horizontal
    // Which painted shape lies at each outer edge of the highlighted span, if the edge is not cut.
    let tolerance = 0.5
    func at(_ edge: (Rect) -> Double, of r: Rect, lowest: Bool) -> BarShape? {
      guard let s = lowest ? parts.min(by: { edge($0.rect) < edge($1.rect) }) : parts.max(by: { edge($0.rect) < edge($1.rect) }),
            abs(edge(s.rect) - edge(r)) <= tolerance else { return nil }
      return s
    }
    if vertical {
      let top = at(\.minY, of: rect, lowest: true), bottom = at(\.maxY, of: rect, lowest: false)
      return BarShape(rect: rect, vertical: true, topLeft: top?.topLeft ?? 0, topRight: top?.topRight ?? 0,
                      bottomRight: bottom?.bottomRight ?? 0, bottomLeft: bottom?.bottomLeft ?? 0)
    }
    let left = at(\.minX, of: rect, lowest: true), right = at(\.maxX, of: rect, lowest: false)
    return BarShape(rect: rect, vertical: false, topLeft: left?.topLeft ?? 0, topRight: right?.topRight ?? 0,
                    bottomRight: right?.bottomRight ?? 0, bottomLeft: left?.bottomLeft ?? 0)
  }
}
