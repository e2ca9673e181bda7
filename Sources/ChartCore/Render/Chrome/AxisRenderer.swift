import Foundation

/// Draws one axis: line, tick marks, tick labels, title and on-axis badges.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Label geometry: on a horizontal axis a label is centred on `position + labelShift` (or, rotated,
/// ends there); on a vertical axis its baseline is at `position + labelShift`.
public enum AxisRenderer {
  public static func render(axis: AxisLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let plot = layout.plot
    if axis.drawAxisLine { line(axis, plot: plot, into: &svg) }
    if axis.drawLabels {
      labels(axis, plot: plot, side: axis.side, into: &svg)
      if axis.style.mirrored { labels(axis, plot: plot, side: axis.side.opposite, into: &svg) }
    }
    if axis.drawLabels, let title = axis.title { self.title(title, axis: axis, plot: plot, theme: layout.theme, into: &svg) }
    if !axis.customLabels.isEmpty { customLabels(axis, plot: plot, into: &svg) }
    for badge in axis.badges { self.badge(badge, fontSize: axis.fontSize, into: &svg) }
  }

  /// Length in px of a custom label's tick mark.
  static let customTickLength = 4.0

  /// The axis's custom labels, outside the plot: per label a tick mark at its value and its text
  /// where a regular label would go (moved along the axis only to stay on the canvas).
  static func customLabels(_ axis: AxisLayout, plot: Rect, into svg: inout SVGWriter) {
    let fs = axis.fontSize
    let gap = axis.style.tickLength + axis.style.labelOffset
    let anchor: String
    switch axis.side {
    case .bottom, .top: anchor = "middle"
    case .left: anchor = "end"
    case .right: anchor = "start"
    }
    svg.open("g")
    svg.attr("data-role", "custom-labels")
    svg.attr("font-size", fs)
    svg.attr("text-anchor", anchor)
    svg.close()
    for l in axis.customLabels {
      var mark = PathBuilder()
      let p = Pixel.crisp(l.position, width: 1)
      let x: Double, y: Double
      switch axis.side {
      case .bottom:
        mark.move(p, plot.maxY)
        mark.vertical(plot.maxY + customTickLength)
        (x, y) = (l.center, plot.maxY + gap + TextMetrics.capHeight * fs)
      case .top:
        mark.move(p, plot.minY)
        mark.vertical(plot.minY - customTickLength)
        (x, y) = (l.center, plot.minY - gap - TextMetrics.descender * fs)
      case .left:
        mark.move(plot.minX, p)
        mark.horizontal(plot.minX - customTickLength)
        (x, y) = (plot.minX - gap, l.center + TextMetrics.centeringOffset(fontSize: fs))
      case .right:
        mark.move(plot.maxX, p)
        mark.horizontal(plot.maxX + customTickLength)
        (x, y) = (plot.maxX + gap, l.center + TextMetrics.centeringOffset(fontSize: fs))
      }
      svg.open("path")
      svg.attr("d", mark.data)
      svg.attr("stroke", color: l.color)
      svg.attr("stroke-width", 1)
      svg.selfClose()
      svg.textElement(l.text, x: x, y: Pixel.round(y), anchor: nil, fontSize: nil, color: l.color)
    }
    svg.end("g")
  }

  /// The axis line along the plot edge and the tick marks pointing away from the plot.
  static func line(_ axis: AxisLayout, plot: Rect, into svg: inout SVGWriter) {
    var path = PathBuilder()
    let t = axis.style.tickLength
    switch axis.side {
    case .bottom, .top:
      let y = Pixel.crisp(axis.side == .bottom ? plot.maxY : plot.minY, width: 1)
      path.move(plot.minX, y)
      path.horizontal(plot.maxX)
      if t > 0 {
        let dir = axis.side == .bottom ? t : -t
        for tick in axis.ticks {
          path.move(Pixel.crisp(tick.position, width: 1), y)
          path.vertical(y + dir)
        }
      }
    case .left, .right:
      let x = Pixel.crisp(axis.side == .left ? plot.minX : plot.maxX, width: 1)
      path.move(x, plot.minY)
      path.vertical(plot.maxY)
      if t > 0 {
        let dir = axis.side == .left ? -t : t
        for tick in axis.ticks {
          path.move(x, Pixel.crisp(tick.position, width: 1))
          path.horizontal(x + dir)
        }
      }
    }
    svg.open("path")
    svg.attr("d", path.data)
    svg.attr("fill", "none")
    svg.attr("stroke", color: axis.style.lineColor)
    svg.attr("stroke-width", 1)
    svg.selfClose()
  }

