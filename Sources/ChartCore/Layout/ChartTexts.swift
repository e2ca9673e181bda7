/// Every text of a chart's frame as drawn, from (model, layout): chart title, tick labels (mirrored
/// ones too), axis title lines, axis badges and custom labels, legend labels, a pie's centre text and a radar's
/// category labels. The renderers draw these same placements (`AxisTexts`, `PieCenterText`, the
/// legend's and title's layouts), so their boxes are the texts' places in the SVG.
///
/// The layout holds these to the fitting rules (`LayoutEngine.leaveOutCrowdedTexts`): none leaves
/// the canvas and no two overlap, which the layout property test checks. Texts tied to data — value
/// labels, pie slice labels, limit line labels, the marker — follow the data and are not listed.
public enum ChartTexts {
  /// Which of a layout's axes a text belongs to.
  public enum Axis: Sendable, Hashable {
    case x, left, right
    /// The value axis of the lower pane at this index of `ChartLayout.panes`.
    case pane(Int)
  }

  /// What a listed text belongs to: the part of the layout that draws it.
  public enum Owner: Sendable, Hashable {
    case title
    /// The `index`-th text of its `kind` on an axis (`AxisTexts.Drawn`).
    case axis(Axis, AxisTexts.Drawn.Kind, index: Int)
    /// The label of the legend item at this index.
    case legend(Int)
    case centreText
    /// The category label at this index of `RadarLayout.labels`.
    case radar(Int)
  }

  /// A listed text, what it belongs to and what it covers (its box; a badge's filled box).
  public struct Item: Sendable, Hashable {
    public var owner: Owner
    public var text: PlacedText
    public var box: TextBox

    init(owner: Owner, text: PlacedText, box: TextBox? = nil) {
      self.owner = owner
      self.text = text
      self.box = box ?? text.box
    }

    /// What the text is, for messages: "title", "x tick", "pane 1 title", "legend", …
    public var role: String {
      switch owner {
      case .title: "title"
      case let .axis(axis, kind, _): "\(ChartTexts.name(axis)) \(ChartTexts.name(kind))"
      case .legend: "legend"
      case .centreText: "centre text"
      case .radar: "radar category"
      }
    }
  }

  public static func list(_ model: ChartModel, _ layout: ChartLayout) -> [Item] {
    var out: [Item] = []
    if let t = layout.title, !t.text.isEmpty {
      out.append(Item(owner: .title, text: PlacedText(t.text, x: t.origin.x, y: t.origin.y, anchor: .middle,
                                                      fontSize: t.fontSize, bold: true)))
    }
    for (id, axis, plot) in axes(layout) {
      out += AxisTexts.all(axis, plot: plot).map { Item(owner: .axis(id, $0.kind, index: $0.index), text: $0.text, box: $0.box) }
    }
    if let legend = layout.legend {
      for (k, item) in legend.items.enumerated() where !item.label.isEmpty {
        out.append(Item(owner: .legend(k), text: PlacedText(item.label, x: item.textOrigin.x, y: item.textOrigin.y,
                                                            fontSize: legend.fontSize)))
      }
    }
    if let pie = layout.pie, pie.radius.isFinite, pie.radius > 0, pie.center.x.isFinite, pie.center.y.isFinite {
      let span = PieSlices.compute(model).span
      out += PieCenterText.fit(pie, model.spec, span: span).filter { !$0.text.isEmpty }
        .map { Item(owner: .centreText, text: $0) }
    }
    if let radar = layout.radar {
      for (k, label) in radar.labels.enumerated() {
        let anchor = PlacedText.Anchor(rawValue: label.anchor) ?? .start
        out.append(Item(owner: .radar(k), text: PlacedText(label.text, x: label.x, y: label.y, anchor: anchor,
                                                           fontSize: radar.labelFontSize)))
      }
    }
    return out
  }

  /// The layout's axes with the rectangle each is drawn along: the x axis along the frame (every
  /// pane), the value axes along the main plot, a lower pane's axis along its pane.
  static func axes(_ layout: ChartLayout) -> [(Axis, AxisLayout, Rect)] {
    var out: [(Axis, AxisLayout, Rect)] = []
    if let x = layout.x { out.append((.x, x, layout.frame)) }
    if let left = layout.left { out.append((.left, left, layout.plot)) }
    if let right = layout.right { out.append((.right, right, layout.plot)) }
    for (k, pane) in layout.panes.enumerated() { out.append((.pane(k), pane.axis, pane.rect)) }
    return out
  }

  private static func name(_ axis: Axis) -> String {
    switch axis {
    case .x: "x"
    case .left: "left"
    case .right: "right"
    case let .pane(k): "pane \(k + 1)"
    }
  }

  private static func name(_ kind: AxisTexts.Drawn.Kind) -> String {
    switch kind {
    case .tick: "tick"
    case .title, .offset: "title"
    case .custom: "custom label"
    case .badge: "badge"
    }
  }
}
