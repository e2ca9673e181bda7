/// Draws one legend item: form and label, dimmed when its data set is hidden.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// A transparent rectangle over the hit area lets a browser deliver clicks anywhere on the item;
/// a dimmed item keeps its place and size, drawn faded with a hollow form.
public enum LegendRenderer {
  public static func render(item: LegendItemLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let fs = layout.legend?.fontSize ?? model.spec.fontSize
    svg.open("rect")
    svg.attr("x", item.hitRect.x)
    svg.attr("y", item.hitRect.y)
    svg.attr("width", item.hitRect.width)
    svg.attr("height", item.hitRect.height)
    svg.attr("fill", "transparent")
    svg.selfClose()
    if item.dimmed {
      svg.open("g")
      svg.attr("opacity", 0.45)
      svg.close()
    }
    form(item, into: &svg)
    svg.textElement(item.label, x: item.textOrigin.x, y: item.textOrigin.y, fontSize: fs, color: item.textColor)
    if item.dimmed { svg.end("g") }
  }

  static func form(_ item: LegendItemLayout, into svg: inout SVGWriter) {
    let r = item.formRect
    guard r.width > 0, r.height > 0 else { return }
    switch item.form {
    case .none:
      return
    case .square:
      svg.open("rect")
      svg.attr("x", r.x)
      svg.attr("y", r.y)
      svg.attr("width", r.width)
      svg.attr("height", r.height)
      svg.attr("rx", 1.5)
      paint(item, into: &svg)
      svg.selfClose()
    case .circle:
      svg.open("circle")
      svg.attr("cx", r.midX)
      svg.attr("cy", r.midY)
      svg.attr("r", r.height / 2)
      paint(item, into: &svg)
      svg.selfClose()
    case .line:
      var path = PathBuilder()
      path.move(r.minX, r.midY)
      path.horizontal(r.maxX)
      svg.open("path")
      svg.attr("d", path: path)
      svg.attr("fill", "none")
      svg.attr("stroke", color: item.color)
      svg.attr("stroke-width", 2)
      svg.selfClose()
    }
  }

  /// Filled normally; a hollow outline when dimmed, so a hidden data set reads as "off".
  static func paint(_ item: LegendItemLayout, into svg: inout SVGWriter) {
    if item.dimmed {
      svg.attr("fill", "none")
      svg.attr("stroke", color: item.color)
      svg.attr("stroke-width", 1.5)
    } else {
      svg.attr("fill", color: item.color)
    }
  }
}
