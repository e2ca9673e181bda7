/// Draws highlight lines, bar overlays, bubble rings, enlarged pie slices and radar vertex rings for
/// the spec's highlights.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Highlights that do not resolve (see `HighlightTarget`) draw nothing.
public enum HighlightRenderer {
  /// Writes one element per highlight that resolves, in the order of `spec.highlights`.
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let style = model.spec.highlightStyle
    var highlights = model.spec.highlights[...]
    if model.spec.usesAxisTooltip, !highlights.isEmpty {
      // The first highlight names the axis tooltip's x: a pointer line replaces its own lines.
      highlights = highlights.dropFirst()
      if let t = AxisTooltip.resolve(model, layout) { AxisTooltipRenderer.pointer(t, model: model, layout: layout, into: &svg) }
    }
    for h in highlights {
      guard let target = HighlightTarget.resolve(h, model, layout) else { continue }
      let id = model.spec.dataSets[target.dataSetIndex].id
      switch target.shape {
      case .point(let p):
        lines(through: p, pane: layout.plotRect(model.valueAxis(of: target.dataSetIndex)), style, layout, dataSet: id,
              entry: target.entry, into: &svg)
      case .bar(let shape):
        guard shape.rect.width > 0, shape.rect.height > 0 else { continue }  // clipped away, or a zero bar
        shape.open(into: &svg)
        // A dark veil in light themes (a light one in dark themes) reads on any bar colour.
        svg.attr("fill", color: (style.color ?? layout.theme.text).withAlpha(style.barOverlayOpacity))
        tag(&svg, id, target.entry)
        svg.selfClose()
      case .bubble(let c, let r):
        let width = max(style.lineWidth, 1.5)
        svg.open("circle")
        svg.attr("cx", c.x); svg.attr("cy", c.y); svg.attr("r", r + 2 + width / 2)
        svg.attr("fill", "none")
        svg.attr("stroke", color: style.color ?? layout.theme.highlight)
        svg.attr("stroke-width", width)
        svg.dashAttr(style.dash)
        tag(&svg, id, target.entry)
        svg.selfClose()
      case .slice(let slice, let result):
        pieSlice(slice, result, model, layout, dataSet: id, into: &svg)
      case .vertex(let c):
        // A dot of the data set's colour in a ring of the highlight colour (iOS Charts' highlight circle).
        svg.open("circle")
        svg.attr("cx", c.x); svg.attr("cy", c.y); svg.attr("r", HighlightTarget.vertexRingRadius)
        svg.attr("fill", color: model.color(of: target.dataSetIndex))
        svg.attr("stroke", color: style.color ?? layout.theme.highlight)
        svg.attr("stroke-width", max(style.lineWidth, 2))
        svg.dashAttr(style.dash)
        tag(&svg, id, target.entry)
        svg.selfClose()
      }
    }
  }

  /// Lines through `p`: a vertical one down every pane (the panes share the x axis, as ECharts links
  /// their pointers) and/or a horizontal one across the point's own pane.
  private static func lines(through p: Point, pane: Rect, _ style: HighlightStyle, _ layout: ChartLayout, dataSet: String,
                            entry: Int, into svg: inout SVGWriter) {
    guard style.lineWidth > 0, style.verticalLine || style.horizontalLine else { return }
    var path = PathBuilder()
    if style.verticalLine {
      for rect in layout.paneRects { path.move(p.x, rect.minY); path.vertical(rect.maxY) }
    }
    if style.horizontalLine { path.move(pane.minX, p.y); path.horizontal(pane.maxX) }
    svg.open("path")
    svg.attr("d", path: path)
    lineStroke(style, layout, into: &svg)
    tag(&svg, dataSet, entry)
    svg.selfClose()
  }

  /// The paint of highlight lines (and of the axis tooltip's pointer): unfilled, in the highlight
  /// style's colour, width and dashes.
  static func lineStroke(_ style: HighlightStyle, _ layout: ChartLayout, into svg: inout SVGWriter) {
    svg.attr("fill", "none")
    svg.attr("stroke", color: style.color ?? layout.theme.highlight)
    svg.attr("stroke-width", style.lineWidth)
    svg.dashAttr(style.dash)
  }

  /// The slice again, reaching `selectionShift` px beyond the rim (`PieRenderer.highlightShape`),
  /// with its inside labels on top.
  private static func pieSlice(_ slice: PieSlice, _ result: PieSlices.Result, _ model: ChartModel, _ layout: ChartLayout,
                               dataSet: String, into svg: inout SVGWriter) {
    guard let pie = layout.pie, pie.radius > 0 else { return }
    let spec = model.spec
    guard let d = PieRenderer.highlightShape(slice, result, pie, spec).path() else { return }
    svg.open("path")
    svg.attr("d", d)
    svg.attr("fill", color: slice.color)
    tag(&svg, dataSet, slice.index)
    svg.selfClose()
    PieRenderer.insideLabels(slice, pie, spec, into: &svg)
  }

  private static func tag(_ svg: inout SVGWriter, _ dataSet: String, _ entry: Int) {
    svg.attr("data-dataset", dataSet)
    svg.attr("data-entry", Double(entry))
  }
}
