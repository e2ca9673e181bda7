/// Bar widths and per-data-set offsets, as iOS Charts' `groupBars`: with n bar data sets grouped,
/// groupWidth = n·(barWidth + barSpace) + groupSpace = 1 slot, bars centred on the entry's x. The
/// spacing options are shares of a slot; the geometry is in x units (a slot is 1 x unit on index
/// axes, the data's rhythm on a date axis: `ChartModel.slot`).
///
/// Hidden bar data sets leave the group, which closes up (what a user toggling a legend expects);
/// with `bars.keepHiddenSlots` they keep their slot, so toggling one never moves the others (and the
/// bars that stay need no re-rendering) and the gap shows which one is hidden.
enum BarGeometryLayouter {
  /// Geometry for the bar data sets, or nil when there are none. `pixelsPerUnit` is the plot length
  /// of one x unit (for pixel sizing), `slot` the x units of a slot.
  static func layout(_ model: ChartModel, pixelsPerUnit: Double, slot: Double = 1) -> BarGeometry? {
    let spec = model.spec
    let all = spec.dataSets.indices.filter { model.seriesKind(of: $0) == .bar }
    guard !all.isEmpty else { return nil }
    let slot = slot.isFinite && slot > 0 ? slot : 1
    // Each pane groups its own bar sets: bars in different panes never share a slot.
    let panes = Dictionary(grouping: all) { spec.pane(of: $0) }
    guard panes.count > 1 else { return group(all, model, pixelsPerUnit: pixelsPerUnit, slot: slot) }
    var out = BarGeometry(barWidth: 0, offsets: [:])
    for pane in panes.keys.sorted() {
      guard let g = group(panes[pane] ?? [], model, pixelsPerUnit: pixelsPerUnit, slot: slot) else { continue }
      if out.offsets.isEmpty { out.barWidth = g.barWidth }
      for (id, offset) in g.offsets {
        out.offsets[id] = offset
        out.widths[id] = g.barWidth
      }
    }
    return out
  }

  /// Width and offsets of one group of bar data sets (those of one pane), worked out in shares of a
  /// slot and given in x units.
  private static func group(_ all: [Int], _ model: ChartModel, pixelsPerUnit: Double, slot: Double) -> BarGeometry? {
    guard !all.isEmpty else { return nil }
    let spec = model.spec
    let b = spec.bars
    // The sets that take a slot; when every bar set is hidden, nothing is drawn and all keep theirs.
    let slotted = b.keepHiddenSlots ? all : all.filter { spec.dataSets[$0].visible }
    let ids = (slotted.isEmpty ? all : slotted).map { spec.dataSets[$0].id }
    let n = Double(ids.count)
    let grouped = b.grouped && ids.count > 1
    let barSpace = grouped ? clamp(b.barSpace, 0, 0.5) : 0
    let groupSpace = grouped ? clamp(b.groupSpace, 0, 0.9) : 0
    var width = grouped ? (1 - groupSpace) / n - barSpace : clamp(b.barWidth, 0.01, 1)
    // Pixel sizing: at most maxBarWidthPx wide, at least minGapPx between neighbouring bars/groups.
    let u = abs(pixelsPerUnit * slot)
    if u.isFinite, u > 0 {
      if let gap = b.minGapPx, gap.isFinite, gap >= 0 {
        let inner = grouped ? ((u - gap) / n - barSpace * u) : (u - gap)
        width = min(width, inner / u)
      }
      if let maxPx = b.maxBarWidthPx, maxPx.isFinite, maxPx > 0 { width = min(width, maxPx / u) }
      // Never thinner than one pixel, so that a bar stays visible.
      width = max(width, min(1 / u, grouped ? 1 / n : 1))
    }
    width = max(width, 0.001)
    var offsets: [String: Double] = [:]
    for (j, id) in ids.enumerated() {
      guard grouped else { offsets[id] = 0; continue }
      // Bars of one group sit side by side around the group centre.
      offsets[id] = round6((Double(j) - (n - 1) / 2) * (width + barSpace)) * slot
    }
    return BarGeometry(barWidth: round6(width) * slot, offsets: offsets)
  }

  private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isFinite ? min(max(v, lo), hi) : lo }

  /// Rounded to 1e-6 (of a slot): enough for any pixel, and stable under recomputation; a slot of
  /// any size keeps its bars, however small its units.
  private static func round6(_ v: Double) -> Double {
    let r = (v * 1e6).rounded() / 1e6
    return r == 0 ? 0 : r
  }
}
