/// Draws one legend item: form and label, dimmed when its data set is hidden.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// A transparent rectangle over the hit area lets a browser deliver clicks anywhere on the item;
/// a dimmed item keeps its place and size, drawn faded with a hollow form. The filled form of an
/// item whose bars are filled with a gradient shows that gradient, as an upright bar (a rightward
/// one in a horizontal chart) has it: value end at the top (right), base at the bottom (left). An
/// item of two colours (`split`, a candlestick set's) paints the form's halves in one each.
public enum LegendRenderer {
  /// - Parameter id: the item's region id; its gradient is `{id}-g`.
  public static func render(item: LegendItemLayout, id: String, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
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
    var fill: String? = nil
    if let gradient = item.gradient, !item.dimmed, item.form == .square || item.form == .circle {
      let gid = id + "-g"
      svg.open("defs")
      svg.close()
      let vector = layout.horizontal ? GradientSpec.Vector(x1: 1, y1: 0, x2: 0, y2: 0) : GradientSpec.Vector(x1: 0, y1: 0, x2: 0, y2: 1)
      gradient.write(id: gid, vector: vector, userSpace: false, own: item.color, into: &svg)
      svg.end("defs")
      fill = "url(#\(gid))"
    }
    form(item, fill: fill, into: &svg)
    svg.textElement(item.label, x: item.textOrigin.x, y: item.textOrigin.y, fontSize: fs, color: item.textColor)
    if item.dimmed { svg.end("g") }
  }

  /// - Parameter fill: paints a filled form in place of the item's colour (a gradient's `url(#…)`).
  static func form(_ item: LegendItemLayout, fill: String? = nil, into svg: inout SVGWriter) {
    let r = item.formRect
    guard r.width > 0, r.height > 0 else { return }
    if let right = item.split {
      splitForm(item, right: right, into: &svg)
      return
    }
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
      paint(item, fill: fill, into: &svg)
      svg.selfClose()
    case .circle:
      svg.open("circle")
      svg.attr("cx", r.midX)
      svg.attr("cy", r.midY)
      svg.attr("r", r.height / 2)
      paint(item, fill: fill, into: &svg)
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
  static func paint(_ item: LegendItemLayout, fill: String?, into svg: inout SVGWriter) {
    if item.dimmed {
      svg.attr("fill", "none")
      svg.attr("stroke", color: item.color)
      svg.attr("stroke-width", 1.5)
    } else if let fill {
      svg.attr("fill", fill)
    } else {
      svg.attr("fill", color: item.color)
    }
  }
}
