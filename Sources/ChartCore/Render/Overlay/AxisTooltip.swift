/// What an axis tooltip (`marker.trigger: "axis"`) shows: every visible data set's entry at the
/// first highlight's x, resolved against the model and the layout.
///
/// It is both what the marker and the axis pointer draw and the input that decides when they are
/// re-rendered (`RegionInputs`): equal tooltips draw equal markup.
struct AxisTooltip: Equatable, Sendable {
  /// One data set's line: a swatch, its label and its value lines.
  struct Row: Equatable, Sendable {
    var dataSet: String
    var label: String
    var color: Color
    /// The first beside the label, further ones under it (a candle's `L … C …`, a bubble's size).
    var values: [String]
    /// Where the entry is drawn (the box is placed beside the points it lists).
    var point: Point
  }

  /// The highlighted x, in data units.
  var x: Double
  /// Where the pointer line crosses the x axis, in px (a y in horizontal bar charts).
  var position: Double
  /// The x written as the x axis writes it ("" when the axis names no label there).
  var header: String
  var rows: [Row]

  /// The tooltip of the chart's first highlight; nil without `trigger: axis`, for pies and radars,
  /// when the highlight names no entry, when its x lies outside the plot (zoomed away), or when no
  /// visible data set has an entry at that x.
  static func resolve(_ model: ChartModel, _ layout: ChartLayout) -> AxisTooltip? {
    let spec = model.spec
    guard spec.usesAxisTooltip, let h = spec.highlights.first, let i = model.dataSetIndex(id: h.dataSet),
          h.index >= 0, h.index < spec.dataSets[i].entries.count, let xs = layout.x?.scale else { return nil }
    let x0 = spec.dataSets[i].entries.x[h.index]
    guard x0.isFinite, xs.admits(x0) else { return nil }
    let position = xs.map(x0)
    let along = layout.horizontal ? (layout.plot.minY, layout.plot.maxY) : (layout.plot.minX, layout.plot.maxX)
    // Points on the plot's edge still count, as for item highlights.
    guard position.isFinite, position >= along.0 - 0.5, position <= along.1 + 0.5 else { return nil }
    // An index axis (or one of slots) matches within half a slot; a numeric axis exactly.
    let span = AxisPlanner.isIndexXAxis(model) ? layout.slot / 2 : 0
    var found: [(set: Int, entry: Int, numbers: [Double])] = []
    for j in spec.dataSets.indices where spec.dataSets[j].visible {
      guard let kind = model.seriesKind(of: j), let ys = layout.valueAxis(model.valueAxis(of: j))?.scale,
            let k = entry(spec.dataSets[j].entries, at: x0, within: span),
            let numbers = values(spec.dataSets[j].entries, k, kind), ys.admits(numbers[0]) else { continue }
      found.append((j, k, numbers))
    }
    guard !found.isEmpty else { return nil }
    let header = ValueFormatter.format(x0, AxisPlanner.xFormatter(model), locale: spec.locale)
    return AxisTooltip(x: x0, position: position, header: header, rows: rows(found, model, layout))
  }

  /// The entry of `e` shown at `x0`: the nearest one with |x − x0| ≤ `span` (half a slot on an
  /// index axis, 0 elsewhere); on a tie the earlier entry.
  static func entry(_ e: EntryColumns, at x0: Double, within span: Double) -> Int? {
    var best: (distance: Double, index: Int)? = nil
    for k in HitTester.candidates(e, around: x0, span: span) {
      let d = abs(e.x[k] - x0)
      if d < (best?.distance ?? .infinity) { best = (d, k) }
    }
    return best?.index
  }

  /// The numbers a row shows, the drawn value first (a candle's close, then open, high, low; a
  /// bubble's y, then its size); nil when the entry draws nothing (a missing value).
  static func values(_ e: EntryColumns, _ k: Int, _ kind: SeriesKind) -> [Double]? {
    let y = e.y[k]
    guard y.isFinite else { return nil }
    switch kind {
    case .candlestick:
      let c = [e.open, e.high, e.low].map { HighlightTarget.column($0, k) ?? .nan }
      return [HighlightTarget.column(e.close, k) ?? y] + c
    case .bubble:
      guard let size = HighlightTarget.column(e.size, k), size.isFinite else { return nil }
      return [y, size]
    case .line, .scatter, .bar:
      return [y]
    }
  }
}

extension ChartSpec {
  /// Whether the marker lists every data set at the highlighted x (charts with an x axis only).
  var usesAxisTooltip: Bool { marker.trigger == .axis && kind != .pie && kind != .radar }
}
