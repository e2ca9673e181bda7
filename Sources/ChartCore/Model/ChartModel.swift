/// The chart as the pipeline sees it: the spec plus per-data-set indexes kept up to date by edits.
///
/// Layout and renderers read the model; only the mutators in ChartModel+Mutation.swift change it,
/// and each keeps the `SeriesIndex` of the data set it touches in step, so range queries cost
/// O(chunks) and an append costs O(chunk size).
public struct ChartModel: Sendable {
  public internal(set) var spec: ChartSpec { didSet { state = Revisions.next() } }
  public internal(set) var theme: Theme
  /// One index per data set, aligned with `spec.dataSets`.
  public internal(set) var series: [SeriesIndex] { didSet { state = Revisions.next() } }
  /// Names this state of the spec and the indexes: every change of either gives a new one, never
  /// given before, so what is worked out for a state (`StackMemo`) is read for it alone.
  private(set) var state = Revisions.next()
  /// What stacked sets already worked out: one reference, so that a copy of the model stays cheap.
  let stackCaches = StackCaches()
  /// Band extents of stacked chunks already worked out (ChartModel+Stacks.swift).
  var stackExtents: BoundedCache<StackExtents.Key, StackExtents.Extent> { stackCaches.extents }
  /// Piles under chunks of aligned stacked sets already worked out (StackPiles.swift).
  var stackPiles: BoundedCache<StackPiles.Key, StackPiles.Column> { stackCaches.piles }
  /// Totals at the x of chunks of aligned percent stacks already worked out (StackShares.swift).
  var shareTotals: BoundedCache<StackShares.TotalsKey, StackShares.Totals> { stackCaches.shareTotals }
  /// Piles of shares under chunks of aligned percent stacks already worked out (StackShares.swift).
  var sharePiles: BoundedCache<StackShares.PilesKey, StackPiles.Column> { stackCaches.sharePiles }
  /// Stack groups and chains of columns of this state (StackMemo.swift).
  var stackMemo: StackMemo { stackCaches.memo }
  /// Data set positions by id, made again by every mutator that adds, removes or replaces data sets.
  var ids: DataSetIDs

  public init(spec: ChartSpec) {
    self.spec = spec
    self.theme = Theme.named(spec.theme)
    self.series = spec.dataSets.map { SeriesIndex(chunkSize: spec.largeData.chunkSize, dataSet: $0) }
    ids = DataSetIDs(spec.dataSets) { $0.id }
  }

  /// What the data set at `index` is drawn as (nil for pie and radar charts).
  public func seriesKind(of index: Int) -> SeriesKind? {
    switch spec.kind {
    case .pie, .radar: return nil
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

  /// Whether the chart has an entry to draw: in any data set, or in a pie's first (the one it draws).
  /// Hidden data sets count: their legend items are still there to show them again.
  public var hasEntries: Bool {
    spec.kind == .pie ? (series.first.map { $0.count > 0 } ?? false) : series.contains { $0.count > 0 }
  }

  /// Whether the data set counts for the axis ranges.
  public func countsForRange(_ index: Int) -> Bool {
    spec.dataSets[index].visible || spec.hiddenDataSetsAffectRange
  }

  /// Lowest and highest finite x of the data set, or nil when it has none.
  public func xRange(dataSet index: Int) -> ClosedRange<Double>? { series[index].xRange }

  /// Lowest and highest value the data set occupies on its value axis, optionally only for entries
  /// whose x lies in `xWindow`; nil when there is none.
  public func valueRange(dataSet index: Int, xWindow: ClosedRange<Double>? = nil) -> ClosedRange<Double>? {
    series[index].valueRange(spec.dataSets[index].entries, xWindow: xWindow)
  }

  /// The part of the data set's x range a log axis shows: lowest positive to highest x.
  public func positiveXRange(dataSet index: Int) -> ClosedRange<Double>? { series[index].positiveXRange }

  /// The part of the data set's value range a log axis shows: lowest positive to highest value.
  public func positiveValueRange(dataSet index: Int, xWindow: ClosedRange<Double>? = nil) -> ClosedRange<Double>? {
    series[index].valueRange(spec.dataSets[index].entries, xWindow: xWindow, positive: true)
  }
}
