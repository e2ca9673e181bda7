/// What one legend item names, before it is measured and placed.
struct LegendEntry: Sendable, Hashable {
  var dataSetID: String?
  var entryIndex: Int?
  var label: String
  var color: Color
  var dimmed: Bool
  /// The gradient the marks it stands for are filled with (`bar.gradient`), drawn in its form.
  var gradient: GradientSpec? = nil
  /// The colour of the form's right half, `color` being the left's: a candlestick set's falling
  /// and rising candles (`LegendItemLayout.split`).
  var split: Color? = nil
}

extension LegendLayouter {
  /// Most items a legend shows: beyond this a legend stops being readable (a pie of a thousand slices).
  static let maxItems = 200

  /// The automatic entries, the first `limit` of them: one per data set; pie: one per slice of the
  /// first data set; stacked bars with stack labels: one per label.
  static func entries(_ model: ChartModel, limit: Int = maxItems) -> [LegendEntry] {
    let spec = model.spec
    var out: [LegendEntry] = []
    if spec.kind == .pie {
      guard let ds = spec.dataSets.first else { return [] }
      let e = ds.entries
      let hidden = Set(ds.hiddenEntries)
      for i in 0..<min(e.count, max(limit, 0)) {
        let label = PieSlices.label(e, i) ?? "Item \(i + 1)"
        // The colours the pie and bar renderers use, so that items match what is drawn.
        let color = PieSlices.color(model, entry: i)
        // A negative value draws no slice; its item stays (the legend still lists every entry)
        // but is dimmed like a hidden data set's, so it does not read as a share of the pie.
        // A hidden slice's item is dimmed the same way, and stays so that it can be toggled back.
        let negative = i < e.y.count && e.y[i] < 0
        out.append(LegendEntry(dataSetID: nil, entryIndex: i, label: label, color: color,
                               dimmed: !ds.visible || negative || hidden.contains(i)))
      }
      return out
    }
    // Stack label items are numbered across the chart so that their region keys stay unique.
    var stackItem = 0
    // By position, each set's style read in place: a data set bound to a name is copied (its
    // entries too, a retain per column), and a legend toggle makes these entries.
    for i in spec.dataSets.indices where out.count < limit {
      let ds = spec.dataSets[i].style.value
      if let labels = stackItemLabels(model, i) {
        // Segments take a gradient only when it follows their colours (series.md, "Gradient").
        let gradient = ds.bar.gradient.flatMap { $0.followsOwnColor ? $0 : nil }
        for (j, label) in labels.enumerated() where out.count < limit {
          let color = BarRenderer.stackSegmentColor(model: model, dataSetIndex: i, segment: j)
          out.append(LegendEntry(dataSetID: nil, entryIndex: stackItem, label: label, color: color, dimmed: !ds.visible,
                                 gradient: gradient))
          stackItem += 1
        }
        continue
      }
      let kind = model.seriesKind(of: i)
      if kind == .candlestick {
        // Candles are drawn in their direction's colours, never in the set's own: the form shows those.
        out.append(LegendEntry(dataSetID: ds.id, entryIndex: nil, label: ds.label,
                               color: CandleRenderer.color(.increasing, ds.candle, model.theme), dimmed: !ds.visible,
                               split: CandleRenderer.color(.decreasing, ds.candle, model.theme)))
        continue
      }
      out.append(LegendEntry(dataSetID: ds.id, entryIndex: nil, label: ds.label, color: model.color(of: i), dimmed: !ds.visible,
                             gradient: kind == .bar ? ds.bar.gradient : nil))
    }
    return out
  }

  /// How many entries there are in all, beyond `maxItems` too: the "+N more" item counts every
  /// one the legend leaves out, not only those among the first `maxItems`.
  static func entryCount(_ model: ChartModel) -> Int {
    let spec = model.spec
    if spec.kind == .pie { return spec.dataSets.first?.entries.count ?? 0 }
    var n = 0
    for i in spec.dataSets.indices { n += stackItemLabels(model, i)?.count ?? 1 }
    return n
  }

  /// The stack labels that data set `i` lists as items in place of one item of its own (a bar set
  /// with `stackLabels`), or nil: `entries` and `entryCount` count by this one rule.
  private static func stackItemLabels(_ model: ChartModel, _ i: Int) -> [String]? {
    let labels = model.spec.dataSets[i].style.value.stackLabels
    return model.seriesKind(of: i) == .bar && !labels.isEmpty ? labels : nil
  }
}
