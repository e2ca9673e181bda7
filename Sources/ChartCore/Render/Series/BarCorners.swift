/// The corner radii of a bar, named as on an upward bar: the two corners at its value end and the
/// two at its base. A bar growing down or sideways keeps the same relation to its value end, so
/// one spec reads the same for negative and horizontal bars.
struct BarCorners: Equatable {
  /// Value end, left side of an upward bar.
  var valueLeft = 0.0
  /// Value end, right side of an upward bar.
  var valueRight = 0.0
  /// Base, right side of an upward bar.
  var baseRight = 0.0
  /// Base, left side of an upward bar.
  var baseLeft = 0.0

  /// The same radius at the value end, and at the base too with `base`.
  init(radius r: Double, base: Bool) {
    valueLeft = r
    valueRight = r
    if base {
      baseRight = r
      baseLeft = r
    }
  }

  /// Radii as the spec's `cornerRadii` lists them: top-left, top-right, bottom-right, bottom-left of an upward bar.
  init(_ radii: [Double]) {
    guard radii.count == 4 else { return }
    valueLeft = radii[0]
    valueRight = radii[1]
    baseRight = radii[2]
    baseLeft = radii[3]
  }

  init() {}

  /// These corners with the value end, the base, or both squared off (stack joints are never rounded).
  func keeping(valueEnd: Bool, base: Bool) -> BarCorners {
    var c = self
    if !valueEnd {
      c.valueLeft = 0
      c.valueRight = 0
    }
    if !base {
      c.baseRight = 0
      c.baseLeft = 0
    }
    return c
  }

  /// Screen radii (top-left, top-right, bottom-right, bottom-left) of a bar whose value end is `end`:
  /// an upward bar as named, a downward one mirrored top to bottom, a rightward one turned a
  /// quarter clockwise, a leftward one that mirrored left to right.
  func onScreen(valueEnd end: BarShape.End) -> (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    switch end {
    case .minY: return (valueLeft, valueRight, baseRight, baseLeft)
    case .maxY: return (baseLeft, baseRight, valueRight, valueLeft)
    case .maxX: return (baseLeft, valueLeft, valueRight, baseRight)
    case .minX: return (valueLeft, baseLeft, baseRight, valueRight)
    }
  }
}
