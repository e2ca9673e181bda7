/// Every text of a chart's frame as drawn, from (model, layout): chart title, tick labels (mirrored
/// ones too), axis title lines, axis badges and custom labels, legend labels, a pie's centre text and a radar's
/// category labels. The renderers draw these same placements (`AxisTexts`, `PieCenterText`, the
/// legend's and title's layouts), so their boxes are the texts' places in the SVG.
///
/// The layout property test holds these to the fitting rules: none leaves the canvas and no two
/// overlap. Texts tied to data — value labels, pie slice labels, limit line labels, the marker —
/// follow the data and are not listed.
public enum ChartTexts {
  /// A listed text and what it belongs to (for messages).
  public struct Item: Sendable, Hashable {
    public var role: String
    public var text: PlacedText
  }

  public static func list(_ model: ChartModel, _ layout: ChartLayout) -> [Item] {
    var out: [Item] = []
    if let t = layout.title, !t.text.isEmpty {
      out.append(Item(role: "title", text: PlacedText(t.text, x: t.origin.x, y: t.origin.y, anchor: .middle,
                                                      fontSize: t.fontSize, bold: true)))
    }
    let axes = [("x", layout.x, layout.frame), ("left", layout.left, layout.plot), ("right", layout.right, layout.plot)]
      + layout.panes.enumerated().map { ("pane \($0.offset + 1)", $0.element.axis, $0.element.rect) }
    for (name, axis, plot) in axes {
      guard let axis else { continue }
      out += AxisTexts.all(axis, plot: plot).map { Item(role: "\(name) \(role(of: $0.kind))", text: $0.text) }
    }
    if let legend = layout.legend {
      for item in legend.items where !item.label.isEmpty {
        out.append(Item(role: "legend", text: PlacedText(item.label, x: item.textOrigin.x, y: item.textOrigin.y,
                                                         fontSize: legend.fontSize)))
      }
    }
    if let pie = layout.pie, pie.radius.isFinite, pie.radius > 0, pie.center.x.isFinite, pie.center.y.isFinite {
      let span = PieSlices.compute(model).span
      out += PieCenterText.fit(pie, model.spec, span: span).filter { !$0.text.isEmpty }
        .map { Item(role: "centre text", text: $0) }
    }
    if let radar = layout.radar {
      for label in radar.labels {
        let anchor = PlacedText.Anchor(rawValue: label.anchor) ?? .start
        out.append(Item(role: "radar category", text: PlacedText(label.text, x: label.x, y: label.y, anchor: anchor,
                                                                 fontSize: radar.labelFontSize)))
      }
    }
    return out
  }

  private static func role(of kind: AxisTexts.Drawn.Kind) -> String {
    switch kind {
    case .tick: "tick"
    case .title, .offset: "title"
    case .custom: "custom label"
    case .badge: "badge"
    }
  }
}
