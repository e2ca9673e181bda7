import Foundation

/// The outline of one slice: a sector or ring sector with constant-width gaps and optional rounded ends.
///
/// Gaps: each straight edge is moved into the slice by `space / 2`, parallel to its radius, so the gap
/// between neighbours is `space` px wide from the centre to the rim (angular insets would make it
/// wedge-shaped). Rounded ends: each end is a half circle of radius (outer − inner) / 2 centred on
/// the middle circle of the ring and tangent to the moved edge, so neighbours never overlap. A slice
/// too small for two caps becomes a dot that shrinks with it; a slice the gaps swallow draws nothing.
public struct PieSliceShape: Sendable, Hashable {
  public var center: Point
  public var innerRadius: Double
  public var outerRadius: Double
  /// Radians, clockwise from 3 o'clock.
  public var start: Double
  public var sweep: Double
  /// Width of the gap to each neighbour, px.
  public var space: Double = 0
  /// Rounded ends; ignored without a hole.
  public var rounded: Bool = false
  /// The only slice of a full circle: drawn as a whole disc or ring (no edges, no gaps, no caps).
  public var fullCircle: Bool = false

  /// A slice between two radii from `start` sweeping `sweep` radians.
  public init(center: Point, innerRadius: Double, outerRadius: Double, start: Double, sweep: Double,
              space: Double = 0, rounded: Bool = false, fullCircle: Bool = false) {
    self.center = center
    self.innerRadius = innerRadius
    self.outerRadius = outerRadius
    self.start = start
    self.sweep = sweep
    self.space = space
    self.rounded = rounded
    self.fullCircle = fullCircle
  }

  /// Path data of the slice, or nil when nothing is left to draw.
  public func path() -> String? {
    let r = outerRadius, h = max(0, innerRadius), s = max(0, space)
    guard r.isFinite, h.isFinite, s.isFinite, start.isFinite, sweep.isFinite, r > 0, h < r, sweep > 0 else { return nil }
    var p = PathBuilder()
    if fullCircle {
      circle(&p, r, clockwise: true)
      if h > 0 { circle(&p, h, clockwise: false) }  // opposite direction: the nonzero rule leaves the hole empty
      return p.data
    }
    if rounded && h > 0 { return roundedPath(r, h, s) }
    let insetOuter = s > 0 ? asin(min(1, s / (2 * r))) : 0
    guard sweep - 2 * insetOuter > 1e-9 else { return nil }
    let end = start + sweep
    move(&p, polar(center, r, start + insetOuter))
    arc(&p, r, from: start + insetOuter, to: end - insetOuter)
    if h > 0, s == 0 || (h > s / 2 && sweep > 2 * asin(s / (2 * h))) {
      let insetInner = s > 0 ? asin(s / (2 * h)) : 0
      line(&p, polar(center, h, end - insetInner))
      arc(&p, h, from: end - insetInner, to: start + insetInner)
    } else if s == 0 {
      line(&p, center)
    } else if sweep <= .pi {
      // The two moved edges meet on the bisector.
      line(&p, polar(center, (s / 2) / sin(sweep / 2), start + sweep / 2))
    } else {
      // A reflex slice keeps the centre; the moved edges end where the neighbours' gaps begin.
      line(&p, polar(center, s / 2, end - .pi / 2))
      line(&p, center)
      line(&p, polar(center, s / 2, start + .pi / 2))
    }
    p.closePath()
    return p.data
  }

  /// How far from the centre the drawn slice reaches along its bisector (where a value line starts):
  /// the outer radius, except for a rounded slice shrunk to a dot.
  public func outerExtent() -> Double {
    let r = outerRadius, h = max(0, innerRadius), s = max(0, space)
    guard rounded, h > 0, h < r, !fullCircle else { return r }
    let cap = (r - h) / 2, mid = (r + h) / 2
    let k = (cap + s / 2) / mid
    if k < 1 && sweep - 2 * asin(k) > 1e-9 { return r }
    return mid + max(0, min(cap, mid * sin(min(sweep / 2, .pi / 2)) - s / 2))
  }

  /// A ring sector with half-circle caps, or a dot when the slice is too small for two caps.
  private func roundedPath(_ r: Double, _ h: Double, _ s: Double) -> String? {
    let cap = (r - h) / 2, mid = (r + h) / 2
    var p = PathBuilder()
    let k = (cap + s / 2) / mid
    if k < 1 {
      let inset = asin(k)
      let a0 = start + inset, a1 = start + sweep - inset
      if a1 - a0 > 1e-9 {
        move(&p, polar(center, r, a0))
        arc(&p, r, from: a0, to: a1)
        // Each cap is the half of its circle beyond the end's radius, from the rim to the inner circle.
        arc(&p, around: polar(center, mid, a1), cap, from: a1, to: a1 + .pi)
        arc(&p, h, from: a1, to: a0)
        arc(&p, around: polar(center, mid, a0), cap, from: a0 + .pi, to: a0 + 2 * .pi)
        p.closePath()
        return p.data
      }
    }
    // Too small for two caps: a dot on the bisector, as large as the slice allows.
    let dot = min(cap, mid * sin(min(sweep / 2, .pi / 2)) - s / 2)
    guard dot > 0.1 else { return nil }
    let c = polar(center, mid, start + sweep / 2)
    move(&p, polar(c, dot, 0))
    arc(&p, around: c, dot, from: 0, to: 2 * .pi)
    p.closePath()
    return p.data
  }

  private func circle(_ p: inout PathBuilder, _ radius: Double, clockwise: Bool) {
    move(&p, polar(center, radius, 0))
    arc(&p, around: center, radius, from: 0, to: clockwise ? 2 * .pi : -2 * .pi)
    p.closePath()
  }

  /// An arc along the pie's circle of `radius` from angle `a0` to `a1` (`arc(_:around:…)`).
  private func arc(_ p: inout PathBuilder, _ radius: Double, from a0: Double, to a1: Double) {
    arc(&p, around: center, radius, from: a0, to: a1)
  }

  /// An arc along the circle of `radius` around `c` from angle `a0` to `a1`, in pieces of at most a
  /// quarter turn. An SVG arc is given by its end points, written rounded, and its radius: a piece
  /// near half a circle has its centre, and so its bulge, moved by a pixel when an end point moves by
  /// a hundredth (a full circle drawn as two halves came out flattened); a quarter turn moves it by
  /// about as much as the end point.
  private func arc(_ p: inout PathBuilder, around c: Point, _ radius: Double, from a0: Double, to a1: Double) {
    let pieces = Int(clamping: (abs(a1 - a0) / (.pi / 2) - 1e-9).rounded(.up), to: 1...8)
    for k in 1...pieces {
      let q = polar(c, radius, a0 + (a1 - a0) * Double(k) / Double(pieces))
      p.arc(rx: radius, ry: radius, largeArc: false, sweep: a1 > a0, q.x, q.y)
    }
  }

  private func move(_ p: inout PathBuilder, _ q: Point) { p.move(q.x, q.y) }
  private func line(_ p: inout PathBuilder, _ q: Point) { p.line(q.x, q.y) }
}
