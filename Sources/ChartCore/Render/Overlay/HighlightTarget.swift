import Foundation

/// A highlight resolved against the model and the layout: the shape to emphasise and where a
/// marker points. Resolution fails (nil) for an unknown or hidden data set, an index out of range,
/// a missing (NaN) value, a point outside the plot, or a pie entry that has no slice.
struct HighlightTarget {
  enum Shape {
    /// Line, scatter and candle entries: highlight lines cross here.
    case point(Point)
    /// A bar or one stack segment, clipped to the plot, with the painted bar's rounded corners.
    case bar(BarShape)
    case bubble(center: Point, radius: Double)
    case slice(PieSlice, PieSlices.Result)
    /// A radar vertex: a ring is drawn around it.
    case vertex(Point)
  }

  var dataSetIndex: Int
  var entry: Int
  /// nil for pie slices.
  var kind: SeriesKind?
  var shape: Shape
  /// Where the marker's pointer ends (inside the plot).
  var anchor: Point
  /// The value shown by the marker (the segment value for a stack segment).
  var value: Double
  /// Where the marker box may go, in order of preference: above the anchor (pointer at the box's
  /// bottom) and/or below it.
  var markerSides: [MarkerRenderer.PointerSide] = [.bottom, .top]
  /// Where the box is centred, without a pointer, when no side has room (nil: clamp near the anchor).
  var markerFallback: Point? = nil

  static func resolve(_ h: HighlightSpec, _ model: ChartModel, _ layout: ChartLayout) -> HighlightTarget? {
    let spec = model.spec
    guard let i = model.dataSetIndex(id: h.dataSet), spec.dataSets[i].visible, h.index >= 0,
          h.index < spec.dataSets[i].entries.count else { return nil }
    if spec.kind == .pie { return pie(h, dataSet: i, model, layout) }
    if spec.kind == .radar { return radar(h, dataSet: i, model, layout) }
    let ref = model.valueAxis(of: i)
    guard let kind = model.seriesKind(of: i), let xs = layout.x?.scale, let ys = layout.valueAxis(ref)?.scale else { return nil }
    let e = spec.dataSets[i].entries, k = h.index
    let x = e.x[k]
    guard x.isFinite else { return nil }
    // The entry's pane: a point outside it is not drawn, so not highlighted.
    let pane = layout.plotRect(ref)
    let plot = pane.insetBy(dx: -0.5, dy: -0.5)  // points on the plot's edge still count
    func project(_ xv: Double, _ yv: Double) -> Point { layout.project(x: xv, y: yv, xScale: xs, yScale: ys) }
    switch kind {
    case .line where model.isStackedLine(i):
      // At the top of its band; the marker shows its value (its share in percent mode).
      guard let group = model.stackGroup(of: i), let band = StackBands(model, group: group, dataSet: i).band(entry: k),
            case let p = project(x, band.top), plot.contains(p) else { return nil }
      return HighlightTarget(dataSetIndex: i, entry: k, kind: kind, shape: .point(p), anchor: p, value: band.value)
    case .line, .scatter:
      let y = e.y[k]
      guard y.isFinite, case let p = project(x, y), plot.contains(p) else { return nil }
      return HighlightTarget(dataSetIndex: i, entry: k, kind: kind, shape: .point(p), anchor: p, value: y)
    case .candlestick:
      let close = column(e.close, k) ?? e.y[k]
      guard close.isFinite, case let p = project(x, close), plot.contains(p) else { return nil }
      let high = column(e.high, k) ?? .nan
      let top = ys.admits(high) ? clamp(project(x, high), pane) : p
      return HighlightTarget(dataSetIndex: i, entry: k, kind: kind, shape: .point(p), anchor: top, value: close)
    case .bubble:
      let y = e.y[k], size = column(e.size, k) ?? .nan
      guard y.isFinite, size.isFinite, case let p = project(x, y), plot.contains(p) else { return nil }
      let r = model.largestBubbleSize(dataSet: i).map {
        BubbleRenderer.diameter(size: size, maxSize: $0,
                                maxDiameter: BubbleSizing.maxDiameter(spec.dataSets[i].bubble, in: pane)) / 2
      } ?? 0
      let top = clamp(Point(x: p.x, y: p.y - r), pane)
      return HighlightTarget(dataSetIndex: i, entry: k, kind: kind, shape: .bubble(center: p, radius: r), anchor: top, value: y)
    case .bar:
      return bar(h, dataSet: i, model, layout, xs, ys, pane: pane)
    }
  }

