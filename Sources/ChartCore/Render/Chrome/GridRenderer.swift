/// Draws grid lines of all axes and the zero line.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Lines of one axis are one path; 1-px lines sit on half pixels so that they stay crisp.
public enum GridRenderer {
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let plot = layout.plot
    // The x grid runs down every pane, not through the gaps between them.
    if let x = layout.x, x.drawGrid { for rect in layout.paneRects { lines(x, plot: rect, into: &svg) } }
    // One value grid per pane: the main pane's left axis's, or its right's when the left draws none.
    if let l = layout.left, l.drawGrid {
      lines(l, plot: plot, into: &svg)
    } else if let r = layout.right, r.drawGrid {
      lines(r, plot: plot, into: &svg)
    }
    for pane in layout.panes where pane.axis.drawGrid { lines(pane.axis, plot: pane.rect, into: &svg) }
    let valueAxes = [layout.left, layout.right].compactMap { $0 }.map { ($0, plot) } + layout.panes.map { ($0.axis, $0.rect) }
    for (axis, rect) in valueAxes {
      guard let z = axis.style.zeroLine else { continue }
      var path = PathBuilder()
      segment(&path, at: z, across: axis.side, plot: rect)
      stroke(path, color: axis.style.zeroLineColor, dash: [], into: &svg)
    }
  }

  /// The grid lines of one axis's ticks, after its minor lines (fainter, so that ticks stay the landmarks).
  static func lines(_ axis: AxisLayout, plot: Rect, into svg: inout SVGWriter) {
    if !axis.minorGrid.isEmpty {
      var minor = PathBuilder(capacity: axis.minorGrid.count * 16)
      for p in axis.minorGrid { segment(&minor, at: p, across: axis.side, plot: plot) }
      let c = axis.style.gridColor
      stroke(minor, color: c.withAlpha(c.alpha * 0.5), dash: axis.style.gridDash, into: &svg)
    }
    var path = PathBuilder(capacity: axis.ticks.count * 16)
    for t in axis.ticks { segment(&path, at: t.position, across: axis.side, plot: plot) }
    stroke(path, color: axis.style.gridColor, dash: axis.style.gridDash, into: &svg)
  }

  /// A line across the plot at `p`: vertical for a horizontal axis, horizontal for a vertical one.
  static func segment(_ path: inout PathBuilder, at p: Double, across side: AxisSide, plot: Rect) {
    let c = Pixel.crisp(p, width: 1)
    if side.isHorizontal {
      path.move(c, plot.minY)
      path.vertical(plot.maxY)
    } else {
      path.move(plot.minX, c)
      path.horizontal(plot.maxX)
    }
  }

  static func stroke(_ path: PathBuilder, color: Color, dash: [Double], into svg: inout SVGWriter) {
    guard !path.isEmpty else { return }
    svg.open("path")
    svg.attr("d", path: path)
    svg.attr("fill", "none")
    svg.attr("stroke", color: color)
    svg.attr("stroke-width", 1)
    svg.dashAttr(dash)
    svg.selfClose()
  }
}
