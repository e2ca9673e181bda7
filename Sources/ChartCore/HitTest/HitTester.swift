import Foundation

/// Finds what lies under a point, from the layout and the model only (nothing is re-rendered).
///
/// Order: legend items (they may sit over the plot), pie slices, entries (inside a painted mark, or
/// the nearest point within `maxDistance` px; of the pane under the point), the plot area, then the
/// axis bands. Marks are
/// measured with the renderers' own geometry, so a hit is exactly where something is drawn.
public enum HitTester {
  public static func hitTest(_ model: ChartModel, _ layout: ChartLayout, at p: Point, maxDistance: Double = 12) -> HitTarget? {
    guard p.x.isFinite, p.y.isFinite else { return nil }
    let legendItems = layout.legend?.items ?? []
    for item in legendItems where item.hitRect.contains(p) {
      // "+N more" stops the hit too (it covers what lies beneath), and names what it stands for.
      if item.moreCount > 0 { return moreHit(model, shown: legendItems.count - 1, count: item.moreCount) }
      return HitTarget(kind: .legendItem, dataSet: item.dataSetID ?? model.spec.dataSets.first?.id, index: item.entryIndex)
    }
    if let pie = layout.pie { return pieHit(model, pie, p) }
    if let radar = layout.radar { return radarHit(model, radar, p, maxDistance: maxDistance) }
    // The pane under the point (the gaps between panes belong to none); named when there are several.
    let panes = layout.paneRects
    if let k = panes.firstIndex(where: { $0.contains(p) }) {
      let named = panes.count > 1 ? k : nil
      if var hit = entryHit(model, layout, p, maxDistance, pane: k) {
        hit.pane = named
        return hit
      }
      if let xs = layout.x?.scale {
        let ys = k == 0 ? (layout.left ?? layout.right)?.scale : layout.panes[k - 1].axis.scale
        let xv = layout.horizontal ? xs.invert(p.y) : xs.invert(p.x)
        let yv = ys.map { layout.horizontal ? $0.invert(p.x) : $0.invert(p.y) }
        var target = HitTarget(kind: .plotArea, x: xv, y: yv)
        target.pane = named
        if model.spec.usesAxisTooltip, let snap = axisEntry(model, layout, at: layout.horizontal ? p.y : p.x) {
          target.dataSet = snap.dataSet
          target.index = snap.index
          target.value = snap.x
        }
        return target
      }
    }
    for (name, axis) in [("x", layout.x), ("left", layout.left), ("right", layout.right)] {
      guard let axis, axis.band.contains(p) else { continue }
      let vertical = axis.side == .left || axis.side == .right
      return HitTarget(kind: .axis, axis: name, value: axis.scale.invert(vertical ? p.y : p.x))
    }
    for (k, pane) in layout.panes.enumerated() where pane.axis.band.contains(p) {
      var target = HitTarget(kind: .axis, axis: "pane", value: pane.axis.scale.invert(p.y))
      target.pane = k + 1
      return target
    }
    return nil
  }

  /// The entry under `p`, by what is drawn on top. Data sets are searched top first (in draw order
  /// reversed): the first painted mark (bar, candle, bubble, symbol, circle) that contains `p` wins,
  /// unless a data set drawn above it has, within `maxDistance` px, an entry point that paints no
  /// mark of its own (a line's vertex without circles: nothing there to point at exactly); without
  /// a mark, the nearest entry point within `maxDistance` px; without one, the entry of the topmost
  /// stacked area whose band holds `p` (HitTester+Stacks.swift). A symbol near `p` does not win
  /// over the symbol painted under it: what is pointed at is what is painted there.
  private static func entryHit(_ model: ChartModel, _ layout: ChartLayout, _ p: Point, _ maxDistance: Double,
                               pane: Int) -> HitTarget? {
    var nearest: (distance: Double, target: HitTarget)? = nil
    // The nearest of the points that paint no mark: it wins over a mark painted below it.
    var nearestUnpainted: (distance: Double, target: HitTarget)? = nil
    // The topmost stacked area band holding `p`: it names an entry when no entry point is near,
    // and lies over every bar (bars are drawn before lines, so they come later here).
    var band: HitTarget? = nil
    for i in RegionPlan.seriesDrawOrder(model).reversed()
    where model.spec.dataSets[i].visible && model.spec.pane(of: i) == pane && !(band != nil && model.seriesKind(of: i) == .bar) {
      guard let kind = model.seriesKind(of: i),
            let ctx = RegionRenderer.seriesContext(model, layout, dataSet: i, indices: .range(0..<0), regionID: "") else { continue }
      let ds = model.spec.dataSets[i]
      if kind == .bar {
        if let (k, drawn) = barEntry(at: p, ctx) {
          return nearestUnpainted?.target ?? HitTarget(kind: .entry, dataSet: ds.id, index: k, x: ds.entries.x[k], y: ds.entries.y[k],
                                              value: drawn?.segment == nil ? nil : drawn?.value, stackIndex: drawn?.segment)
        }
        continue
      }
      if band == nil, kind == .line, let k = bandEntry(at: p, ctx) {
        band = HitTarget(kind: .entry, dataSet: ds.id, index: k, x: ds.entries.x[k], y: ds.entries.y[k])
      }
      guard let hit = pointEntry(at: p, ctx, kind: kind, maxDistance: maxDistance) else { continue }
      let target = HitTarget(kind: .entry, dataSet: ds.id, index: hit.index, x: ds.entries.x[hit.index], y: hit.value)
      if hit.inside { return nearestUnpainted?.target ?? target }
      // Ties go to the data set drawn on top, which was seen first.
      if hit.distance < (nearest?.distance ?? .infinity) { nearest = (hit.distance, target) }
      if !hit.painted, hit.distance < (nearestUnpainted?.distance ?? .infinity) { nearestUnpainted = (hit.distance, target) }
    }
    return nearest?.target ?? band
  }

  /// Entry indices whose x lies within `span` of `x`: binary search when x is sorted, else a scan.
  static func candidates(_ e: EntryColumns, around x: Double, span: Double) -> [Int] {
    candidates(e, from: x - span, to: x + span)
  }

  /// Entry indices whose x lies in `lo…hi` (none when either is NaN).
  static func candidates(_ e: EntryColumns, from lo: Double, to hi: Double) -> [Int] {
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
}
