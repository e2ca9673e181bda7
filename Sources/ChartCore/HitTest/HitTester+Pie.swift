import Foundation

/// Pie slices: a point hits a slice where the pie renderer draws it — its gaps, rounded ends and
/// hole as painted (`PieSliceShape.contains`, the outline `PieSliceShape.path` draws) — because
/// both read `PieSlices` (a hidden pie draws nothing; zero and missing values give no slice).
extension HitTester {
  /// The slice under `p`. A highlighted slice is drawn again over the pie, reaching
  /// `selectionShift` px beyond the rim (`PieRenderer.highlightShape`), so that band names it too.
  static func pieHit(_ model: ChartModel, _ pie: PieLayout, _ p: Point) -> HitTarget? {
    let result = PieSlices.compute(model)
    guard let i = result.dataSetIndex, !result.slices.isEmpty else { return nil }
    let spec = model.spec
    let ds = spec.dataSets[i]
    func target(_ slice: PieSlice) -> HitTarget {
      HitTarget(kind: .entry, dataSet: ds.id, index: slice.index, x: ds.entries.x[slice.index], y: ds.entries.y[slice.index])
    }
    // Drawn over every slice: looked at first.
    for slice in result.slices where spec.highlights.contains(where: { $0.dataSet == ds.id && $0.index == slice.index }) {
      if PieRenderer.highlightShape(slice, result, pie, spec).contains(p) { return target(slice) }
    }
    let hole = PieRenderer.holeRadius(pie, spec)
    for slice in result.slices where PieRenderer.shape(slice, result, pie, spec, outerRadius: pie.radius, innerRadius: hole).contains(p) {
      return target(slice)
    }
    return nil
  }
}
