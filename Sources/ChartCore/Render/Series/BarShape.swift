/// A bar or stack segment in pixels with the ends that are rounded: a `<rect>` when no corner is
/// rounded, else a `<path>` with arcs at the rounded corners only.
struct BarShape: Equatable {
  /// An end of a bar, named by the rectangle edge it lies on.
  enum End: Equatable {
    case minY, maxY, minX, maxX

    var isVertical: Bool { self == .minY || self == .maxY }
  }

  var rect: Rect
  /// Corner radii: top-left, top-right, bottom-right, bottom-left.
  var topLeft = 0.0, topRight = 0.0, bottomRight = 0.0, bottomLeft = 0.0

  /// A bar spanning `rect` whose value end is `valueEnd`, with `corners` rounded.
  init(rect: Rect, valueEnd: End, corners: BarCorners) {
    let r = corners.onScreen(valueEnd: valueEnd)
    self.init(rect: rect, vertical: valueEnd.isVertical, topLeft: r.topLeft, topRight: r.topRight,
              bottomRight: r.bottomRight, bottomLeft: r.bottomLeft)
  }

  /// A bar spanning `rect` with these screen radii, clamped so that corners never overlap: each at
  /// most half the bar's width (across), and the two along one long side together at most its
  /// length (both shrunk in proportion; two equal radii so each is at most half the length, as
  /// `corners: both` always did).
  init(rect: Rect, vertical: Bool, topLeft a: Double, topRight b: Double, bottomRight c: Double, bottomLeft d: Double) {
    self.rect = rect
    let across = vertical ? rect.width : rect.height
    let length = vertical ? rect.height : rect.width
    func limited(_ r: Double) -> Double { r > 0 && r.isFinite ? min(r, across / 2) : 0 }
    var tl = limited(a), tr = limited(b), br = limited(c), bl = limited(d)
    // The long sides: left and right of a vertical bar, top and bottom of a horizontal one.
    if vertical {
      (tl, bl) = Self.fit(tl, bl, into: length)
      (tr, br) = Self.fit(tr, br, into: length)
    } else {
      (tl, tr) = Self.fit(tl, tr, into: length)
      (bl, br) = Self.fit(bl, br, into: length)
    }
    guard tl > 0 || tr > 0 || br > 0 || bl > 0 else { return }
    (topLeft, topRight, bottomRight, bottomLeft) = (tl, tr, br, bl)
  }

  /// Two radii along a side of `length` px, shrunk in proportion when they would overlap.
  private static func fit(_ a: Double, _ b: Double, into length: Double) -> (Double, Double) {
    guard a + b > length else { return (a, b) }
    guard length > 0 else { return (0, 0) }
    // Exact halves and whole lengths for the common cases (no rounding in a product).
    if a == b { return (length / 2, length / 2) }
    if a == 0 || b == 0 { return (min(a, length), min(b, length)) }
    let k = length / (a + b)
    return (a * k, b * k)
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
    svg.attr("d", path: p)
  }
}
