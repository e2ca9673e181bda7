@testable import ChartCore

/// Small specs of every chart kind, built in Swift, for engine tests.
enum SpecFixtures {
  static func entries(_ ys: [Double], x0: Double = 0) -> EntryColumns {
    EntryColumns(x: ys.indices.map { x0 + Double($0) }, y: ys)
  }

  static func dataSet(_ id: String, _ ys: [Double], kind: SeriesKind? = nil) -> DataSetSpec {
    var ds = DataSetSpec(id: id)
    ds.entries = entries(ys)
    ds.kind = kind
    return ds
  }

  static func candles(_ n: Int, seed: UInt64) -> DataSetSpec {
    var rng = SeededRandom(seed: seed)
    var ds = DataSetSpec(id: "k")
    var e = EntryColumns()
    var p = 100.0
    for i in 0..<n {
      let o = p + rng.normal(), c = o + rng.normal() * 2
      e.x.append(Double(i))
      e.open = (e.open ?? []) + [o]
      e.close = (e.close ?? []) + [c]
      e.high = (e.high ?? []) + [max(o, c) + 1]
      e.low = (e.low ?? []) + [min(o, c) - 1]
      e.y.append(c)
      p = c
    }
    ds.entries = e
    return ds
  }

  /// Three line data sets in one stack (two filled, one of them cubic; the third with x values
  /// between the others') and a plain line on the same axis.
  static func stacked(_ make: (ChartKind, [DataSetSpec]) -> ChartSpec, percent: Bool) -> ChartSpec {
    var sets = [dataSet("a", [1, 3, 2, 5, 4, 6, 2, 8, 7, 3, 4, 5]), dataSet("b", [2, 2, 3, 1, -1, 4, 2, 2, 3]),
                dataSet("c", [1, 2, 1, 3, 2]), dataSet("plain", [9, 8, 7])]
    for k in 0..<3 { sets[k].stack = "s" }
    sets[0].line.fill = true
    sets[1].line.fill = true
    sets[1].line.mode = percent ? .stepped : .cubicBezier
    sets[2].entries.x = EntryColumn(sets[2].entries.x.map { $0 * 2 + 0.5 })
    sets[2].valueLabels.show = true
    var spec = make(.line, sets)
    spec.stackMode = percent ? .percent : .normal
    return spec
  }

