/// Draws the value labels of one data set's visible entries.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Labels show the formatted y above points (line, scatter, candle: above the high), in a bubble
/// large enough to hold it, at the outer end of bars (inside when it would leave the plot), and in
/// the middle of each stack segment tall enough for it. Nothing is drawn when more than
/// `maxVisibleEntries` entries lie in the visible x range: the labels would overlap.
public enum ValueLabelRenderer {
  /// Gap in px between a label and what it labels.
  static let gap = 4.0

  /// Writes the labels of the data set's visible entries, or nothing when there are too many.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    let style = ctx.dataSet.valueLabels
    guard style.show, let kind = ctx.model.seriesKind(of: ctx.dataSetIndex) else { return }
    let visible = visibleEntries(ctx, limit: max(0, style.maxVisibleEntries))
    guard let visible, !visible.isEmpty else { return }
    let fontSize = style.fontSize ?? ctx.spec.fontSize
    guard fontSize > 0, fontSize.isFinite else { return }
    var labels = LabelWriter(ctx: ctx, fontSize: fontSize, color: style.color ?? ctx.theme.text, fixedColor: style.color)
    for i in visible {
      switch kind {
      case .bar: labelBar(i, ctx, &labels)
      case .line, .scatter, .bubble, .candlestick: labelPoint(i, kind, ctx, &labels)
      }
    }
    guard !labels.body.isEmpty else { return }
    svg.open("g")
    svg.attr("font-size", fontSize)
    svg.attr("fill", color: labels.color)
    svg.attr("text-anchor", "middle")
    // The values are already in the data elements' aria-labels; reading them twice helps no one.
    svg.attr("aria-hidden", "true")
    svg.close()
    svg.raw(labels.body)
    svg.end("g")
  }

  /// Entries of the chunk whose x lies in the visible x range, or nil when there are more than `limit`.
  static func visibleEntries(_ ctx: SeriesContext, limit: Int) -> [Int]? {
    let e = ctx.entries
    let n = min(e.x.count, e.y.count)
    let lo = min(ctx.xScale.domainMin, ctx.xScale.domainMax), hi = max(ctx.xScale.domainMin, ctx.xScale.domainMax)
    var out: [Int] = []
    var tooMany = false
    ctx.indices.forEach { i in
      guard !tooMany, i >= 0, i < n, e.x[i] >= lo, e.x[i] <= hi else { return }
      if out.count == limit { tooMany = true; return }
      out.append(i)
    }
    return tooMany ? nil : out
  }

  /// A label above a point (or centred in a bubble that holds it), below when the top of the canvas is near.
  private static func labelPoint(_ i: Int, _ kind: SeriesKind, _ ctx: SeriesContext, _ labels: inout LabelWriter) {
    let e = ctx.entries
    var value = e.y[i]
    var anchorY = value
    var clearance: Double
    switch kind {
    case .candlestick:
      guard let candle = CandleRenderer.candle(e, i) else { return }
      value = candle.close
      anchorY = max(candle.high, candle.open, candle.close)
      clearance = 0  // wicks end exactly at the high (butt caps)
    case .scatter:
      clearance = ctx.dataSet.scatter.size / 2
    case .bubble:
      guard let sizes = e.size, i < sizes.count, let maxSize = ctx.model.largestBubbleSize(dataSet: ctx.dataSetIndex) else { return }
      clearance = BubbleRenderer.diameter(size: sizes[i], maxSize: maxSize,
                                          maxDiameter: BubbleSizing.maxDiameter(ctx.dataSet.bubble, in: ctx.plot)) / 2
    default:
      let line = ctx.dataSet.line
      clearance = line.showCircles ? max(line.circleRadius, line.width / 2) : line.width / 2
    }
    // A stacked line's label sits over the top of its band and shows the entry's own value.
    if let band = ctx.stack?.band(entry: i) { anchorY = band.top } else if ctx.stack != nil { return }
    guard value.isFinite, let p = ctx.point(x: e.x[i], y: anchorY) else { return }
    let text = ctx.valueText(value)
    if kind == .bubble, clearance >= labels.fontSize, TextMetrics.width(text, fontSize: labels.fontSize) <= 2 * clearance {
      // The bubble is translucent: what shows is its colour mixed with the background.
      let opacity = min(max(ctx.dataSet.bubble.opacity, 0), 1)
      labels.add(text, x: p.x, centerY: p.y, on: ctx.color(ofEntry: i).mixed(with: ctx.theme.background, 1 - opacity))
      return
    }
    clearance = max(0, clearance) + gap
    var baseline = p.y - clearance
    if baseline - labels.fontSize < 0 { baseline = p.y + clearance + labels.capHeight }
    labels.add(text, x: p.x, baseline: baseline)
  }

  /// Labels of a bar: at its value end, or one per stack segment.
  private static func labelBar(_ i: Int, _ ctx: SeriesContext, _ labels: inout LabelWriter) {
    let e = ctx.entries
    let placement = BarRenderer.placement(ctx)
    let plot = ctx.plot
    if BarRenderer.stack(ctx, i) != nil {
      // On the segments as the bar draws them (a log axis starts the pile at its minimum).
      for bar in BarRenderer.shapes(ctx, entry: i, placement, ctx.dataSet.bar) {
        let rect = bar.shape.rect
        let text = ctx.valueText(bar.value)
        let fits = ctx.layout.horizontal
          ? rect.width >= TextMetrics.width(text, fontSize: labels.fontSize) + gap
          : rect.height >= labels.fontSize + 2
        guard fits else { continue }
        labels.add(text, x: rect.midX, centerY: rect.midY,
                   on: BarRenderer.stackSegmentColor(model: ctx.model, dataSetIndex: ctx.dataSetIndex, segment: bar.segment ?? 0))
      }
      return
    }
    let value = e.y[i]
    guard value.isFinite, let (rect, end) = BarRenderer.segment(ctx, x: e.x[i], from: ctx.baseline, to: value, placement) else { return }
    let text = ctx.valueText(value)
    let fill = ctx.dataSet.bar.gradient?.stops.first?.color ?? ctx.color(ofEntry: i)
    let width = TextMetrics.width(text, fontSize: labels.fontSize)
    switch end {
    case .minY:
      let baseline = rect.minY - gap
      if baseline - labels.fontSize >= plot.minY { labels.add(text, x: rect.midX, baseline: baseline) }
      else { labels.add(text, x: rect.midX, baseline: rect.minY + gap + labels.capHeight, on: fill) }
    case .maxY:
      let baseline = rect.maxY + gap + labels.capHeight
      if baseline <= plot.maxY { labels.add(text, x: rect.midX, baseline: baseline) }
      else { labels.add(text, x: rect.midX, baseline: rect.maxY - gap, on: fill) }
    case .maxX:
      if rect.maxX + gap + width <= plot.maxX { labels.add(text, x: rect.maxX + gap, centerY: rect.midY, anchor: "start") }
      else { labels.add(text, x: rect.maxX - gap, centerY: rect.midY, anchor: "end", on: fill) }
    case .minX:
      if rect.minX - gap - width >= plot.minX { labels.add(text, x: rect.minX - gap, centerY: rect.midY, anchor: "end") }
      else { labels.add(text, x: rect.minX + gap, centerY: rect.midY, anchor: "start", on: fill) }
    }
  }
}
