/// Gradients whose stops follow each bar's own colour (stops without `color`): every bar and
/// stack segment is shaded in its own colour, so per-entry colours and stacks keep them.
extension BarRenderer {
  /// Writes one gradient per colour and direction the chunk uses, in first-use order
  /// (`{region}-g0-0`, `{region}-g1-0`, `{region}-g0-1`, …), then the bars filled with them.
  static func writeOwnColorGradients(_ gradient: GradientSpec, _ ctx: SeriesContext, _ visible: [Int],
                                     _ placement: Placement, _ style: BarStyle, _ aria: AriaLabels,
                                     into svg: inout SVGWriter) {
    struct Painted {
      var entry: Int
      var bar: DrawnBar
      var gradientID: String
    }
    var colorNumber: [Color: Int] = [:]
    var written: Set<String> = []
    var defs = SVGWriter()
    var painted: [Painted] = []
    for i in visible {
      for bar in shapes(ctx, entry: i, placement, style) {
        let color = bar.segment.map { stackSegmentColor(model: ctx.model, dataSetIndex: ctx.dataSetIndex, segment: $0) }
          ?? ctx.color(ofEntry: i)
        let n = colorNumber[color] ?? colorNumber.count
        colorNumber[color] = n
        let id = "\(ctx.regionID)-\(gradientSuffix(bar.valueEnd))-\(n)"
        if written.insert(id).inserted {
          gradient.write(id: id, vector: gradientVector(bar.valueEnd, horizontal: ctx.layout.horizontal), userSpace: false,
                         own: color, into: &defs)
        }
        painted.append(Painted(entry: i, bar: bar, gradientID: id))
      }
    }
    guard !painted.isEmpty else { return }
    svg.open("defs")
    svg.close()
    svg.raw(defs)
    svg.end("defs")
    for p in painted {
      p.bar.shape.open(into: &svg)
      svg.attr("fill", "url(#\(p.gradientID))")
      writeBorder(ctx, style, into: &svg)
      writeAriaLabel(aria, ctx, entry: p.entry, p.bar, into: &svg)
      svg.selfClose()
    }
  }
}