  /// One spec per chart kind; `chunkSize` small so that chunking is exercised.
  static func all(chunkSize: Int = 8) -> [(String, ChartSpec)] {
    var out: [(String, ChartSpec)] = []
    func make(_ kind: ChartKind, _ sets: [DataSetSpec]) -> ChartSpec {
      var s = ChartSpec()
      s.kind = kind
      s.dataSets = sets
      s.largeData.chunkSize = chunkSize
      return s
    }
    out.append(("line", make(.line, [dataSet("a", [1, 3, 2, 5, 4, 6, 2, 8, 7, 3]), dataSet("b", [2, 2, 3, 1])])))
    out.append(("bar", make(.bar, [dataSet("a", [4, 5, 6]), dataSet("b", [1, 7, 3])])))
    var keptSlots = make(.bar, [dataSet("a", [4, 5, 6]), dataSet("b", [1, 7, 3]), dataSet("c", [2, 2, 5])])
    keptSlots.bars.keepHiddenSlots = true
    out.append(("bar-kept-slots", keptSlots))
    // Per-corner radii: rounded veils over highlighted bars, and stacks whose ends move with edits.
    var corners = make(.bar, [dataSet("a", [4, -5, 6]), dataSet("b", [1, 7, -3])])
    corners.dataSets[0].bar.cornerRadii = [8, 3, 0, 2]
    corners.dataSets[1].bar.cornerRadius = 5
    corners.dataSets[1].bar.corners = .both
    out.append(("bar-corner-radii", corners))
    out.append(("scatter", make(.scatter, [dataSet("p", [3, 1, 4, 1, 5, 9, 2, 6])])))
    var bubble = dataSet("u", [3, 5, 2])
    bubble.entries.size = [10, 40, 20]
    out.append(("bubble", make(.bubble, [bubble])))
    out.append(("candlestick", make(.candlestick, [candles(12, seed: 1)])))
    var pie = dataSet("slices", [5, 3, 2])
    pie.entries.labels = ["A", "B", "C"]
    out.append(("pie", make(.pie, [pie])))
    var hiddenSlice = pie
    hiddenSlice.hiddenEntries = [1]
    out.append(("pie-hidden-slice", make(.pie, [hiddenSlice])))
    var radar = make(.radar, [dataSet("r1", [4, 7, 5, 9, 3, 6]), dataSet("r2", [6, 2, 8, 4, 7, 5])])
    radar.radar.categories = ["A", "B", "C", "D", "E", "F"]
    radar.dataSets[0].line.fill = true
    radar.dataSets[1].valueLabels.show = true
    out.append(("radar", radar))
    var custom = make(.line, [dataSet("a", [1, 3, 2, 5, 4, 6, 2, 8, 7, 3])])
    custom.leftAxis.common.customLabels = [CustomAxisLabel(value: 4.5, text: "target"), CustomAxisLabel(value: 7.25)]
    custom.xAxis.common.customLabels = [CustomAxisLabel(value: 9, text: "the last entry of the window")]
    out.append(("line-custom-labels", custom))
    out.append(("combined", make(.combined, [dataSet("bars", [4, 2, 6], kind: .bar), dataSet("line", [1, 5, 3], kind: .line)])))
    // Log axes: the random values include 0 and negatives, which these axes skip.
    var logLine = make(.line, [dataSet("a", [1, 30, 2, 500, 4, 6, 0.2, 8, 7, 3]), dataSet("b", [2, 20, 3, 1])])
    logLine.leftAxis.common.scale = .log
    logLine.leftAxis.common.minorGrid = true
    logLine.xAxis.common.scale = .log
    out.append(("line-log", logLine))
    var logBars = make(.bar, [dataSet("a", [4, 50, 6]), dataSet("b", [1, 700, 3])])
    logBars.leftAxis.common.scale = .log
    logBars.leftAxis.common.logBase = 2
    out.append(("bar-log", logBars))
    out.append(("stacked-area", stacked(make, percent: false)))
    out.append(("stacked-percent", stacked(make, percent: true)))
    var logBubble = bubble
    logBubble.entries.x = [1, 10, 100]
    var bubbles = make(.bubble, [logBubble])
    bubbles.xAxis.common.scale = .log
    bubbles.leftAxis.common.scale = .log
    out.append(("bubble-log", bubbles))
    // Axis tooltips: several lines; candles and a line on trading days; horizontal grouped bars.
    var tooltipLines = make(.line, [dataSet("a", [1, 3, 2, 5, 4, 6, 2, 8, 7, 3]), dataSet("b", [2, 2, 3, 1]),
                                    dataSet("c", [4, 1, 6, 2, 5, 3, 7])])
    tooltipLines.marker.trigger = .axis
    tooltipLines.highlights = [HighlightSpec(dataSet: "b", index: 2)]
    out.append(("line-axis-tooltip", tooltipLines))
    var kline = make(.combined, [candles(12, seed: 3), dataSet("ma", [100, 101, 100.5, 102, 101, 103], kind: .line)])
    kline.dataSets[0].kind = .candlestick
    kline.xAxis.common.formatter = .indexDate(times: (0..<20).map { 1_786_060_800 + Double($0) * 86_400 }, pattern: "MM/dd")
    kline.marker.trigger = .axis
    kline.highlights = [HighlightSpec(dataSet: "k", index: 4)]
    out.append(("kline-axis-tooltip", kline))
    var bars = make(.bar, [dataSet("a", [4, 5, 6]), dataSet("b", [1, 7, 3]), dataSet("c", [2, 2, 5])])
    bars.bars.horizontal = true
    bars.marker.trigger = .axis
    bars.highlights = [HighlightSpec(dataSet: "c", index: 1)]
    out.append(("bar-axis-tooltip", bars))
    return out
  }
}
