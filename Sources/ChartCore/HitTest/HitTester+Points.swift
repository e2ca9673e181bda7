import Foundation

/// Entries drawn at a point (lines, scatter symbols, bubbles, candles): a point hits the mark
/// drawn there, measured as its renderer sizes it, or else lies within a distance of the entry.
extension HitTester {
  /// The entry of one data set nearest to `p`, and whether `p` lies inside its painted mark.
  struct PointHit {
    var index: Int
    /// The value reported for the entry (a candle's close).
    var value: Double
    /// Pixels from `p` to the entry's point.
    var distance: Double
    var inside: Bool
    /// Whether the entry paints a mark of its own (a line's vertex without circles does not).
    var painted: Bool
  }

  /// The best entry of a point-like data set for `p`: among the marks containing `p` the one whose
  /// point is nearest, else the nearest point within `maxDistance` px, else nil.
  static func pointEntry(at p: Point, _ ctx: SeriesContext, kind: SeriesKind, maxDistance: Double) -> PointHit? {
    let e = ctx.entries
    let marks = Marks(ctx, kind: kind)
    let reach = max(maxDistance, marks.extent)
    // Through the scale, so that a log x axis gives the window its ratios make.
    let window = ctx.xScale.window(aroundPixel: ctx.layout.horizontal ? p.y : p.x, pixels: reach)
    var best: PointHit? = nil
    for k in candidates(e, from: window.lo, to: window.hi) {
      guard let mark = marks.mark(k) else { continue }
      let d = hypot(mark.point.x - p.x, mark.point.y - p.y)
      let hit = PointHit(index: k, value: mark.value, distance: d, inside: mark.contains(p), painted: marks.paintsMarks)
      guard hit.inside || d <= maxDistance else { continue }
      // Inside a mark beats near one; then the nearer point; ties keep the later entry (drawn on top).
      if let b = best, (b.inside && !hit.inside) || (b.inside == hit.inside && d > b.distance) { continue }
      best = hit
    }
    return best
  }

  /// How the entries of one data set are drawn, for hit testing.
  struct Marks {
    let ctx: SeriesContext
    let kind: SeriesKind
    /// The largest distance in px from an entry's point to the edge of its mark.
    let extent: Double
    /// Bubbles: the largest size, which gets the full diameter.
    let largestSize: Double?
    /// Whether an entry paints a mark at its point: not a line's vertex without circles, nor a
    /// symbol, circle or bubble of size 0 (a candle always paints its wick).
    var paintsMarks: Bool { kind == .candlestick || extent > 0 }

    init(_ ctx: SeriesContext, kind: SeriesKind) {
      self.ctx = ctx
      self.kind = kind
      let ds = ctx.dataSet
      largestSize = kind == .bubble ? ctx.model.largestBubbleSize(dataSet: ctx.dataSetIndex) : nil
      switch kind {
      case .line: extent = ds.line.showCircles ? max(0, ds.line.circleRadius) : 0
      case .scatter: extent = ds.scatter.size.isFinite ? max(0, ds.scatter.size) / 2 * (2.0).squareRoot() : 0
      case .bubble: extent = BubbleSizing.maxDiameter(ds.bubble, in: ctx.plot) / 2
      case .candlestick: extent = CandleRenderer.halfBody(ds.candle, slot: ctx.layout.slot) * abs(ctx.xScale.pixelsPerUnit)
      case .bar: extent = 0
      }
    }

    /// Entry `k`'s point, reported value and painted area; nil when it is not drawn.
    func mark(_ k: Int) -> (point: Point, value: Double, contains: (Point) -> Bool)? {
      let e = ctx.entries
      guard k < e.y.count else { return nil }
      if kind == .candlestick {
        guard let candle = CandleRenderer.candle(e, k), let q = ctx.point(x: e.x[k], y: candle.close),
              let box = CandleRenderer.box(ctx, entry: k) else { return nil }
        return (q, candle.close, { box.contains($0) })
      }
      // A stacked line's vertex is the top of its band.
      guard let q = kind == .line ? ctx.stackedPoints(entry: k)?.point : ctx.point(x: e.x[k], y: e.y[k]) else { return nil }
      let ds = ctx.dataSet
      switch kind {
      case .line where ds.line.showCircles:
        let r = max(0, ds.line.circleRadius)
        return (q, e.y[k], { hypot($0.x - q.x, $0.y - q.y) <= r })
      case .scatter:
        let half = ds.scatter.size.isFinite ? max(0, ds.scatter.size) / 2 : 0
        // A round symbol is a disc; the others fill or stroke their square box.
        if ds.scatter.shape == .circle { return (q, e.y[k], { hypot($0.x - q.x, $0.y - q.y) <= half }) }
        return (q, e.y[k], { abs($0.x - q.x) <= half && abs($0.y - q.y) <= half })
      case .bubble:
        // Bubbles whose size is not positive are not drawn, so there is nothing to hit.
        guard let sizes = e.size, k < sizes.count, sizes[k].isFinite, sizes[k] > 0, let largest = largestSize else { return nil }
        // `extent` is half the largest bubble's diameter (`BubbleSizing`), worked out once.
        let r = BubbleRenderer.diameter(size: sizes[k], maxSize: largest, maxDiameter: 2 * extent) / 2
        return (q, e.y[k], { hypot($0.x - q.x, $0.y - q.y) <= r })
      default:
        return (q, e.y[k], { _ in false })
      }
    }
  }
}
