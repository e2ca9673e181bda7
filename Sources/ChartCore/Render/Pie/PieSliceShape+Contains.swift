import Foundation

/// Whether a point lies in the slice as `path()` draws it: the gaps, the rounded ends, a dot and a
/// hole exactly where the outline puts them, so that a hit test names what is painted.
extension PieSliceShape {
  /// Whether `p` lies inside the outline `path()` draws (false where it draws nothing).
  public func contains(_ p: Point) -> Bool {
    let r = outerRadius, h = max(0, innerRadius), s = max(0, space)
    guard r.isFinite, h.isFinite, s.isFinite, start.isFinite, sweep.isFinite, r > 0, h < r, sweep > 0,
          p.x.isFinite, p.y.isFinite else { return false }
    let dx = p.x - center.x, dy = p.y - center.y
    let distance = hypot(dx, dy)
    if fullCircle { return distance <= r && distance >= h }
    if rounded && h > 0 { return roundedContains(dx, dy, distance, r, h, s) }
    let insetOuter = s > 0 ? asin(min(1, s / (2 * r))) : 0
    guard sweep - 2 * insetOuter > 1e-9, distance <= r else { return false }
    // The inner arc is drawn only where the moved edges leave room for it (as `path()` decides);
    // otherwise the edges run on to meet near the centre and the hole is not cut out.
    let innerArc = h > 0 && (s == 0 || (h > s / 2 && sweep > 2 * asin(s / (2 * h))))
    if innerArc, distance < h { return false }
    // The angle past the slice's start, clockwise as its angles are.
    var past = (atan2(dy, dx) - start).truncatingRemainder(dividingBy: 2 * .pi)
    if past < 0 { past += 2 * .pi }
    guard past <= sweep else { return false }
    // Each straight edge is moved into the slice by half the gap, parallel to its radius: a point
    // within a quarter turn of an edge must lie that far from the edge's line. Beyond a quarter
    // turn the edge ends (at the rim, the inner arc, or its foot near the centre) before the point.
    let half = s / 2
    if past < .pi / 2, distance * sin(past) < half { return false }
    if sweep - past < .pi / 2, distance * sin(sweep - past) < half { return false }
    return true
  }

  /// `contains` for rounded ends: the ring sector between the caps, a half disc beyond each end, or
  /// the dot a slice too small for two caps becomes.
  private func roundedContains(_ dx: Double, _ dy: Double, _ distance: Double, _ r: Double, _ h: Double, _ s: Double) -> Bool {
    let cap = (r - h) / 2, mid = (r + h) / 2
    let k = (cap + s / 2) / mid
    if k < 1 {
      let inset = asin(k)
      let a0 = start + inset, a1 = start + sweep - inset
      if a1 - a0 > 1e-9 {
        var past = (atan2(dy, dx) - a0).truncatingRemainder(dividingBy: 2 * .pi)
        if past < 0 { past += 2 * .pi }
        if distance >= h, distance <= r, past <= a1 - a0 { return true }
        // Each cap is the half of its circle beyond the end's radius (the arc drawn from the rim
        // to the inner circle turns that way).
        return halfDisc(dx, dy, at: a1, radius: cap, mid: mid, beyond: 1) || halfDisc(dx, dy, at: a0, radius: cap, mid: mid, beyond: -1)
      }
    }
    let dot = min(cap, mid * sin(min(sweep / 2, .pi / 2)) - s / 2)
    guard dot > 0.1 else { return false }
    let c = polar(Point(x: 0, y: 0), mid, start + sweep / 2)
    return hypot(dx - c.x, dy - c.y) <= dot
  }

  /// Whether (dx, dy), from the pie's centre, lies in the half of the circle of `radius` centred on
  /// the circle of radius `mid` at angle `a` that lies on the side of growing (`beyond` 1) or
  /// shrinking (−1) angles of the radius at `a`.
  private func halfDisc(_ dx: Double, _ dy: Double, at a: Double, radius: Double, mid: Double, beyond: Double) -> Bool {
    let c = polar(Point(x: 0, y: 0), mid, a)
    guard hypot(dx - c.x, dy - c.y) <= radius else { return false }
    // The direction of growing angles at `a` (angles grow clockwise on screen, y pointing down).
    let side = -dx * sin(a) + dy * cos(a)
    return side * beyond >= 0
  }
}
