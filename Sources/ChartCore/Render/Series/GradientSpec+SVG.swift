import Foundation

/// Writes gradients as `<linearGradient>` elements (inside a `<defs>` the caller opens).
extension GradientSpec {
  /// The end points of a gradient vector, in the units the gradient element uses.
  struct Vector: Equatable {
    var x1, y1, x2, y2: Double
  }

  /// Writes `<linearGradient id=… gradientUnits=…>` with this gradient's stops along `vector`.
  /// `reflect` mirrors the gradient beyond offset 1 (area fills on both sides of a baseline); `own`
  /// is the colour of what it paints, for stops without a colour.
  func write(id: String, vector: Vector, userSpace: Bool, reflect: Bool = false, own: Color,
             into svg: inout SVGWriter) {
    svg.open("linearGradient")
    svg.attr("id", id)
    if userSpace { svg.attr("gradientUnits", "userSpaceOnUse") }
    svg.attr("x1", vector.x1)
    svg.attr("y1", vector.y1)
    svg.attr("x2", vector.x2)
    svg.attr("y2", vector.y2)
    if reflect { svg.attr("spreadMethod", "reflect") }
    svg.close()
    for stop in stops {
      let color = stop.resolved(own)
      svg.open("stop")
      svg.attr("offset", min(max(stop.offset, 0), 1))
      svg.attr("stop-color", color.hexString)
      if color.alpha < 1 { svg.attr("stop-opacity", color.alpha) }
      svg.selfClose()
    }
    svg.end("linearGradient")
  }

  /// The vector across `rect` in user space for this gradient's angle (90° = top → bottom),
  /// long enough that offsets 0 and 1 touch opposite corners of the rectangle.
  func vector(across rect: Rect) -> Vector {
    let radians = angle * .pi / 180
    var dx = cos(radians), dy = sin(radians)
    // Snap the common axis-aligned angles so that output does not depend on cos(90°) ≈ 6e-17.
    if abs(dx) < 1e-9 { dx = 0 }
    if abs(dy) < 1e-9 { dy = 0 }
    let half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
    return Vector(x1: rect.midX - dx * half, y1: rect.midY - dy * half,
                  x2: rect.midX + dx * half, y2: rect.midY + dy * half)
  }
}
