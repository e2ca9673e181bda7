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
    var out: [Drawn] = []
    if axis.drawLabels {
      // `labels` lists the labelled ticks in order: the k-th text is the k-th labelled tick's.
      let labelled = axis.ticks.indices.filter { !axis.ticks[$0].label.isEmpty }
      var sides = [axis.side]
      if axis.style.mirrored { sides.append(axis.side.opposite) }
      for side in sides {
        let texts = labels(axis, plot: plot, side: side)
        guard texts.count == labelled.count else { continue }
        out += zip(labelled, texts).map { Drawn(kind: .tick, index: $0, text: $1, box: $1.box) }
      }
    }
    out += customLabels(axis, plot: plot).enumerated().map { Drawn(kind: .custom, index: $0, text: $1, box: $1.box) }
    out += axis.badges.enumerated().map { k, badge in
      let r = badge.box
      let text = PlacedText(badge.text, x: r.midX, y: r.midY + TextMetrics.centeringOffset(fontSize: axis.fontSize),
                            anchor: .middle, fontSize: axis.fontSize)
      return Drawn(kind: .badge, index: k, text: text, box: TextBox(rect: r))
    }
    if axis.drawLabels {
      let lines = title(axis, plot: plot)
      out += lines.enumerated().filter { !$1.text.isEmpty }.map { k, line in
        let offset = axis.labelOffset != nil && k == lines.count - 1
        return Drawn(kind: offset ? .offset : .title, index: k, text: line, box: line.box)
      }
    }
    return out
  }
}
