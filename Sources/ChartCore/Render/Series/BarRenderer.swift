/// Draws one chunk of a bar data set: grouped/stacked/horizontal bars, rounded, gradient.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Markup, back to front: shadow columns, an optional `<defs>` with the two gradient directions,
/// then one `<rect>` (square) or `<path>` (rounded) per bar or stack segment, each with an
/// `aria-label`. Bars grow from 0, or from the y domain end nearest to 0 when 0 is outside it.
public enum BarRenderer {
  /// Where a data set's bars sit around each entry's x: width and offset in x units.
  struct Placement {
    var width: Double
    var offset: Double
  }

  /// Writes the bars of the chunk's entries.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    let style = ctx.dataSet.bar
    let e = ctx.entries
    let n = min(e.x.count, e.y.count)
    let placement = self.placement(ctx)
    let margin = reach(ctx, placement).margin
    var visible: [Int] = []
    visible.reserveCapacity(ctx.indices.count)
    ctx.indices.forEach { i in
      if i >= 0, i < n, e.x[i].isFinite, ctx.isNearPlot(x: e.x[i] + placement.offset, margin: margin) { visible.append(i) }
    }
    guard !visible.isEmpty else { return }

    if style.shadowColumn {
      // Behind each bar: an entry that draws none (a gap, an empty stack) has no column.
      for i in visible where !shapes(ctx, entry: i, placement, style).isEmpty {
        writeShadow(ctx, x: e.x[i], placement, style, into: &svg)
      }
    }
    let gradient = style.gradient.flatMap { $0.stops.isEmpty ? nil : $0 }
    let aria = AriaLabels(ctx)
    if let gradient, gradient.followsOwnColor {
      return writeOwnColorGradients(gradient, ctx, visible, placement, style, aria, into: &svg)
    }
    if let gradient, visible.contains(where: { stack(ctx, $0) == nil }) {
      writeGradients(gradient, ctx, into: &svg)
    }
    for i in visible {
      if stack(ctx, i) != nil {
        writeStack(ctx, entry: i, placement, style, aria, into: &svg)
      } else {
        writeBar(ctx, entry: i, placement, style, gradient: gradient != nil, aria, into: &svg)
      }
    }
  }

  /// How far a bar reaches from its entry's x along the x axis: its offset in x units and the
  /// pixels beyond that point it may cover. An entry beyond the plot by more is left out.
  static func reach(_ ctx: SeriesContext, _ placement: Placement) -> (offset: Double, margin: Double) {
    (placement.offset, abs(placement.width * ctx.xScale.pixelsPerUnit) / 2 + ctx.dataSet.bar.borderWidth + 1)
  }

  /// Bar width and this data set's offset from the layout, else the spec's width, centred.
  static func placement(_ ctx: SeriesContext) -> Placement {
    var width = ctx.layout.bars?.width(of: ctx.dataSet.id) ?? ctx.spec.bars.barWidth
    if !(width.isFinite && width > 0) { width = 0.85 }
    var offset = ctx.layout.bars?.offsets[ctx.dataSet.id] ?? 0
    if !offset.isFinite { offset = 0 }
    return Placement(width: width, offset: offset)
  }

  /// The segment values of entry `i` when it is a stacked entry.
  @inline(__always)
  static func stack(_ ctx: SeriesContext, _ i: Int) -> [Double]? {
    guard let stacks = ctx.entries.stacks, i < stacks.count, !stacks[i].isEmpty else { return nil }
    return stacks[i]
  }

  /// The pixel rectangle of a bar at `x` from value `from` to value `to`, and the end where `to` lies.
  static func segment(_ ctx: SeriesContext, x: Double, from: Double, to: Double, _ placement: Placement) -> (rect: Rect, valueEnd: BarShape.End)? {
    let left = x + placement.offset - placement.width / 2
    guard let a = ctx.point(x: left, y: from), let b = ctx.point(x: left + placement.width, y: to) else { return nil }
    let rect = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    let end: BarShape.End = ctx.layout.horizontal ? (b.x >= a.x ? .maxX : .minX) : (b.y <= a.y ? .minY : .maxY)
    return (rect, end)
  }

  /// The corners of a single bar (and of a stack's outer ends): `cornerRadii` when given, else
  /// `cornerRadius` at the value end, and at the base too with `corners: both`.
  static func corners(_ style: BarStyle) -> BarCorners {
    style.cornerRadii.map(BarCorners.init) ?? BarCorners(radius: style.cornerRadius, base: style.corners == .both)
  }

  private static func writeBar(_ ctx: SeriesContext, entry i: Int, _ placement: Placement, _ style: BarStyle,
                               gradient: Bool, _ aria: AriaLabels, into svg: inout SVGWriter) {
    guard let bar = shapes(ctx, entry: i, placement, style).first else { return }
    bar.shape.open(into: &svg)
    if gradient {
      svg.attr("fill", "url(#\(ctx.regionID)-\(gradientSuffix(bar.valueEnd)))")
    } else {
      svg.attr("fill", color: ctx.color(ofEntry: i))
    }
    writeBorder(ctx, style, into: &svg)
    writeAriaLabel(aria, ctx, entry: i, bar, into: &svg)
    svg.selfClose()
  }

  /// ` aria-label="{label}: {x}, {value}"`, and for a stack segment `"{label}, {stackLabel}: {x}, {value}"`.
  static func writeAriaLabel(_ aria: AriaLabels, _ ctx: SeriesContext, entry i: Int, _ bar: DrawnBar,
                             into svg: inout SVGWriter) {
    let labels = ctx.dataSet.stackLabels
    let segment = bar.segment.flatMap { $0 < labels.count ? labels[$0] : nil }
    svg.attr("aria-label") {
      aria.start(entry: i, segment: segment, into: &$0)
      aria.value(bar.value, into: &$0)
    }
  }

  /// The column across the whole value range behind the bar of an entry at `x` (`shadowColumn`):
  /// what is painted, and where a point hits that entry (`HitTester.barEntry`).
  static func shadow(_ ctx: SeriesContext, x: Double, _ placement: Placement, _ style: BarStyle) -> BarShape? {
    guard let (rect, end) = segment(ctx, x: x, from: ctx.yScale.domainMin, to: ctx.yScale.domainMax, placement) else { return nil }
    return BarShape(rect: rect, valueEnd: end, corners: corners(style))
  }

  /// The grey column across the whole value range behind a bar.
  private static func writeShadow(_ ctx: SeriesContext, x: Double, _ placement: Placement, _ style: BarStyle,
                                  into svg: inout SVGWriter) {
    guard let shape = shadow(ctx, x: x, placement, style) else { return }
    shape.open(into: &svg)
    svg.attr("fill", color: style.shadowColor ?? ctx.theme.grid)
    svg.attr("aria-hidden", "true")
    svg.selfClose()
  }

  static func writeBorder(_ ctx: SeriesContext, _ style: BarStyle, into svg: inout SVGWriter) {
    guard style.borderWidth > 0 else { return }
    svg.attr("stroke", color: style.borderColor ?? ctx.theme.text)
    svg.attr("stroke-width", style.borderWidth)
  }

  /// Gradient `g0` is for bars whose value end is the top (or left) edge, `g1` for the bottom (or right).
  static func gradientSuffix(_ valueEnd: BarShape.End) -> String {
    valueEnd == .minY || valueEnd == .minX ? "g0" : "g1"
  }

  /// The gradient vector in a bar's own box: offset 0 at the value end (`g0`: top or left), 1 at the base.
  static func gradientVector(_ valueEnd: BarShape.End, horizontal: Bool) -> GradientSpec.Vector {
    let atStart = gradientSuffix(valueEnd) == "g0"
    if horizontal { return atStart ? .init(x1: 0, y1: 0, x2: 1, y2: 0) : .init(x1: 1, y1: 0, x2: 0, y2: 0) }
    return atStart ? .init(x1: 0, y1: 0, x2: 0, y2: 1) : .init(x1: 0, y1: 1, x2: 0, y2: 0)
  }

  /// Both gradient directions, in each bar's own box: offset 0 at the value end, 1 at the base.
  private static func writeGradients(_ gradient: GradientSpec, _ ctx: SeriesContext, into svg: inout SVGWriter) {
    let horizontal = ctx.layout.horizontal
    svg.open("defs")
    svg.close()
    for end in [BarShape.End.minY, .maxY] {
      gradient.write(id: ctx.regionID + "-" + gradientSuffix(end), vector: gradientVector(end, horizontal: horizontal),
                     userSpace: false, own: ctx.color, into: &svg)
    }
    svg.end("defs")
  }
}
