import Foundation

/// Pie slices: a point hits a slice where the pie renderer draws it, because both read
/// `PieSlices` (a hidden pie draws nothing; zero and missing values give no slice).
extension HitTester {
  /// The slice under `p`. A highlighted slice is drawn again reaching `selectionShift` px beyond
  /// the rim, so that band names it too.
  static func pieHit(_ model: ChartModel, _ pie: PieLayout, _ p: Point) -> HitTarget? {
    let result = PieSlices.compute(model)
    guard let i = result.dataSetIndex, !result.slices.isEmpty else { return nil }
    let ds = model.spec.dataSets[i]
    let dx = p.x - pie.center.x, dy = p.y - pie.center.y
    let r = hypot(dx, dy)
    guard r >= PieRenderer.holeRadius(pie, model.spec) else { return nil }
    let shift = model.spec.pie.selectionShift.isFinite ? max(0, model.spec.pie.selectionShift) : 0
    let angle = atan2(dy, dx)
    for slice in result.slices {
      // Angles are clockwise from 3 o'clock, as the slices' (SVG's y axis points down).
      var offset = (angle - slice.start).truncatingRemainder(dividingBy: 2 * .pi)
      if offset < 0 { offset += 2 * .pi }
      guard offset < slice.sweep else { continue }
      let highlighted = model.spec.highlights.contains { $0.dataSet == ds.id && $0.index == slice.index }
      guard r <= pie.radius + (highlighted ? shift : 0) else { return nil }
      return HitTarget(kind: .entry, dataSet: ds.id, index: slice.index, x: ds.entries.x[slice.index], y: ds.entries.y[slice.index])
    }
    return nil
  }
}
