import Foundation

/// Radar charts: a point hits a vertex (within `maxDistance` px, data sets drawn on top first), else
/// the topmost visible polygon it lies in, else the web (its nearest spoke and the value at its
/// distance) or a category label. Vertices and polygons come from `RadarRenderer.vertices`, as drawn.
extension HitTester {
  static func radarHit(_ model: ChartModel, _ radar: RadarLayout, _ p: Point, maxDistance: Double) -> HitTarget? {
    let g = radar.geometry
    let spec = model.spec
    let order = spec.dataSets.indices.reversed().filter { spec.dataSets[$0].visible }
    var best: (distance: Double, set: Int, index: Int)? = nil
    for i in order {
      for v in RadarRenderer.vertices(model, g, dataSet: i) {
        let d = hypot(v.point.x - p.x, v.point.y - p.y)
        // Ties go to the data set drawn on top, which was seen first.
        if d <= maxDistance, d < (best?.distance ?? .infinity) { best = (d, i, v.index) }
      }
    }
    if let best {
      let ds = spec.dataSets[best.set]
      return HitTarget(kind: .entry, dataSet: ds.id, index: best.index, x: Double(best.index), y: ds.entries.y[best.index])
    }
    for i in order {
      let polygon = RadarRenderer.vertices(model, g, dataSet: i).map(\.point)
      if polygon.count > 2, contains(polygon, p) { return HitTarget(kind: .dataSet, dataSet: spec.dataSets[i].id) }
    }
    let dx = p.x - g.center.x, dy = p.y - g.center.y
    let r = hypot(dx, dy)
    if g.spokes > 0, r <= g.radius {
      // The nearest spoke by angle; the value its ring would have at this distance.
      let turn = 2 * Double.pi
      var offset = (atan2(dy, dx) - g.startAngle).truncatingRemainder(dividingBy: turn)
      if offset < 0 { offset += turn }
      let k = Int((offset / turn * Double(g.spokes)).rounded()) % g.spokes
      return HitTarget(kind: .plotArea, x: Double(k), y: g.value(atDistance: r))
    }
    for label in radar.labels where label.box.contains(p) {
      return HitTarget(kind: .axis, axis: "x", value: Double(label.spoke))
    }
    return nil
  }

  /// Even-odd point-in-polygon test (the polygon's fill uses the nonzero rule, which agrees for the
  /// simple polygons a radar draws: vertices go round the centre in spoke order).
  static func contains(_ polygon: [Point], _ p: Point) -> Bool {
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let a = polygon[i], b = polygon[j]
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
      j = i
    }
    return inside
  }
}