  /// Tick labels on `side` (the axis's own side, or the opposite one for mirrored labels).
  static func labels(_ axis: AxisLayout, plot: Rect, side: AxisSide, into svg: inout SVGWriter) {
    let fs = axis.fontSize
    let ticks = axis.ticks.filter { !$0.label.isEmpty }
    guard !ticks.isEmpty else { return }
    let gap = axis.style.tickLength + axis.style.labelOffset
    let rotation = side.isHorizontal ? axis.labelRotation : 0
    let rotated = abs(rotation) >= 1
    let anchor: String
    switch side {
    case .bottom, .top: anchor = rotated ? (side == .bottom ? "end" : "start") : "middle"
    case .left: anchor = axis.labelsInside ? "start" : "end"
    case .right: anchor = axis.labelsInside ? "end" : "start"
    }
    svg.open("g")
    svg.attr("font-size", fs)
    svg.attr("fill", color: axis.style.labelColor)
    svg.attr("text-anchor", anchor)
    svg.close()
    let theta = rotation * .pi / 180
    // Half the cap height: rotated labels are placed so that the middle of their glyphs meets the tick.
    let c = TextMetrics.capHeight * fs / 2
    for t in ticks {
      var x: Double, y: Double
      switch side {
      case .bottom where axis.labelsInside:
        x = t.position + t.labelShift
        y = plot.maxY - axis.style.labelOffset - TextMetrics.descender * fs
      case .bottom:
        let y0 = plot.maxY + gap
        if rotated {
          x = t.position - c * sin(theta)
          y = y0 + c * cos(theta)
        } else {
          x = t.position + t.labelShift
          y = y0 + TextMetrics.capHeight * fs
        }
      case .top:
        let y0 = plot.minY - gap
        if rotated {
          x = t.position - c * sin(theta)
          y = y0 + c * cos(theta)
        } else {
          x = t.position + t.labelShift
          y = y0 - TextMetrics.descender * fs
        }
      case .left:
        x = axis.labelsInside ? plot.minX + axis.style.labelOffset : plot.minX - gap
        y = t.position + t.labelShift
      case .right:
        x = axis.labelsInside ? plot.maxX - axis.style.labelOffset : plot.maxX + gap
        y = t.position + t.labelShift
      }
      text(t.label, x: x, y: y, rotation: rotated ? rotation : 0, into: &svg)
    }
    svg.end("g")
  }

  /// A bare `<text>` (size, colour and anchor come from the enclosing group).
  static func text(_ s: String, x: Double, y: Double, rotation: Double, into svg: inout SVGWriter) {
    svg.open("text")
    svg.attr("x", x)
    svg.attr("y", y)
    if rotation != 0 {
      var t = SVGWriter()
      t.raw("rotate(")
      t.number(rotation)
      t.raw(" ")
      t.number(x)
      t.raw(" ")
      t.number(y)
      t.raw(")")
      svg.attr("transform", t.output)
    }
    svg.close()
    svg.text(s)
    svg.end("text")
  }

  /// The axis title at the outer edge of the band, along the axis.
  static func title(_ title: String, axis: AxisLayout, plot: Rect, theme: Theme, into svg: inout SVGWriter) {
    let fs = axis.style.titleFontSize
    let b = axis.band
    switch axis.side {
    case .bottom:
      svg.textElement(title, x: plot.midX, y: b.maxY - TextMetrics.descender * fs, anchor: "middle", fontSize: fs, color: theme.text)
    case .top:
      svg.textElement(title, x: plot.midX, y: b.minY + TextMetrics.ascender * fs, anchor: "middle", fontSize: fs, color: theme.text)
    case .left:
      svg.textElement(title, x: b.minX + TextMetrics.ascender * fs, y: plot.midY, anchor: "middle", fontSize: fs,
                      color: theme.text, rotate: -90)
    case .right:
      svg.textElement(title, x: b.maxX - TextMetrics.ascender * fs, y: plot.midY, anchor: "middle", fontSize: fs,
                      color: theme.text, rotate: 90)
    }
  }

  /// A filled box with its text centred: the on-axis label of a limit line.
  static func badge(_ badge: AxisBadge, fontSize fs: Double, into svg: inout SVGWriter) {
    let r = badge.box
    svg.open("rect")
    svg.attr("x", r.x)
    svg.attr("y", r.y)
    svg.attr("width", r.width)
    svg.attr("height", r.height)
    svg.attr("rx", 2)
    svg.attr("fill", color: badge.background)
    svg.selfClose()
    svg.textElement(badge.text, x: r.midX, y: r.midY + TextMetrics.centeringOffset(fontSize: fs), anchor: "middle",
                    fontSize: fs, color: badge.textColor)
  }
}
