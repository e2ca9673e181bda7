extension LayoutEngine {
  /// Places the legend: in the band reserved for it (aligned with the plot) or over the plot.
  static func placeLegend(_ entries: [LegendEntry], total: Int, measured: LegendLayouter.Measured?,
                          placement: LegendLayouter.Placement, spec: LegendSpec, fontSize: Double, textColor: Color,
                          plot: Rect, area: Rect, canvas: Size, padding: Insets) -> LegendLayout {
    let inset = LegendLayouter.margin
    var m: LegendLayouter.Measured
    if placement == .inside {
      let share = sane(spec.maxSizePercent, 0.95, 0.1...1)
      m = LegendLayouter.measure(entries, total: total, spec, fontSize: fontSize, textColor: textColor,
                                 maxWidth: max(20, (plot.width - 2 * inset) * share),
                                 maxHeight: max(20, (plot.height - 2 * inset) * share))
    } else {
      m = measured ?? LegendLayouter.Measured(items: [], size: Size(width: 0, height: 0))
    }
    let w = m.size.width, h = m.size.height
    func alignX(_ lo: Double, _ hi: Double) -> Double {
      switch spec.horizontalAlignment {
      case .left: return lo
      case .center: return (lo + hi) / 2 - w / 2
      case .right: return hi - w
      }
    }
    func alignY(_ lo: Double, _ hi: Double) -> Double {
      switch spec.verticalAlignment {
      case .top: return lo
      case .center: return (lo + hi) / 2 - h / 2
      case .bottom: return hi - h
      }
    }
    var origin: Point
    switch placement {
    case .top: origin = Point(x: alignX(plot.minX, plot.maxX), y: area.minY)
    case .bottom: origin = Point(x: alignX(plot.minX, plot.maxX), y: area.maxY - h)
    case .left: origin = Point(x: area.minX, y: alignY(plot.minY, plot.maxY))
    case .right: origin = Point(x: area.maxX - w, y: alignY(plot.minY, plot.maxY))
    case .inside:
      origin = Point(x: alignX(plot.minX + inset, plot.maxX - inset), y: alignY(plot.minY + inset, plot.maxY - inset))
    }
    // Keep every item (and its hit rectangle) in the legend's space: beside the plot that is the
    // band left after the title, inside it the plot; and always on the canvas.
    let room = placement == .inside ? plot : area
    origin.x = min(max(origin.x, room.minX), max(room.minX, room.maxX - w))
    origin.y = min(max(origin.y, room.minY), max(room.minY, room.maxY - h))
    let pad = 3.0
    origin.x = min(max(origin.x, pad), max(pad, canvas.width - pad - w))
    origin.y = min(max(origin.y, pad), max(pad, canvas.height - pad - h))
    return LegendLayouter.place(m, at: origin, fontSize: fontSize, canvas: canvas)
  }
}
