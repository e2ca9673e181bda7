/// A bar or stack segment in pixels with the ends that are rounded: a `<rect>` when no corner is
/// rounded, else a `<path>` with arcs at the rounded corners only.
struct BarShape: Equatable {
  /// An end of a bar, named by the rectangle edge it lies on.
  enum End: Equatable {
    case minY, maxY, minX, maxX

    /// The opposite end.
    var opposite: End {
      switch self {
      case .minY: return .maxY
      case .maxY: return .minY
      case .minX: return .maxX
      case .maxX: return .minX
      }
    }

    var isVertical: Bool { self == .minY || self == .maxY }
  }

  var rect: Rect
  /// Corner radii: top-left, top-right, bottom-right, bottom-left.
  var topLeft = 0.0, topRight = 0.0, bottomRight = 0.0, bottomLeft = 0.0

  /// A bar spanning `rect`, with the given ends rounded by `radius` px.
  ///
  /// The radius is clamped so that corners never overlap: at most half the bar's width, and at most
  /// its length (one rounded end) or half its length (both ends).
  init(rect: Rect, rounding ends: [End], radius: Double) {
    self.rect = rect
    guard radius > 0, radius.isFinite, let firstEnd = ends.first else { return }
    let across = firstEnd.isVertical ? rect.width : rect.height
    let length = firstEnd.isVertical ? rect.height : rect.width
    let r = min(radius, across / 2, ends.count > 1 ? length / 2 : length)
    guard r > 0 else { return }
    for end in ends {
      switch end {
      case .minY: topLeft = r; topRight = r
      case .maxY: bottomLeft = r; bottomRight = r
      case .minX: topLeft = r; bottomLeft = r
      case .maxX: topRight = r; bottomRight = r
      }
    }
  }

  var isSquare: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }

  /// Whether `p` lies in the painted area: inside the rectangle and not in a rounded-off corner.
  /// A shape without area paints nothing, so it contains nothing.
  func contains(_ p: Point) -> Bool {
    guard rect.width > 0, rect.height > 0, rect.contains(p) else { return false }
    // Each corner: its radius, the arc's centre, and on which side of the centre the cut-off lies.
    let corners = [(topLeft, rect.minX + topLeft, rect.minY + topLeft, -1.0, -1.0),
                   (topRight, rect.maxX - topRight, rect.minY + topRight, 1.0, -1.0),
                   (bottomRight, rect.maxX - bottomRight, rect.maxY - bottomRight, 1.0, 1.0),
                   (bottomLeft, rect.minX + bottomLeft, rect.maxY - bottomLeft, -1.0, 1.0)]
    for (r, cx, cy, sx, sy) in corners where r > 0 {
      let dx = p.x - cx, dy = p.y - cy
      if dx * sx > 0, dy * sy > 0, dx * dx + dy * dy > r * r { return false }
    }
    return true
  }

  /// Writes `<rect x y width height` or `<path d`; the caller adds paint attributes and closes it.
  func open(into svg: inout SVGWriter) {
    let x = rect.x, y = rect.y, w = rect.width, h = rect.height
    if isSquare {
      svg.open("rect")
      svg.attr("x", x)
      svg.attr("y", y)
      svg.attr("width", w)
      svg.attr("height", h)
      return
    }
    var p = PathBuilder(capacity: 96)
    p.move(x + topLeft, y)
    p.horizontal(x + w - topRight)
    if topRight > 0 { p.arc(rx: topRight, ry: topRight, largeArc: false, sweep: true, x + w, y + topRight) }
    p.vertical(y + h - bottomRight)
    if bottomRight > 0 { p.arc(rx: bottomRight, ry: bottomRight, largeArc: false, sweep: true, x + w - bottomRight, y + h) }
    p.horizontal(x + bottomLeft)
    if bottomLeft > 0 { p.arc(rx: bottomLeft, ry: bottomLeft, largeArc: false, sweep: true, x, y + h - bottomLeft) }
    p.vertical(y + topLeft)
    if topLeft > 0 { p.arc(rx: topLeft, ry: topLeft, largeArc: false, sweep: true, x + topLeft, y) }
    p.closePath()
    svg.open("path")
    svg.attr("d", p.data)
  }
}
