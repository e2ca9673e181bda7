/// Draws the limit lines behind (front false) or in front of the data; the in-plot labels of every
/// line go with those in front.
///
/// A label drawn with a line behind the data would be hidden by the bars or areas it labels, so every
/// label is written over the data, whichever side its line is on.
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// On-axis labels are badges of the axis and drawn by `AxisRenderer`.
public enum LimitLineRenderer {
  /// - Parameter pane: only the lines of this pane (nil: every line).
  public static func render(front: Bool, pane: Int? = nil, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    for line in layout.limitLines where line.inFront == front && (pane == nil || line.pane == pane) {
      var path = PathBuilder()
      path.move(line.from.x, line.from.y)
      path.line(line.to.x, line.to.y)
      svg.open("path")
      svg.attr("d", path: path)
      svg.attr("fill", "none")
      svg.attr("stroke", color: line.color)
      svg.attr("stroke-width", line.width)
      svg.dashAttr(line.dash)
      svg.selfClose()
    }
    guard front else { return }
    for line in layout.limitLines where pane == nil || line.pane == pane {
      guard let label = line.label else { continue }
      svg.textElement(label, x: line.labelOrigin.x, y: line.labelOrigin.y, anchor: line.labelAnchor,
                      fontSize: line.fontSize, color: line.labelColor)
    }
  }

  /// Whether the region in front (`front`) or behind the data draws anything of `line`.
  static func draws(_ line: LimitLineLayout, front: Bool) -> Bool {
    line.inFront == front || (front && line.label != nil)
  }
}
