import Foundation

/// One text as drawn: content, baseline anchor point, alignment, size and rotation.
///
/// Layout decides these and renderers write them unchanged, so that the boxes the layout property
/// test checks (`ChartTexts`) are the texts in the SVG.
public struct PlacedText: Sendable, Hashable {
  /// SVG `text-anchor`: where `x` lies on the text's advance.
  public enum Anchor: String, Sendable, Hashable {
    case start, middle, end
  }

  public var text: String
  /// Anchor point: `x` per `anchor`, `y` the baseline.
  public var x: Double
  public var y: Double
  public var anchor: Anchor
  public var fontSize: Double
  public var bold: Bool
  /// Degrees clockwise about (x, y), as SVG's `rotate(a x y)`.
  public var rotation: Double

  public init(_ text: String, x: Double, y: Double, anchor: Anchor = .start, fontSize: Double, bold: Bool = false,
              rotation: Double = 0) {
    self.text = text
    self.x = x
    self.y = y
    self.anchor = anchor
    self.fontSize = fontSize
    self.bold = bold
    self.rotation = rotation
  }

  /// The box from ascender to descender over the advance width, rotated with the text.
  public var box: TextBox {
    let w = TextMetrics.width(text, fontSize: fontSize, bold: bold)
    let x0: Double
    switch anchor {
    case .start: x0 = x
    case .middle: x0 = x - w / 2
    case .end: x0 = x - w
    }
    let top = y - TextMetrics.ascender * fontSize, bottom = y + TextMetrics.descender * fontSize
    return TextBox(rect: Rect(x: x0, y: top, width: w, height: bottom - top), rotation: rotation,
                   pivot: Point(x: x, y: y))
  }
}

/// A text's box: a rectangle rotated about a pivot. Overlap is tested on the rotated shapes
/// (separating axes), so neighbouring slanted labels do not count as overlapping by their bounds.
public struct TextBox: Sendable, Hashable {
  public var rect: Rect
  /// Degrees clockwise about `pivot`.
  public var rotation: Double
  public var pivot: Point

  public init(rect: Rect, rotation: Double = 0, pivot: Point = Point(x: 0, y: 0)) {
    self.rect = rect
    self.rotation = rotation
    self.pivot = pivot
  }

  /// The four corners on the canvas, clockwise from the rectangle's top-left.
  public var corners: [Point] {
    let raw = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
               Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
    guard rotation != 0 else { return raw }
    let a = rotation * .pi / 180, c = cos(a), s = sin(a)
    return raw.map { p in
      let dx = p.x - pivot.x, dy = p.y - pivot.y
      return Point(x: pivot.x + dx * c - dy * s, y: pivot.y + dx * s + dy * c)
    }
  }

  /// The axis-aligned bounds of the rotated box.
  public var bounds: Rect {
    // Level boxes (nearly all) are their rectangle: no corners built.
    if rotation == 0 { return rect }
    let c = corners
    let xs = c.map(\.x), ys = c.map(\.y)
    let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
    return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
  }

  /// Whether the box lies inside `r`, allowing `tolerance` px beyond it.
  public func isInside(_ r: Rect, tolerance: Double = 0.5) -> Bool {
    let b = bounds
    return b.minX >= r.minX - tolerance && b.maxX <= r.maxX + tolerance
      && b.minY >= r.minY - tolerance && b.maxY <= r.maxY + tolerance
  }

  /// Whether the two boxes share more than `tolerance` px along every separating axis (touching is allowed).
  public func overlaps(_ other: TextBox, tolerance: Double = 0.5) -> Bool {
    guard rect.width > 0, rect.height > 0, other.rect.width > 0, other.rect.height > 0 else { return false }
    if rotation == 0, other.rotation == 0 {
      // Level boxes (nearly all): the rectangles themselves, without building corners.
      let a = rect, b = other.rect
      return min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }
    let a = corners, b = other.corners
    for poly in [a, b] {
      for k in 0..<2 {
        let p0 = poly[k], p1 = poly[k + 1]
        var nx = -(p1.y - p0.y), ny = p1.x - p0.x
        let len = (nx * nx + ny * ny).squareRoot()
        guard len > 0 else { continue }
        nx /= len
        ny /= len
        let pa = a.map { $0.x * nx + $0.y * ny }, pb = b.map { $0.x * nx + $0.y * ny }
        let overlap = min(pa.max() ?? 0, pb.max() ?? 0) - max(pa.min() ?? 0, pb.min() ?? 0)
        if overlap <= tolerance { return false }
      }
    }
    return true
  }
}
