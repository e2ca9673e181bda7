/// Draws one chunk of a line data set: path in its mode, area fill, circles.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else. (The
/// checkpoints it may be given, `StraightPathMemos`, save work only: the markup is the same without.)
/// Markup, back to front: an optional `<defs>` with the fill gradient, one fill `<path>`, one line
/// `<path>` (every run of finite points, NaN y starts a new run with `M`), and when circles are on
/// one `<path>` of dots plus one of holes. Nothing is written per point otherwise, so a 1,000-point
/// chunk costs one path.
public enum LineRenderer {
  /// A maximal sequence of consecutive drawable points (a NaN y ends it).
  struct Run {
    var points: [Point] = []
    var indices: [Int] = []
    /// Stacked lines: the base of each point's band (the top of the sets below), else empty.
    var bases: [Point] = []
  }

  /// Writes the chunk's fill, line and circles.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    var none: StraightPathMemos? = nil
    render(ctx, into: &svg, memos: &none)
  }

  /// `render`, a plain straight line's chunk going on from a checkpoint in `memos` where one holds
  /// (`straightPath`): the same markup.
  static func render(_ ctx: SeriesContext, into svg: inout SVGWriter, memos: inout StraightPathMemos?) {
    let style = ctx.dataSet.line
    if style.mode == .linear, !style.fill, !style.showCircles, ctx.stack == nil {
      // The common large line: its points go straight into the path (no runs are listed).
      guard style.width > 0, let line = straightPath(ctx, memos: &memos) else { return }
      writeLine(line, style, ctx, into: &svg)
      return
    }
    let runs = self.runs(ctx, trim: style.mode == .linear || style.mode == .stepped)
    guard !runs.isEmpty else { return }
    let intensity = min(max(style.cubicIntensity, 0), 1)
    let horizontal = ctx.layout.horizontal

    // Each run's segments are built once and shared by the line and the fill, which only adds
    // the baseline ends (or, stacked, the lower edge of the band).
    var line = PathBuilder(capacity: ctx.indices.count * 14)
    var fill = PathBuilder()
    let base = ctx.baseline
    for run in runs {
      guard let first = run.points.first, let last = run.points.last else { continue }
      guard style.fill else {
        // No fill to share the segments with: straight into the line.
        line.move(first.x, first.y)
        appendSegments(run.points, mode: style.mode, intensity: intensity, horizontal: horizontal, to: &line)
        if run.points.count == 1 { appendDot(first, horizontal: horizontal, to: &line) }
        continue
      }
      var rest = PathBuilder(capacity: run.points.count * 14)
      appendSegments(run.points, mode: style.mode, intensity: intensity, horizontal: horizontal, to: &rest)
      if run.points.count == 1 { appendDot(first, horizontal: horizontal, to: &rest) }
      var start = PathBuilder()
      start.move(first.x, first.y)
      line.append(start)
      line.append(rest)
      if run.points.count > 1 {
        // A stacked band closes back along the line of the set below (in that set's mode), any
        // other fill along the baseline.
        let stacked = ctx.stack != nil && run.bases.count == run.points.count
        let b0 = stacked ? run.bases[0] : baselinePoint(first, base, ctx)
        let b1 = stacked ? run.bases[run.bases.count - 1] : baselinePoint(last, base, ctx)
        var head = PathBuilder()
        head.move(b0.x, b0.y)
        head.line(first.x, first.y)
        var tail = PathBuilder()
        tail.line(b1.x, b1.y)
        if stacked {
          // The lower edge is the line of the set below: drawn in that set's mode.
          let below = ctx.stack?.below.map { ctx.model.spec.dataSets[$0].line } ?? style
          appendReversedSegments(run.bases, mode: below.mode, intensity: min(max(below.cubicIntensity, 0), 1),
                                 horizontal: horizontal, to: &tail)
        }
        tail.closePath()
        fill.append(head)
        fill.append(rest)
        fill.append(tail)
      }
    }

    if style.fill, !fill.isEmpty { writeFill(fill, style, ctx, base: base, into: &svg) }
    writeLine(line, style, ctx, into: &svg)
    if style.showCircles, style.circleRadius > 0 { writeCircles(runs, style, ctx, into: &svg) }
  }

  /// The stroke of the line (nothing at width 0).
  private static func writeLine(_ line: PathBuilder, _ style: LineStyle, _ ctx: SeriesContext, into svg: inout SVGWriter) {
    guard style.width > 0 else { return }
    svg.open("path")
    svg.attr("d", path: line)
    svg.attr("fill", literal: "none")
    svg.attr("stroke", color: ctx.color)
    svg.attr("stroke-width", style.width)
    svg.attr("stroke-linejoin", literal: "round")
    svg.attr("stroke-linecap", literal: "round")
    svg.dashAttr(style.dash)
    svg.attr("aria-label", ctx.dataSet.label)
    svg.selfClose()
  }

  /// A point between two gaps: a zero-length segment that the round cap turns into a dot.
  static func appendDot(_ p: Point, horizontal: Bool, to path: inout PathBuilder) {
    horizontal ? path.vertical(p.y) : path.horizontal(p.x)
  }

  /// The point on the baseline below (or beside) `p`.
  private static func baselinePoint(_ p: Point, _ base: Double, _ ctx: SeriesContext) -> Point {
    let b = SeriesContext.clampPixel(ctx.yScale.map(base))
    return ctx.layout.horizontal ? Point(x: b, y: p.y) : Point(x: p.x, y: b)
  }

  /// The area under the line, in the fill colour or the gradient.
  private static func writeFill(_ fill: PathBuilder, _ style: LineStyle, _ ctx: SeriesContext, base: Double,
                                into svg: inout SVGWriter) {
    let solid = style.fillColor ?? ctx.color
    let paint = solid.withAlpha(solid.alpha * min(max(style.fillOpacity, 0), 1))
    var gradientID: String? = nil
    if let gradient = style.fillGradient, !gradient.stops.isEmpty {
      // User-space coordinates over the whole plot, so every chunk of the layer shares one gradient.
      let id = ctx.regionID + "-fill"
      var vector = gradient.vector(across: ctx.plot)
      var reflect = false
      if let alongValueAxis = valueAxisVector(gradient, ctx, base: base) {
        vector = alongValueAxis
        reflect = true
      }
      svg.open("defs")
      svg.close()
      gradient.write(id: id, vector: vector, userSpace: true, reflect: reflect, own: solid, into: &svg)
      svg.end("defs")
      gradientID = id
    }
    svg.open("path")
    svg.attr("d", path: fill)
    if let gradientID {
      svg.attr("fill", "url(#\(gradientID))")
    } else {
      svg.attr("fill", color: paint)
    }
    svg.attr("stroke", "none")
    svg.attr("aria-hidden", "true")
    svg.selfClose()
  }

  /// For a gradient along the value axis (90° in a vertical chart): from the plot edge farthest
  /// from the baseline (offset 0, the value end) to the baseline (offset 1), reflected beyond it, so
  /// that the colour depends on the distance from the baseline on both sides of it. Nil for other
  /// angles, which span the plot.
  static func valueAxisVector(_ gradient: GradientSpec, _ ctx: SeriesContext, base: Double) -> GradientSpec.Vector? {
    let plot = ctx.plot
    let horizontal = ctx.layout.horizontal
    guard gradient.angle == (horizontal ? 0 : 90) else { return nil }
    let b = SeriesContext.clampPixel(ctx.yScale.map(base))
    let (lo, hi) = horizontal ? (plot.minX, plot.maxX) : (plot.minY, plot.maxY)
    let start = b - lo >= hi - b ? lo : hi
    guard abs(start - b) >= 0.5 else { return nil }
    return horizontal ? GradientSpec.Vector(x1: start, y1: plot.minY, x2: b, y2: plot.minY)
      : GradientSpec.Vector(x1: plot.minX, y1: start, x2: plot.minX, y2: b)
  }

  /// Dots at every drawn point (zero-length segments with round caps: a few bytes per point), then
  /// the holes over them.
  private static func writeCircles(_ runs: [Run], _ style: LineStyle, _ ctx: SeriesContext, into svg: inout SVGWriter) {
    var dots = PathBuilder(capacity: ctx.indices.count * 16)
    for run in runs {
      for (k, p) in run.points.enumerated() where !ctx.isJoiningEntry(run.indices[k], in: ctx.indices) {
        dots.move(p.x, p.y)
        dots.horizontal(p.x)
      }
    }
    guard !dots.isEmpty else { return }
    writeDots(dots, diameter: 2 * style.circleRadius, color: ctx.color, into: &svg)
    if style.drawCircleHole, style.circleHoleRadius > 0, style.circleHoleRadius < style.circleRadius {
      writeDots(dots, diameter: 2 * style.circleHoleRadius, color: style.circleHoleColor ?? ctx.theme.background, into: &svg)
    }
  }

  /// One path of dots: zero-length segments stroked with round caps of the given diameter.
  static func writeDots(_ dots: PathBuilder, diameter: Double, color: Color, into svg: inout SVGWriter) {
    svg.open("path")
    svg.attr("d", path: dots)
    svg.attr("fill", "none")
    svg.attr("stroke", color: color)
    svg.attr("stroke-width", diameter)
    svg.attr("stroke-linecap", "round")
    svg.attr("aria-hidden", "true")
    svg.selfClose()
  }
}
