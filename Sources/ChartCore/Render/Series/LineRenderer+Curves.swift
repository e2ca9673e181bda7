/// The path segments of each line mode, computed on projected points.
extension LineRenderer {
  /// Appends the segments from `points[0]` through the last point (the caller has moved to `points[0]`).
  ///
  /// `horizontal` says that x values run down the page (horizontal bar charts), which turns the
  /// direction of steps and of horizontal-bezier tangents.
  static func appendSegments(_ points: [Point], mode: LineMode, intensity: Double, horizontal: Bool,
                             to path: inout PathBuilder) {
    let n = points.count
    guard n > 1 else { return }
    switch mode {
    case .linear:
      for j in 1..<n { path.line(points[j].x, points[j].y) }
    case .stepped:
      // The value holds until the next x, then jumps (iOS Charts' stepped mode).
      for j in 1..<n {
        let p = points[j]
        if horizontal {
          path.vertical(p.y)
          path.horizontal(p.x)
        } else {
          path.horizontal(p.x)
          path.vertical(p.y)
        }
      }
    case .cubicBezier:
      // iOS Charts' cubic mode: the tangent at a point is `intensity` × (next − previous); ends
      // use themselves as the missing neighbour. Only points of this run are used, so chunks and
      // gaps never read entries another region draws.
      for j in 1..<n {
        let prevPrev = points[max(j - 2, 0)], prev = points[j - 1], cur = points[j], next = points[min(j + 1, n - 1)]
        let c1x = prev.x + (cur.x - prevPrev.x) * intensity, c1y = prev.y + (cur.y - prevPrev.y) * intensity
        let c2x = cur.x - (next.x - prev.x) * intensity, c2y = cur.y - (next.y - prev.y) * intensity
        path.cubic(c1x, c1y, c2x, c2y, cur.x, cur.y)
      }
    case .horizontalBezier:
      // Control points halfway along x at each end's own value: smooth, and never beyond the data.
      for j in 1..<n {
        let prev = points[j - 1], cur = points[j]
        if horizontal {
          let mid = (prev.y + cur.y) / 2
          path.cubic(prev.x, mid, cur.x, mid, cur.x, cur.y)
        } else {
          let mid = (prev.x + cur.x) / 2
          path.cubic(mid, prev.y, mid, cur.y, cur.x, cur.y)
        }
      }
    }
  }

  /// Appends the segments of `points` in `mode` walked backwards, from the last point to the first
  /// (the caller is at the last point): the same curve as `appendSegments` draws, so a stacked
  /// band's lower edge lies exactly on the line of the set below when their x values match.
  static func appendReversedSegments(_ points: [Point], mode: LineMode, intensity: Double, horizontal: Bool,
                                     to path: inout PathBuilder) {
    let n = points.count
    guard n > 1 else { return }
    for j in stride(from: n - 1, through: 1, by: -1) {
      let prev = points[j - 1], cur = points[j]
      switch mode {
      case .linear:
        path.line(prev.x, prev.y)
      case .stepped:
        // Forwards the step goes along x then across; backwards across first, then along x.
        if horizontal {
          path.horizontal(prev.x)
          path.vertical(prev.y)
        } else {
          path.vertical(prev.y)
          path.horizontal(prev.x)
        }
      case .cubicBezier:
        let prevPrev = points[max(j - 2, 0)], next = points[min(j + 1, n - 1)]
        let c1x = prev.x + (cur.x - prevPrev.x) * intensity, c1y = prev.y + (cur.y - prevPrev.y) * intensity
        let c2x = cur.x - (next.x - prev.x) * intensity, c2y = cur.y - (next.y - prev.y) * intensity
        path.cubic(c2x, c2y, c1x, c1y, prev.x, prev.y)
      case .horizontalBezier:
        if horizontal {
          let mid = (prev.y + cur.y) / 2
          path.cubic(cur.x, mid, prev.x, mid, prev.x, prev.y)
        } else {
          let mid = (prev.x + cur.x) / 2
          path.cubic(mid, cur.y, mid, prev.y, prev.x, prev.y)
        }
      }
    }
  }
}
