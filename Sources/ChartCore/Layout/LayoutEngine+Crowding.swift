/// On a canvas too small for every text of the frame — a sparkline, an icon, a narrow cell — the
/// texts that would overlap one drawn before them, or leave the canvas, are left out instead of
/// drawn over one another. The order in which texts are kept is the order of what a reader loses
/// without them: a pie's centre text (it lies in the hole, nothing else does), the chart title, the
/// legend (a legend missing an item would mislead, so one crowded label leaves out the whole
/// legend), then the axes' texts by `AxisTexts.Drawn.Kind` (an offset, badges, custom labels, tick
/// labels, title lines), then a radar's category labels.
extension LayoutEngine {
  /// `layout` without the frame texts that cannot be drawn on the canvas apart from the others.
  static func leaveOutCrowdedTexts(_ layout: inout ChartLayout, _ model: ChartModel) {
    let items = ChartTexts.list(model, layout)
    guard !items.isEmpty else { return }
    let canvas = Rect(x: 0, y: 0, width: layout.canvas.width, height: layout.canvas.height)
    let order = items.indices.sorted { a, b in
      let ra = rank(items[a].owner), rb = rank(items[b].owner)
      return ra != rb ? ra > rb : a < b
    }
    // A legend inside the plot covers the plot by request, the texts drawn in it included.
    let insideLegend = model.spec.legend.inside
    var kept: [(box: TextBox, bounds: Rect, legend: Bool)] = []
    kept.reserveCapacity(items.count)
    var gone: [ChartTexts.Owner] = []
    for i in order {
      let item = items[i], box = item.box, bounds = box.bounds
      let isLegend = if case .legend = item.owner { true } else { false }
      let fits = item.owner == .centreText || box.isInside(canvas)
      let clear = fits && !kept.contains { other in
        // Boxes apart by their bounds are apart (the common case, answered without the shapes).
        guard other.bounds.intersects(bounds) else { return false }
        if insideLegend, isLegend != other.legend, (isLegend ? other.bounds : bounds).intersects(layout.plot) { return false }
        return other.box.overlaps(box)
      }
      if clear { kept.append((box, bounds, isLegend)) } else { gone.append(item.owner) }
    }
    if !gone.isEmpty { leaveOut(gone, from: &layout) }
  }

  /// Larger is kept first.
  private static func rank(_ owner: ChartTexts.Owner) -> Int {
    switch owner {
    case .centreText: 10
    case .title: 9
    case .legend: 8
    case let .axis(_, kind, _): 2 + kind.rawValue
    case .radar: 1
    }
  }

  private static func leaveOut(_ owners: [ChartTexts.Owner], from layout: inout ChartLayout) {
    var axisTexts: [ChartTexts.Axis: [(AxisTexts.Drawn.Kind, Int)]] = [:]
    var radarGone = Set<Int>()
    for owner in owners {
      switch owner {
      case .title: layout.title = nil
      case .legend: layout.legend = nil
      case let .axis(axis, kind, index): axisTexts[axis, default: []].append((kind, index))
      case let .radar(k): radarGone.insert(k)
      case .centreText: break
      }
    }
    for (axis, texts) in axisTexts {
      switch axis {
      case .x: if var a = layout.x { remove(texts, from: &a); layout.x = a }
      case .left: if var a = layout.left { remove(texts, from: &a); layout.left = a }
      case .right: if var a = layout.right { remove(texts, from: &a); layout.right = a }
      case let .pane(k): remove(texts, from: &layout.panes[k].axis)
      }
    }
    if !radarGone.isEmpty, var radar = layout.radar {
      radar.labels = radar.labels.enumerated().filter { !radarGone.contains($0.offset) }.map(\.element)
      layout.radar = radar
    }
  }
}
