/// Where two axes' bands meet — the x axis and a value axis at a corner of the plot, two panes'
/// axes between the panes — their texts may reach into each other's band. There the less important
/// text gives way (`AxisTexts.Drawn.Kind` ranks them: the labels' offset, a badge, a custom label,
/// a tick label, a title line); between two of a rank, the `axis` gives way to the `other` (a value
/// axis's end label to the x axis's label, a lower pane's top label to the pane above).
extension LayoutEngine {
  /// `axis` and `other` without the texts that give way where they overlap.
  static func settleCorner(_ axis: inout AxisLayout, plot: Rect, _ other: inout AxisLayout, otherPlot: Rect) {
    let mine = AxisTexts.all(axis, plot: plot)
    let theirs = AxisTexts.all(other, plot: otherPlot)
    guard !mine.isEmpty, !theirs.isEmpty else { return }
    var mineGone = Set<Int>(), theirsGone = Set<Int>()
    for (i, a) in mine.enumerated() {
      for (j, b) in theirs.enumerated() where !theirsGone.contains(j) && a.box.overlaps(b.box, tolerance: 0.1) {
        if a.kind > b.kind { theirsGone.insert(j) } else { mineGone.insert(i); break }
      }
    }
    remove(mineGone.map { (mine[$0].kind, mine[$0].index) }, from: &axis)
    remove(theirsGone.map { (theirs[$0].kind, theirs[$0].index) }, from: &other)
  }

  /// `axis` without the texts named by kind and index (`AxisTexts.Drawn`).
  static func remove(_ texts: [(kind: AxisTexts.Drawn.Kind, index: Int)], from axis: inout AxisLayout) {
    guard !texts.isEmpty else { return }
    for t in texts where t.kind == .tick { axis.ticks[t.index].label = "" }
    let custom = Set(texts.filter { $0.kind == .custom }.map(\.index))
    if !custom.isEmpty { axis.customLabels = axis.customLabels.enumerated().filter { !custom.contains($0.offset) }.map(\.element) }
    let badges = Set(texts.filter { $0.kind == .badge }.map(\.index))
    if !badges.isEmpty { axis.badges = axis.badges.enumerated().filter { !badges.contains($0.offset) }.map(\.element) }
    // A title line is emptied, not removed: the lines left keep their places.
    for t in texts where t.kind == .title { axis.titleLines[t.index] = "" }
    if let t = texts.first(where: { $0.kind == .offset }) {
      // Labels written from an offset that is not shown would say wrong values: they go with it.
      axis.titleLines[t.index] = ""
      axis.labelOffset = nil
      for k in axis.ticks.indices { axis.ticks[k].label = "" }
    }
  }
}
