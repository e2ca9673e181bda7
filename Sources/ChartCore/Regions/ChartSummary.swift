/// The generated accessibility description: kind, data sets and axis ranges.
///
/// Built from the layout's domains rather than entry counts, so it changes only when what a reader
/// would be told changes (an append inside the domain leaves it alone).
public enum ChartSummary {
  public static func describe(_ model: ChartModel, _ layout: ChartLayout) -> String {
    let spec = model.spec
    var parts: [String] = []
    let names = spec.dataSets.filter(\.visible).map(\.label)
    let kind = RegionRenderer.kindName(spec.kind).lowercased()
    parts.append("A \(kind) chart with \(names.count) visible data set\(names.count == 1 ? "" : "s")"
      + (names.isEmpty ? "." : ": " + names.joined(separator: ", ") + "."))
    // Stacked sets are drawn at sums (or shares), not at their values: a reader needs to know.
    let stacked = stackedLabels(model)
    if !stacked.isEmpty {
      let how = spec.stackMode == .percent ? " as percentages of each x's total" : ""
      parts.append("Stacked\(how), bottom first: " + stacked.joined(separator: ", ") + ".")
    }
    func range(_ name: String, _ axis: AxisLayout?) {
      guard let axis else { return }
      let lo = ValueFormatter.format(axis.scale.domainMin, nil, locale: spec.locale)
      let hi = ValueFormatter.format(axis.scale.domainMax, nil, locale: spec.locale)
      parts.append("\(name) from \(lo) to \(hi).")
    }
    range("X axis", layout.x)
    range("Left axis", layout.left)
    range("Right axis", layout.right)
    if let g = layout.radar?.geometry {
      let lo = ValueFormatter.format(g.domainMin, nil, locale: spec.locale)
      let hi = ValueFormatter.format(g.domainMax, nil, locale: spec.locale)
      parts.append("\(g.spokes) categor\(g.spokes == 1 ? "y" : "ies"), values from \(lo) at the centre to \(hi) at the rim.")
    }
    return parts.joined(separator: " ")
  }

  /// The labels of the shown data sets that are drawn stacked, in data set order: what the summary
  /// says of stacking (and so what its region's input reads).
  static func stackedLabels(_ model: ChartModel) -> [String] {
    model.spec.dataSets.indices.filter { model.isStackedLine($0) && model.spec.dataSets[$0].visible }
      .map { model.spec.dataSets[$0].label }
  }
}
