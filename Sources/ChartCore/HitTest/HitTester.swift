import Foundation

/// Finds what lies under a point, from the layout and the model only (nothing is re-rendered).
///
/// Order: legend items (they may sit over the plot), pie slices, entries (inside a bar, or the
/// nearest point within `maxDistance` px), the plot area, then the axis bands.
public enum HitTester {
  public static func hitTest(_ model: ChartModel, _ layout: ChartLayout, at p: Point, maxDistance: Double = 12) -> HitTarget? {
    guard p.x.isFinite, p.y.isFinite else { return nil }
    for item in layout.legend?.items ?? [] where item.hitRect.contains(p) {
      return HitTarget(kind: .legendItem, dataSet: item.dataSetID ?? model.spec.dataSets.first?.id, index: item.entryIndex)
    }
    if let pie = layout.pie { return pieHit(model, pie, p) }
    if layout.plot.contains(p), let hit = entryHit(model, layout, p, maxDistance) { return hit }
    if layout.plot.contains(p), let xs = layout.x?.scale {
      let ys = (layout.left ?? layout.right)?.scale
      let xv = layout.horizontal ? xs.invert(p.y) : xs.invert(p.x)
      let yv = ys.map { layout.horizontal ? $0.invert(p.x) : $0.invert(p.y) }
      return HitTarget(kind: .plotArea, x: xv, y: yv)
    }
    for (name, axis) in [("x", layout.x), ("left", layout.left), ("right", layout.right)] {
      guard let axis, axis.band.contains(p) else { continue }
      let vertical = axis.side == .left || axis.side == .right
      return HitTarget(kind: .axis, axis: name, value: axis.scale.invert(vertical ? p.y : p.x))
    }
    return nil
  }

  private static func entryHit(_ model: ChartModel, _ layout: ChartLayout, _ p: Point, _ maxDistance: Double) -> HitTarget? {
    guard let xScale = layout.x?.scale else { return nil }
    var best: (d: Double, target: HitTarget)? = nil
    // Later data sets are drawn on top: search them first so that ties go to what is visible.
    for i in RegionPlan.seriesDrawOrder(model).reversed() where model.spec.dataSets[i].visible {
      let ds = model.spec.dataSets[i]
      guard let yScale = layout.yAxis(ds.axis)?.scale else { continue }
      let e = ds.entries
      if model.seriesKind(of: i) == .bar {
        let width = layout.bars?.barWidth ?? model.spec.bars.barWidth
        let offset = layout.bars?.offsets[ds.id] ?? 0
        for k in candidates(e, around: layout.horizontal ? xScale.invert(p.y) : xScale.invert(p.x), span: width) {
          let span = e.valueSpan(at: k)
          let lo = min(0, span.lo.isFinite ? span.lo : 0), hi = max(0, span.hi.isFinite ? span.hi : 0)
          let a = layout.project(x: e.x[k] + offset - width / 2, y: lo, xScale: xScale, yScale: yScale)
          let b = layout.project(x: e.x[k] + offset + width / 2, y: hi, xScale: xScale, yScale: yScale)
          let r = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
          if r.contains(p) { return HitTarget(kind: .entry, dataSet: ds.id, index: k, x: e.x[k], y: e.y[k]) }
        }
        continue
      }
      let dataSpan = abs(xScale.pixelsPerUnit) > 0 ? maxDistance / abs(xScale.pixelsPerUnit) : .infinity
      for k in candidates(e, around: xScale.invert(layout.horizontal ? p.y : p.x), span: dataSpan * 2) {
        let yv = e.close?[k] ?? e.y[k]
        guard yv.isFinite, e.x[k].isFinite else { continue }
        let q = layout.project(x: e.x[k], y: yv, xScale: xScale, yScale: yScale)
        let d = hypot(q.x - p.x, q.y - p.y)
        if d <= maxDistance, d < (best?.d ?? .infinity) {
          best = (d, HitTarget(kind: .entry, dataSet: ds.id, index: k, x: e.x[k], y: yv))
        }
      }
    }
    return best?.target
  }

  /// Entry indices whose x lies within `span` of `x`: binary search when x is sorted, else a scan.
  static func candidates(_ e: EntryColumns, around x: Double, span: Double) -> [Int] {
    let lo = x - span, hi = x + span
    guard e.isSortedByX else { return e.x.indices.filter { e.x[$0] >= lo && e.x[$0] <= hi } }
    var a = 0, b = e.count
    while a < b {
      let m = (a + b) / 2
      if e.x[m] < lo { a = m + 1 } else { b = m }
    }
    var out: [Int] = []
    var k = a
    while k < e.count, e.x[k] <= hi, out.count < 10_000 {
      out.append(k)
      k += 1
    }
    return out
  }

  private static func pieHit(_ model: ChartModel, _ pie: PieLayout, _ p: Point) -> HitTarget? {
    guard let ds = model.spec.dataSets.first else { return nil }
    let dx = p.x - pie.center.x, dy = p.y - pie.center.y
    let r = hypot(dx, dy)
    guard r <= pie.radius, r >= pie.holeRadius else { return nil }
    let values = ds.entries.y.map { $0.isFinite ? abs($0) : 0 }
    let total = values.reduce(0, +)
    guard total > 0 else { return nil }
    // Angles in degrees, clockwise from 3 o'clock (SVG's y axis points down).
    var angle = atan2(dy, dx) * 180 / .pi - model.spec.pie.rotation
    angle = angle.truncatingRemainder(dividingBy: 360)
    if angle < 0 { angle += 360 }
    var start = 0.0
    for (k, v) in values.enumerated() where v > 0 {
      let sweep = v / total * model.spec.pie.maxAngle
      if angle >= start && angle < start + sweep {
        return HitTarget(kind: .entry, dataSet: ds.id, index: k, x: ds.entries.x[k], y: ds.entries.y[k])
      }
      start += sweep
    }
    return nil
  }
}
