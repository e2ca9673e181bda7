/// Where two axes' bands meet — the x axis and a value axis at a corner of the plot, two panes'
/// axes between the panes — their texts may reach into each other's band. There the less important
/// text gives way: the labels' offset (without which they say nothing) outranks a badge (a limit
/// line's value), which outranks a custom label, then a tick label, then a title line; between two
/// of a rank, the `axis` gives way to the `other` (a value axis's end label to the x axis's label, a
/// lower pane's top label to the pane above).
extension LayoutEngine {
  /// One text of an axis, by what it is and where it lies.
  private struct CornerText {
    enum Kind: Int, Comparable {
      case title = 0, tick, custom, badge, offset
      static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }
    var kind: Kind
    /// The tick's, custom label's, badge's or title line's index in its axis.
    var index: Int
    var box: TextBox
  }

  /// The texts of `axis` (drawn along `plot`) in the order the axis lists them: tick labels (both
  /// sides of a mirrored axis), custom labels, badges, title lines (the offset's the last).
  private static func cornerTexts(_ axis: AxisLayout, plot: Rect) -> [CornerText] {
    var out: [CornerText] = []
    if axis.drawLabels {
      // `AxisTexts.labels` lists the labelled ticks in order: the k-th text is the k-th labelled tick's.
      let labelled = axis.ticks.indices.filter { !axis.ticks[$0].label.isEmpty }
      var sides = [axis.side]
      if axis.style.mirrored { sides.append(axis.side.opposite) }
      for side in sides {
        let texts = AxisTexts.labels(axis, plot: plot, side: side)
        guard texts.count == labelled.count else { continue }
        out += zip(labelled, texts).map { CornerText(kind: .tick, index: $0, box: $1.box) }
      }
    }
    out += AxisTexts.customLabels(axis, plot: plot).enumerated().map { CornerText(kind: .custom, index: $0, box: $1.box) }
    out += axis.badges.enumerated().map { CornerText(kind: .badge, index: $0, box: TextBox(rect: $1.box)) }
    if axis.drawLabels {
      let lines = AxisTexts.title(axis, plot: plot)
      out += lines.enumerated().filter { !$1.text.isEmpty }.map { k, line in
        let offset = axis.labelOffset != nil && k == lines.count - 1
        return CornerText(kind: offset ? .offset : .title, index: k, box: line.box)
      }
    }
    return out
  }

  /// `axis` and `other` without the texts that give way where they overlap.
  static func settleCorner(_ axis: inout AxisLayout, plot: Rect, _ other: inout AxisLayout, otherPlot: Rect) {
    let mine = cornerTexts(axis, plot: plot)
    let theirs = cornerTexts(other, plot: otherPlot)
    guard !mine.isEmpty, !theirs.isEmpty else { return }
    var mineGone = Set<Int>(), theirsGone = Set<Int>()
    for (i, a) in mine.enumerated() {
      for (j, b) in theirs.enumerated() where !theirsGone.contains(j) && a.box.overlaps(b.box, tolerance: 0.1) {
        if a.kind > b.kind { theirsGone.insert(j) } else { mineGone.insert(i); break }
      }
    }
    remove(mineGone.map { mine[$0] }, from: &axis)
    remove(theirsGone.map { theirs[$0] }, from: &other)
  }

  private static func remove(_ texts: [CornerText], from axis: inout AxisLayout) {
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
