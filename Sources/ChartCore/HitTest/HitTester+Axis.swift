/// Hit tests of charts with an axis tooltip (`marker.trigger: "axis"`).
extension HitTester {
  /// The entry an axis tooltip at pixel `position` (along the x axis) would be opened with: of every
  /// visible data set's entries inside the x domain, the one whose x is nearest in px; on a tie the
  /// earlier data set, then the earlier entry. nil when no visible entry lies inside the domain.
  static func axisEntry(_ model: ChartModel, _ layout: ChartLayout, at position: Double) -> (dataSet: String, index: Int, x: Double)? {
    guard let xs = layout.x?.scale, position.isFinite else { return nil }
    let lo = min(xs.domainMin, xs.domainMax), hi = max(xs.domainMin, xs.domainMax)
    let target = xs.invert(position)
    var best: (distance: Double, dataSet: String, index: Int, x: Double)? = nil
    for (i, ds) in model.spec.dataSets.enumerated() where ds.visible && model.seriesKind(of: i) != nil {
      let e = ds.entries
      var indices: [Int]
      if e.isSortedByX {
        // Only the neighbours of `target` can be nearest: the first entry at or after it, and the
        // earliest entry of the run of equal x just before it.
        var a = 0, b = e.count
        while a < b {
          let m = (a + b) / 2
          if e.x[m] < target { a = m + 1 } else { b = m }
        }
        var left = a - 1
        while left > 0, e.x[left - 1] == e.x[left] { left -= 1 }
        indices = [left, a].filter { $0 >= 0 && $0 < e.count }
      } else {
        indices = Array(e.x.indices)
      }
      for k in indices where e.x[k].isFinite && e.x[k] >= lo && e.x[k] <= hi {
        let d = abs(xs.map(e.x[k]) - position)
        if d < (best?.distance ?? .infinity) { best = (d, ds.id, k, e.x[k]) }
      }
    }
    return best.map { ($0.dataSet, $0.index, $0.x) }
  }
}
