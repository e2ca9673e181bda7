/// The shapes a bar entry is painted as: the one place that turns an entry into pixels, read by
/// the renderer and by the hit tester so that a click lands exactly where a bar is drawn.
extension BarRenderer {
  /// One painted bar, or one segment of a stacked bar.
  struct DrawnBar {
    var shape: BarShape
    /// The end away from the base (where a gradient starts).
    var valueEnd: BarShape.End
    /// The stack segment, nil for a single bar.
    var segment: Int?
    /// The value the shape stands for (the segment's own value for a segment).
    var value: Double
  }

  /// The shapes of entry `i`, back to front: none for a missing value or a non-finite x.
  static func shapes(_ ctx: SeriesContext, entry i: Int, _ placement: Placement, _ style: BarStyle) -> [DrawnBar] {
    let e = ctx.entries
    guard i >= 0, i < min(e.x.count, e.y.count), e.x[i].isFinite else { return [] }
    guard let segments = stack(ctx, i) else {
      let value = e.y[i]
      guard value.isFinite, let (rect, end) = segment(ctx, x: e.x[i], from: ctx.baseline, to: value, placement) else { return [] }
      return [DrawnBar(shape: BarShape(rect: rect, valueEnd: end, corners: corners(style)),
                       valueEnd: end, segment: nil, value: value)]
    }
    return stackShapes(ctx, x: e.x[i], segments: segments, placement, style)
  }

  /// Segments of one stacked entry: positive values pile up from 0, negative ones down from 0.
  private static func stackShapes(_ ctx: SeriesContext, x: Double, segments: [Double], _ placement: Placement,
                                  _ style: BarStyle) -> [DrawnBar] {
    let lastPositive = segments.lastIndex { $0.isFinite && $0 > 0 }
    let lastNegative = segments.lastIndex { $0.isFinite && $0 < 0 }
    let firstPositive = segments.firstIndex { $0.isFinite && $0 > 0 }
    let firstNegative = segments.firstIndex { $0.isFinite && $0 < 0 }
    var out: [DrawnBar] = []
    var pile = StackPile()
    for (s, v) in segments.enumerated() where v.isFinite && v != 0 {
      let (from, to) = pile.add(v)
      // The pile starts at 0, which a log axis has not: there it starts at the axis minimum (and
      // negative segments, which no log axis can place, are left out).
      guard let (rect, end) = segment(ctx, x: x, from: ctx.yScale.placeable(from), to: to, placement) else { continue }
      var shapeCorners = corners(style)
      if style.roundOuterEndOnly {
        // Only the two outer ends of the whole stack are rounded, never a joint between segments;
        // the base only of a stack that is all positive or all negative.
        let outer = s == lastPositive || s == lastNegative
        let base = (lastNegative == nil && s == firstPositive) || (lastPositive == nil && s == firstNegative)
        shapeCorners = shapeCorners.keeping(valueEnd: outer, base: base)
      }
      out.append(DrawnBar(shape: BarShape(rect: rect, valueEnd: end, corners: shapeCorners), valueEnd: end,
                          segment: s, value: v))
    }
    return out
  }
}
