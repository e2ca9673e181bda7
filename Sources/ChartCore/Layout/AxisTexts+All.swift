/// Every text one axis draws, in one list: the frame-text check (`ChartTexts`) and the texts that
/// give way where bands meet (`LayoutEngine.settleCorner`) read the same texts.
extension AxisTexts {
  /// One text of an axis: what it is, its index among its kind, and where it is drawn.
  public struct Drawn: Sendable {
    /// Ranked by what the axis loses without it: its labels' offset most (they say nothing without
    /// it), then a badge (a limit line's value), a custom label, a tick label, a title line.
    public enum Kind: Int, Comparable, Sendable {
      case title = 0, tick, custom, badge, offset
      public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }
    public var kind: Kind
    /// The tick's, custom label's, badge's or title line's index in its axis.
    public var index: Int
    public var text: PlacedText
    /// What it covers: the text's box, a badge's filled box.
    public var box: TextBox
  }

  /// The axis's texts drawn along `plot`: tick labels (both sides of a mirrored axis) and title
  /// lines when it draws labels (the offset's the last line), custom labels and badges always.
  public static func all(_ axis: AxisLayout, plot: Rect) -> [Drawn] {
    // Appended one by one into one array: every full layout lists every axis's texts twice
    // (`LayoutEngine.settleCorner`, `LayoutEngine.leaveOutCrowdedTexts`).
    var out: [Drawn] = []
    out.reserveCapacity((axis.style.mirrored ? 2 : 1) * axis.ticks.count + axis.customLabels.count + axis.badges.count
                          + axis.titleLines.count)
    if axis.drawLabels {
      // `labels` lists the labelled ticks in order: the k-th text is the k-th labelled tick's.
      let labelled = axis.ticks.indices.filter { !axis.ticks[$0].label.isEmpty }
      for side in axis.style.mirrored ? [axis.side, axis.side.opposite] : [axis.side] {
        let texts = labels(axis, plot: plot, side: side)
        guard texts.count == labelled.count else { continue }
        for (k, text) in texts.enumerated() { out.append(Drawn(kind: .tick, index: labelled[k], text: text, box: text.box)) }
      }
    }
    for (k, text) in customLabels(axis, plot: plot).enumerated() {
      out.append(Drawn(kind: .custom, index: k, text: text, box: text.box))
    }
    for (k, badge) in axis.badges.enumerated() {
      let r = badge.box
      let text = PlacedText(badge.text, x: r.midX, y: r.midY + TextMetrics.centeringOffset(fontSize: axis.fontSize),
                            anchor: .middle, fontSize: axis.fontSize)
      out.append(Drawn(kind: .badge, index: k, text: text, box: TextBox(rect: r)))
    }
    if axis.drawLabels {
      let lines = title(axis, plot: plot)
      for (k, line) in lines.enumerated() where !line.text.isEmpty {
        let offset = axis.labelOffset != nil && k == lines.count - 1
        out.append(Drawn(kind: offset ? .offset : .title, index: k, text: line, box: line.box))
      }
    }
    return out
  }
}
