/// The chart as the pipeline sees it: the spec plus what is derived from it once (kinds, colours, ranges).
///
/// Layout and renderers read the model; only edits (Patch/…) change it. Range queries go through
/// `valueRange` / `xRange` so that their cost can stay proportional to what changed.
public struct ChartModel: Sendable {
  public private(set) var spec: ChartSpec
  public let theme: Theme

  public init(spec: ChartSpec) {
    self.spec = spec
    self.theme = Theme.named(spec.theme)
  }

  /// What the data set at `index` is drawn as (nil for pie charts).
  public func seriesKind(of index: Int) -> SeriesKind? {
    switch spec.kind {
    case .pie: return nil
    case .combined: return spec.dataSets[index].kind ?? .line
    case .line: return .line
    case .bar: return .bar
    case .scatter: return .scatter
    case .bubble: return .bubble
    case .candlestick: return .candlestick
    }
  }

  /// The data set's main colour: its own, or the palette colour of its position.
  public func color(of index: Int) -> Color {
    spec.dataSets[index].color ?? spec.dataSets[index].colors.first ?? theme.paletteColor(index)
  }

  /// Whether the data set counts for the axis ranges.
  public func countsForRange(_ index: Int) -> Bool {
    spec.dataSets[index].visible || spec.hiddenDataSetsAffectRange
  }

  /// Lowest and highest finite x of the data set, or nil when it has none.
  public func xRange(dataSet index: Int) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for v in spec.dataSets[index].entries.x where v.isFinite {
      lo = min(lo, v)
      hi = max(hi, v)
    }
    return lo <= hi ? lo...hi : nil
  }

  /// Lowest and highest value the data set occupies on its value axis, optionally only for entries
  /// whose x lies in `xWindow`; nil when there is none.
  public func valueRange(dataSet index: Int, xWindow: ClosedRange<Double>? = nil) -> ClosedRange<Double>? {
    let e = spec.dataSets[index].entries
    var lo = Double.infinity, hi = -Double.infinity
    for i in 0..<e.count {
      if let w = xWindow, !w.contains(e.x[i]) { continue }
      let s = e.valueSpan(at: i)
      if s.lo.isFinite { lo = min(lo, s.lo) }
      if s.hi.isFinite { hi = max(hi, s.hi) }
    }
    return lo <= hi ? lo...hi : nil
  }
}
