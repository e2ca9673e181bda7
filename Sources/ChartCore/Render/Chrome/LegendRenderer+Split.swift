/// Forms of two colours: a candlestick data set's item shows its rising candles' colour on the left
/// half of its form and its falling candles' on the right, the colours its chart is drawn in.
extension LegendRenderer {
  /// The item's form as two halves, `item.color` on the left and `right` on the right; hollow
  /// outlines when the item is dimmed, as a one-colour form is.
  static func splitForm(_ item: LegendItemLayout, right: Color, into svg: inout SVGWriter) {
    let r = item.formRect
    guard item.form != .none else { return }
    for (half, color) in [(0, item.color), (1, right)] {
      var path = PathBuilder()
      switch item.form {
      case .none:
        return
      case .line:
        path.move(half == 0 ? r.minX : r.midX, r.midY)
        path.horizontal(half == 0 ? r.midX : r.maxX)
      case .circle:
        // A half disc: the vertical diameter, then the arc round the half's side, in two quarter
        // turns (a half turn's bulge moves with the rounding of its ends).
        let radius = r.height / 2
        path.move(r.midX, r.midY - radius)
        path.arc(rx: radius, ry: radius, largeArc: false, sweep: half == 1, half == 1 ? r.midX + radius : r.midX - radius, r.midY)
        path.arc(rx: radius, ry: radius, largeArc: false, sweep: half == 1, r.midX, r.midY + radius)
        path.closePath()
      case .square:
        halfRect(r, right: half == 1, into: &path)
      }
      svg.open("path")
      svg.attr("d", path: path)
      if item.form == .line {
        svg.attr("fill", "none")
        svg.attr("stroke", color: color)
        svg.attr("stroke-width", 2)
      } else {
        var one = item
        one.color = color
        paint(one, fill: nil, into: &svg)
      }
      svg.selfClose()
    }
  }

  /// One half of the square form's rounded rectangle (corner radius 1.5, as the square's): the
  /// corners on the half's outer side rounded, the edge along the middle straight.
  private static func halfRect(_ r: Rect, right: Bool, into path: inout PathBuilder) {
    let radius = min(1.5, r.width / 4, r.height / 2)
    let outer = right ? r.maxX : r.minX, inner = r.midX
    // Inward from the outer edge: +1 for the left half, -1 for the right one.
    let inward = right ? -1.0 : 1.0
    path.move(inner, r.minY)
    path.horizontal(outer + inward * radius)
    path.arc(rx: radius, ry: radius, largeArc: false, sweep: right, outer, r.minY + radius)
    path.vertical(r.maxY - radius)
    path.arc(rx: radius, ry: radius, largeArc: false, sweep: right, outer + inward * radius, r.maxY)
    path.horizontal(inner)
    path.closePath()
  }
}
