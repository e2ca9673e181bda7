/// Draws an axis tooltip (`marker.trigger: "axis"`): the box listing every visible data set at the
/// highlighted x (in the marker region) and the pointer line across the plot at that x (in the
/// highlight region).
///
/// Pure functions of the resolved `AxisTooltip` and the layout, which is what `RegionInputs`
/// compares for these regions.
enum AxisTooltipRenderer {
  /// The box: header, then a swatch, label and values per data set.
  static func box(_ t: AxisTooltip, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    guard model.spec.marker.enabled,
          let placed = AxisTooltipBox.place(t, canvas: layout.canvas, plot: layout.frame, fontSize: model.spec.fontSize,
                                            horizontal: layout.horizontal) else { return }
    let theme = layout.theme
    let b = placed.box
    let r = min(AxisTooltipBox.cornerRadius, b.width / 2, b.height / 2)
    svg.open("rect")
    svg.attr("x", b.x); svg.attr("y", b.y); svg.attr("width", b.width); svg.attr("height", b.height)
    svg.attr("rx", r)
    svg.attr("fill", color: theme.markerBackground)
    svg.attr("fill-opacity", 0.92)
    svg.attr("data-x", t.x)
    svg.selfClose()
    for s in placed.swatches {
      svg.open("circle")
      svg.attr("cx", s.center.x); svg.attr("cy", s.center.y); svg.attr("r", s.radius)
      svg.attr("fill", color: s.color)
      // A thin ring in the text colour keeps a swatch visible when its colour is the box's.
      svg.attr("stroke", color: theme.markerText.withAlpha(0.6))
      svg.attr("stroke-width", 0.75)
      svg.attr("data-dataset", s.dataSet)
      svg.selfClose()
    }
    for text in placed.texts {
      svg.open("text")
      svg.attr("x", text.x)
      svg.attr("y", text.baseline)
      if text.anchorEnd { svg.attr("text-anchor", "end") }
      svg.attr("font-size", placed.font)
      svg.attr("fill", color: theme.markerText)
      if text.bold { svg.attr("font-weight", "600") } else { svg.attr("fill-opacity", 0.85) }
      svg.close()
      svg.text(text.text)
      svg.end("text")
    }
  }

  /// The pointer: a line across the plot at the highlighted x, in the highlight style (down every pane).
  static func pointer(_ t: AxisTooltip, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let style = model.spec.highlightStyle
    guard style.lineWidth > 0 else { return }
    var path = PathBuilder()
    if layout.horizontal {
      let plot = layout.plot
      path.move(plot.minX, t.position); path.horizontal(plot.maxX)
    } else {
      for rect in layout.paneRects { path.move(t.position, rect.minY); path.vertical(rect.maxY) }
    }
    svg.open("path")
    svg.attr("d", path: path)
    HighlightRenderer.lineStroke(style, layout, into: &svg)
    svg.attr("data-role", "axis-pointer")
    svg.attr("data-x", t.x)
    svg.selfClose()
  }
}
