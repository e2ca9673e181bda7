/// Draws one chunk of a candlestick data set: wicks and bodies, or OHLC ticks.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// One `<path>` per candle (wicks as open subpaths, the body as a closed one) with an `aria-label`;
/// a second path for the wicks only when their colour differs from the candle's. Body width is
/// 1 − 2·barSpace slots, as in iOS Charts, whose candles sit at index x values (a slot is 1 there;
/// on a date axis it is the candles' own spacing).
public enum CandleRenderer {
  /// Which way the price moved from open to close.
  public enum Direction: Equatable, Sendable {
    case increasing, decreasing, neutral
  }

  /// One candle's values after filling in what the entry lacks.
  struct Candle {
    var open, high, low, close: Double

    var direction: Direction { close > open ? .increasing : close < open ? .decreasing : .neutral }
  }

  /// Writes the candles (or OHLC ticks) of the chunk.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    let style = ctx.dataSet.candle
    let e = ctx.entries
    let n = min(e.x.count, e.y.count)
    let halfBody = self.halfBody(style, slot: ctx.layout.slot)
    let lineWidth = max(0, style.shadowWidth)
    let margin = reach(ctx)
    let aria = AriaLabels(ctx)
    // A candle's path and label come to about 200 bytes: room for the chunk at once.
    svg.reserve(more: ctx.indices.count * 224)
    // One pair of path buffers for the whole chunk, emptied per candle: a buffer made and freed per
    // candle was a tenth of a 1,000-candle render.
    var wicks = PathBuilder(capacity: 128), ownBody = PathBuilder(capacity: 64)
    ctx.indices.forEach { i in
      guard i >= 0, i < n, e.x[i].isFinite, ctx.isNearPlot(x: e.x[i], margin: margin), let candle = candle(e, i) else { return }
      let color = self.color(candle.direction, entry: i, ctx)
      let wickColor = style.shadowColor ?? color
      let x = e.x[i]
      let label = (aria, entry: i, candle)
      wicks.removeAll()

      if style.ohlcTicks {
        line(ctx, &wicks, from: (x, candle.high), to: (x, candle.low))
        line(ctx, &wicks, from: (x - halfBody, candle.open), to: (x, candle.open))
        line(ctx, &wicks, from: (x, candle.close), to: (x + halfBody, candle.close))
        writeStroke(wicks, color: color, width: lineWidth, fill: nil, aria: label, into: &svg)
        return
      }

      let top = max(candle.open, candle.close), bottom = min(candle.open, candle.close)
      if candle.high > top { line(ctx, &wicks, from: (x, candle.high), to: (x, top)) }
      if candle.low < bottom { line(ctx, &wicks, from: (x, bottom), to: (x, candle.low)) }
      let filled = candle.direction == .increasing ? style.increasingFilled
        : candle.direction == .decreasing ? style.decreasingFilled : false
      // Same colour: the body follows the wicks in one path.
      if wickColor == color {
        body(ctx, &wicks, candle, x: x, halfBody: halfBody, top: top, bottom: bottom)
        writeStroke(wicks, color: color, width: lineWidth, fill: filled ? color : nil, aria: label, into: &svg)
      } else {
        ownBody.removeAll()
        body(ctx, &ownBody, candle, x: x, halfBody: halfBody, top: top, bottom: bottom)
        if !wicks.isEmpty { writeStroke(wicks, color: wickColor, width: lineWidth, fill: nil, aria: nil, into: &svg) }
        writeStroke(ownBody, color: color, width: lineWidth, fill: filled ? color : nil, aria: label, into: &svg)
      }
    }
  }

  /// A candle's body: a closed box from `top` to `bottom`, or a flat line for a neutral candle.
  private static func body(_ ctx: SeriesContext, _ p: inout PathBuilder, _ candle: Candle, x: Double, halfBody: Double,
                           top: Double, bottom: Double) {
    if candle.direction == .neutral {
      line(ctx, &p, from: (x - halfBody, candle.open), to: (x + halfBody, candle.open))
    } else if let a = ctx.point(x: x - halfBody, y: top), let b = ctx.point(x: x + halfBody, y: bottom) {
      p.move(a.x, a.y)
      p.line(b.x, a.y)
      p.line(b.x, b.y)
      p.line(a.x, b.y)
      p.closePath()
    }
  }

  /// The pixels a candle may cover beyond its x along the x axis: half its body and its wick's
  /// width. An entry beyond the plot by more is left out.
  static func reach(_ ctx: SeriesContext) -> Double {
    let style = ctx.dataSet.candle
    return abs(halfBody(style, slot: ctx.layout.slot) * ctx.xScale.pixelsPerUnit) + max(0, style.shadowWidth) + 1
  }

  /// Half the body width in x units: bodies are 1 − 2·barSpace slots wide (`ChartLayout.slot`).
  static func halfBody(_ style: CandleStyle, slot: Double) -> Double {
    (1 - 2 * min(max(style.barSpace, 0), 0.49)) / 2 * slot
  }

  /// The box a candle covers, body width by its whole value range, in pixels (nil when it is not drawn).
  static func box(_ ctx: SeriesContext, entry i: Int) -> Rect? {
    let e = ctx.entries
    guard i >= 0, i < min(e.x.count, e.y.count), e.x[i].isFinite, let candle = candle(e, i) else { return nil }
    let half = halfBody(ctx.dataSet.candle, slot: ctx.layout.slot)
    // High and low need not enclose the body (the data may say otherwise): take whatever is drawn.
    let top = max(candle.high, candle.open, candle.close), bottom = min(candle.low, candle.open, candle.close)
    guard let a = ctx.point(x: e.x[i] - half, y: top), let b = ctx.point(x: e.x[i] + half, y: bottom) else { return nil }
    return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
  }

  /// The colour of a candle: the entry's own, else its direction's (style, then theme).
  static func color(_ direction: Direction, entry i: Int, _ ctx: SeriesContext) -> Color {
    color(direction, entry: i, ctx.entries, ctx.dataSet.candle, ctx.theme)
  }

  /// The colour of candle `i` of `entries`: its own, else its direction's (`style`, then `theme`);
  /// legend items and axis tooltips take it from here, so that they show what is drawn.
  static func color(_ direction: Direction, entry i: Int, _ entries: EntryColumns, _ style: CandleStyle,
                    _ theme: Theme) -> Color {
    if let colors = entries.colors, i >= 0, i < colors.count, let c = colors[i] { return c }
    return color(direction, style, theme)
  }

  /// The colour of a candle of `direction` without a colour of its own.
  static func color(_ direction: Direction, _ style: CandleStyle, _ theme: Theme) -> Color {
    switch direction {
    case .increasing: return style.increasingColor ?? theme.candleIncreasing
    case .decreasing: return style.decreasingColor ?? theme.candleDecreasing
    case .neutral: return style.neutralColor ?? theme.candleNeutral
    }
  }

  /// The entry as a candle: close falls back to y, open to close, high/low to the body's ends.
  /// Nil when open or close is not a number.
  static func candle(_ e: EntryColumns, _ i: Int) -> Candle? {
    e.ohlc(at: i).map { Candle(open: $0.open, high: $0.high, low: $0.low, close: $0.close) }
  }

  private static func line(_ ctx: SeriesContext, _ p: inout PathBuilder, from a: (Double, Double), to b: (Double, Double)) {
    guard let pa = ctx.point(x: a.0, y: a.1), let pb = ctx.point(x: b.0, y: b.1) else { return }
    p.move(pa.x, pa.y)
    p.line(pb.x, pb.y)
  }

  private static func writeStroke(_ d: PathBuilder, color: Color, width: Double, fill: Color?,
                                  aria: (labels: AriaLabels, entry: Int, candle: Candle)?, into svg: inout SVGWriter) {
    guard !d.isEmpty else { return }
    svg.open("path")
    svg.attr("d", path: d)
    if let fill { svg.attr("fill", color: fill) } else { svg.attr("fill", "none") }
    svg.attr("stroke", color: color)
    svg.attr("stroke-width", width)
    if let aria {
      svg.attr("aria-label") { writeLabel(aria.labels, entry: aria.entry, aria.candle, into: &$0) }
    } else { svg.attr("aria-hidden", "true") }
    svg.selfClose()
  }

  /// "Label: x, open o, high h, low l, close c".
  private static func writeLabel(_ labels: AriaLabels, entry i: Int, _ candle: Candle, into svg: inout SVGWriter) {
    labels.start(entry: i, into: &svg)
    labels.words(open, into: &svg)
    labels.value(candle.open, into: &svg)
    labels.words(high, into: &svg)
    labels.value(candle.high, into: &svg)
    labels.words(low, into: &svg)
    labels.value(candle.low, into: &svg)
    labels.words(close, into: &svg)
    labels.value(candle.close, into: &svg)
  }

  private static let open = Array("open ".utf8)
  private static let high = Array(", high ".utf8)
  private static let low = Array(", low ".utf8)
  private static let close = Array(", close ".utf8)
}
