import Foundation

/// Draws one axis: line, tick marks, tick labels, title and on-axis badges.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Where labels and title lines go is decided by `AxisTexts`.
public enum AxisRenderer {
  /// Draws `axis` along `plot`: the frame of every pane for the x axis, its own pane for a value axis.
  public static func render(axis: AxisLayout, plot: Rect, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    if axis.drawAxisLine { line(axis, plot: plot, into: &svg) }
    if axis.drawLabels {
      labels(axis, plot: plot, side: axis.side, into: &svg)
      if axis.style.mirrored { labels(axis, plot: plot, side: axis.side.opposite, into: &svg) }
    }
    if axis.drawLabels { title(axis: axis, plot: plot, theme: layout.theme, into: &svg) }
    if !axis.customLabels.isEmpty { customLabels(axis, plot: plot, into: &svg) }
    for badge in axis.badges { self.badge(badge, fontSize: axis.fontSize, into: &svg) }
  }

  /// Length in px of a custom label's tick mark.
  static let customTickLength = 4.0

  /// The axis's custom labels, outside the plot: per label a tick mark at its value and its text
  /// where a regular label would go (`AxisTexts.customLabels`).
  static func customLabels(_ axis: AxisLayout, plot: Rect, into svg: inout SVGWriter) {
    let texts = AxisTexts.customLabels(axis, plot: plot)
    svg.open("g")
    svg.attr("data-role", "custom-labels")
    svg.attr("font-size", axis.fontSize)
    svg.attr("text-anchor", texts.first?.anchor.rawValue ?? "middle")
    svg.close()
    for (l, text) in zip(axis.customLabels, texts) {
      var mark = PathBuilder()
      let p = Pixel.crisp(l.position, width: 1)
      switch axis.side {
      case .bottom:
        mark.move(p, plot.maxY)
        mark.vertical(plot.maxY + customTickLength)
      case .top:
        mark.move(p, plot.minY)
        mark.vertical(plot.minY - customTickLength)
      case .left:
        mark.move(plot.minX, p)
        mark.horizontal(plot.minX - customTickLength)
      case .right:
        mark.move(plot.maxX, p)
        mark.horizontal(plot.maxX + customTickLength)
      }
      svg.open("path")
      svg.attr("d", path: mark)
      svg.attr("stroke", color: l.color)
      svg.attr("stroke-width", 1)
      svg.selfClose()
      svg.textElement(text.text, x: text.x, y: text.y, anchor: nil, fontSize: nil, color: l.color)
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
    svg.attr("d", path: path)
    svg.attr("fill", "none")
    svg.attr("stroke", color: axis.style.lineColor)
    svg.attr("stroke-width", 1)
    svg.selfClose()
  }

  /// Tick labels on `side` (the axis's own side, or the opposite one for mirrored labels).
  static func labels(_ axis: AxisLayout, plot: Rect, side: AxisSide, into svg: inout SVGWriter) {
    let texts = AxisTexts.labels(axis, plot: plot, side: side)
    guard let first = texts.first else { return }
    svg.open("g")
    svg.attr("font-size", axis.fontSize)
    svg.attr("fill", color: axis.style.labelColor)
    svg.attr("text-anchor", first.anchor.rawValue)
    svg.close()
    for t in texts { text(t.text, x: t.x, y: t.y, rotation: t.rotation, into: &svg) }
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

  /// The axis title's lines at the outer edge of the band, along the axis; the labels' offset, the
  /// last line when they have one, in a group that holds its exact value (`data-label-offset`).
  static func title(axis: AxisLayout, plot: Rect, theme: Theme, into svg: inout SVGWriter) {
    let lines = AxisTexts.title(axis, plot: plot)
    // An emptied line (a title giving way where bands meet, `LayoutEngine.settleCorner`) keeps the
    // others in place and draws nothing.
    for (k, line) in lines.enumerated() where !line.text.isEmpty {
      let offset = k == lines.count - 1 ? axis.labelOffset : nil
      if let offset {
        svg.open("g")
        svg.attr("data-label-offset", "\(offset)")
        svg.close()
      }
      svg.textElement(line.text, x: line.x, y: line.y, anchor: line.anchor.rawValue, fontSize: line.fontSize,
                      color: theme.text, rotate: line.rotation)
      if offset != nil { svg.end("g") }
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