  private static func pie(_ h: HighlightSpec, dataSet i: Int, _ model: ChartModel, _ layout: ChartLayout) -> HighlightTarget? {
    let result = PieSlices.compute(model)
    guard let pie = layout.pie, result.dataSetIndex == i,
          let slice = result.slices.first(where: { $0.index == h.index }) else { return nil }
    let shift = pie.selectionShift
    let rim = polar(pie.center, pie.radius + shift, slice.midAngle)
    // The marker goes outward from the rim (never over the pie); without room there it sits on the
    // middle of the slice instead.
    let hole = PieRenderer.holeRadius(pie, model.spec)
    let middle = polar(pie.center, hole > 0 ? (hole + pie.radius) / 2 : pie.radius * 0.62, slice.midAngle)
    return HighlightTarget(dataSetIndex: i, entry: h.index, kind: nil, shape: .slice(slice, result),
                           anchor: clamp(rim, layout.plot), value: slice.value,
                           markerSides: [sin(slice.midAngle) > 0 ? .top : .bottom], markerFallback: middle)
  }

  /// Radius in px of the ring drawn around a highlighted radar vertex.
  static let vertexRingRadius = 5.0

  /// A radar vertex: the entry's value on its spoke (nothing for a missing value or an entry past the spokes).
  private static func radar(_ h: HighlightSpec, dataSet i: Int, _ model: ChartModel, _ layout: ChartLayout) -> HighlightTarget? {
    guard let g = layout.radar?.geometry, h.index < g.spokes else { return nil }
    let value = model.spec.dataSets[i].entries.y[h.index]
    guard let p = g.point(spoke: h.index, value: value) else { return nil }
    let top = clamp(Point(x: p.x, y: p.y - vertexRingRadius), layout.plot)
    return HighlightTarget(dataSetIndex: i, entry: h.index, kind: nil, shape: .vertex(p), anchor: top, value: value)
  }

  /// A bar from 0 to its value (its whole stack), or one stack segment, centred at x + the data set's offset.
  private static func bar(_ h: HighlightSpec, dataSet i: Int, _ model: ChartModel, _ layout: ChartLayout,
                          _ xs: ValueScale, _ ys: ValueScale, pane plot: Rect) -> HighlightTarget? {
    let ds = model.spec.dataSets[i], e = ds.entries, k = h.index
    let width = layout.bars?.width(of: model.spec.dataSets[i].id) ?? model.spec.bars.barWidth
    let x = e.x[k] + (layout.bars?.offsets[ds.id] ?? 0)
    let stack = e.stacks.flatMap { k < $0.count ? $0[k] : nil } ?? []
    var lo: Double, hi: Double, value: Double
    if let s = h.stackIndex, !stack.isEmpty {
      guard s >= 0, s < stack.count, stack[s].isFinite else { return nil }
      // Where the bar draws the segment: on its side of the pile of the segments before it.
      var pile = StackPile(stack[0..<s])
      let (from, to) = pile.add(stack[s])
      value = stack[s]
      lo = min(from, to)
      hi = max(from, to)
    } else {
      guard h.stackIndex == nil || h.stackIndex == 0 else { return nil }
      let span = e.valueSpan(at: k)
      guard span.lo.isFinite, span.hi.isFinite, width.isFinite else { return nil }
      lo = min(0, span.lo)
      hi = max(0, span.hi)
      value = e.y[k].isFinite ? e.y[k] : span.hi + span.lo
    }
    // A bar the value scale cannot place (at or below 0 on a log axis) is not drawn, so not
    // highlighted; one it can grows from the axis minimum where 0 has no place.
    guard ys.admits(hi) else { return nil }
    lo = ys.placeable(lo)
    let a = layout.project(x: x - width / 2, y: lo, xScale: xs, yScale: ys)
    let b = layout.project(x: x + width / 2, y: hi, xScale: xs, yScale: ys)
    let x0 = max(min(a.x, b.x), plot.minX), x1 = min(max(a.x, b.x), plot.maxX)
    let y0 = max(min(a.y, b.y), plot.minY), y1 = min(max(a.y, b.y), plot.maxY)
    guard x1 > x0 || y1 > y0, x1 >= x0, y1 >= y0 else { return nil }
    let end = layout.project(x: x, y: value < 0 ? lo : hi, xScale: xs, yScale: ys)
    let rect = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    return HighlightTarget(dataSetIndex: i, entry: k, kind: .bar,
                           shape: .bar(overlay(rect, dataSet: i, entry: k, segment: h.stackIndex, model, layout)),
                           anchor: clamp(end, plot), value: value)
  }

  /// The value of an optional entry column (nil when the column is absent or too short).
  static func column(_ c: EntryColumn<Double>?, _ k: Int) -> Double? {
    guard let c, k >= 0, k < c.count else { return nil }
    return c[k]
  }

  static func clamp(_ p: Point, _ r: Rect) -> Point {
    Point(x: min(max(p.x, r.minX), r.maxX), y: min(max(p.y, r.minY), r.maxY))
  }
}
