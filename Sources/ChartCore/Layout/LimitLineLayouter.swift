/// Resolves limit lines to pixels: a line across its pane at the value, and its in-pane label.
enum LimitLineLayouter {
  /// `plot`: the main pane's rectangle; `panes`: the lower panes, each with its axis.
  static func layout(_ spec: ChartSpec, x: AxisLayout?, left: AxisLayout?, right: AxisLayout?, plot main: Rect,
                     panes: [PaneLayout] = [], theme: Theme) -> [LimitLineLayout] {
    var out: [LimitLineLayout] = []
    for line in spec.limitLines where line.value.isFinite {
      let pane = spec.drawnPane(line.pane)
      guard pane <= panes.count else { continue }
      let plot = pane == 0 ? main : panes[pane - 1].rect
      let axis: AxisLayout?
      switch spec.valueAxis(of: line) {
      case nil: axis = x
      case .left: axis = left ?? right
      case .right: axis = right ?? left
      case .pane(let k): axis = panes[k - 1].axis
      }
      guard let axis, axis.scale.contains(line.value) else { continue }
      let width = line.width.isFinite ? min(max(line.width, 0.1), 20) : 1
      let p = Pixel.crisp(axis.scale.map(line.value), width: width)
      // A horizontal axis (x normally, values in horizontal bar charts) gets a vertical line.
      let vertical = axis.side.isHorizontal
      let from = vertical ? Point(x: p, y: plot.minY) : Point(x: plot.minX, y: p)
      let to = vertical ? Point(x: p, y: plot.maxY) : Point(x: plot.maxX, y: p)
      let fs = LayoutEngine.fontSize(nil, spec)
      let color = line.color ?? theme.limitLine
      let text = line.labelPosition == .axis ? nil : line.label.flatMap { $0.isEmpty ? nil : $0 }
      let cap = TextMetrics.capHeight * fs
      let inset = 4.0 + width / 2
      var origin = Point(x: 0, y: 0)
      var anchor = "start"
      var left = line.labelPosition == .leftTop || line.labelPosition == .leftBottom
      var top = line.labelPosition == .leftTop || line.labelPosition == .rightTop
      // The label is clipped to the plot with the line: a side of the line without room for it
      // (a line at or near a plot edge) would hide it, so it goes on the other side instead.
      if vertical {
        // Beside the line, at the top or bottom of the plot.
        let textWidth = text.map { TextMetrics.width($0, fontSize: fs) } ?? 0
        let roomLeft = p - inset - plot.minX, roomRight = plot.maxX - p - inset
        left = left ? keepsSide(room: roomLeft, need: textWidth, otherRoom: roomRight, otherNeed: textWidth)
          : !keepsSide(room: roomRight, need: textWidth, otherRoom: roomLeft, otherNeed: textWidth)
        origin.x = left ? p - inset : p + inset
        anchor = left ? "end" : "start"
        origin.y = top ? plot.minY + 4 + cap : plot.maxY - 4
      } else {
        // Above or below the line, at the left or right end of the plot. Above, the capitals rise
        // from the baseline; below, the descenders hang under it as well.
        let below = cap + TextMetrics.descender * fs
        let roomAbove = p - inset - plot.minY, roomBelow = plot.maxY - p - inset
        top = top ? keepsSide(room: roomAbove, need: cap, otherRoom: roomBelow, otherNeed: below)
          : !keepsSide(room: roomBelow, need: below, otherRoom: roomAbove, otherNeed: cap)
        origin.x = left ? plot.minX + 4 : plot.maxX - 4
        anchor = left ? "start" : "end"
        origin.y = top ? p - inset : p + inset + cap
      }
      out.append(LimitLineLayout(
        from: from, to: to, color: color, width: width, dash: line.dash, inFront: line.inFront, label: text,
        labelOrigin: Point(x: Pixel.round(origin.x), y: Pixel.round(origin.y)), labelAnchor: anchor,
        labelColor: line.labelColor ?? color, fontSize: fs, pane: pane))
    }
    return out
  }

  /// Whether a label stays on its requested side of the line: when it fits there; otherwise it
  /// moves when it fits on the other side, and when it fits on neither, goes where more of it shows.
  static func keepsSide(room: Double, need: Double, otherRoom: Double, otherNeed: Double) -> Bool {
    if room >= need { return true }
    if otherRoom >= otherNeed { return false }
    return room - need >= otherRoom - otherNeed
  }
}
