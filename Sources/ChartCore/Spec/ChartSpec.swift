/// A whole chart as the client describes it: size, theme, data sets, axes, legend and options.
///
/// Parsed from JSON by `ChartSpec.parse` (Spec/ChartSpec+Parse.swift); every field has a default
/// so that `{"kind": "line", "dataSets": [...]}` is a complete chart.
public struct ChartSpec: Sendable, Equatable {
  private var storage = CopyOnWrite(Fields())

  public var width: Double {
    _read { yield storage.value.width }
    _modify { yield &storage.value.width }
  }
  public var height: Double {
    _read { yield storage.value.height }
    _modify { yield &storage.value.height }
  }
  public var theme: ThemeName {
    _read { yield storage.value.theme }
    _modify { yield &storage.value.theme }
  }
  public var title: String? {
    _read { yield storage.value.title }
    _modify { yield &storage.value.title }
  }
  /// Accessibility description; a summary of the data is generated when absent.
  public var description: String? {
    _read { yield storage.value.description }
    _modify { yield &storage.value.description }
  }
  /// Written in the middle of the plot while the chart has no entry to draw; empty: nothing.
  public var noDataText: String {
    _read { yield storage.value.noDataText }
    _modify { yield &storage.value.noDataText }
  }
  public var kind: ChartKind {
    _read { yield storage.value.kind }
    _modify { yield &storage.value.kind }
  }
  public var dataSets: [DataSetSpec] {
    _read { yield storage.value.dataSets }
    _modify { yield &storage.value.dataSets }
  }
  public var xAxis: XAxisSpec {
    _read { yield storage.value.xAxis }
    _modify { yield &storage.value.xAxis }
  }
  public var leftAxis: YAxisSpec {
    _read { yield storage.value.leftAxis }
    _modify { yield &storage.value.leftAxis }
  }
  public var rightAxis: YAxisSpec {
    _read { yield storage.value.rightAxis }
    _modify { yield &storage.value.rightAxis }
  }
  public var legend: LegendSpec {
    _read { yield storage.value.legend }
    _modify { yield &storage.value.legend }
  }
  public var limitLines: [LimitLineSpec] {
    _read { yield storage.value.limitLines }
    _modify { yield &storage.value.limitLines }
  }
  public var highlights: [HighlightSpec] {
    _read { yield storage.value.highlights }
    _modify { yield &storage.value.highlights }
  }
  public var highlightStyle: HighlightStyle {
    _read { yield storage.value.highlightStyle }
    _modify { yield &storage.value.highlightStyle }
  }
  public var marker: MarkerSpec {
    _read { yield storage.value.marker }
    _modify { yield &storage.value.marker }
  }
  /// Visible x range (zoom/pan); nil shows all data.
  public var viewport: Viewport? {
    _read { yield storage.value.viewport }
    _modify { yield &storage.value.viewport }
  }
  /// Plot panes stacked top to bottom (empty: one pane); see `PaneSpec`.
  public var panes: [PaneSpec] {
    _read { yield storage.value.panes }
    _modify { yield &storage.value.panes }
  }
  /// Grouping and sizing of bars across data sets.
  public var bars: BarLayoutSpec {
    _read { yield storage.value.bars }
    _modify { yield &storage.value.bars }
  }
  public var pie: PieSpec {
    _read { yield storage.value.pie }
    _modify { yield &storage.value.pie }
  }
  public var radar: RadarSpec {
    _read { yield storage.value.radar }
    _modify { yield &storage.value.radar }
  }
  /// How stacked line data sets pile up: values summed, or shares of each x's total.
  public var stackMode: StackMode {
    _read { yield storage.value.stackMode }
    _modify { yield &storage.value.stackMode }
  }
  /// Whether hidden data sets still count for the axis ranges (iOS Charts: they do; our default: they do not).
  public var hiddenDataSetsAffectRange: Bool {
    _read { yield storage.value.hiddenDataSetsAffectRange }
    _modify { yield &storage.value.hiddenDataSetsAffectRange }
  }
  /// Large-data drawing: automatic M4 aggregation above a threshold, or always lossless.
  public var largeData: LargeDataSpec {
    _read { yield storage.value.largeData }
    _modify { yield &storage.value.largeData }
  }
  public var locale: LocaleSpec {
    _read { yield storage.value.locale }
    _modify { yield &storage.value.locale }
  }
  /// Base font size in px for tick labels and legend text; titles scale from it.
  public var fontSize: Double {
    _read { yield storage.value.fontSize }
    _modify { yield &storage.value.fontSize }
  }
  /// Padding between the canvas edge and the chart content, in px.
  public var padding: Insets {
    _read { yield storage.value.padding }
    _modify { yield &storage.value.padding }
  }

  public init() {}

  /// The data set with this id, if any.
  public func dataSetIndex(id: String) -> Int? { dataSets.firstIndex { $0.id == id } }

  /// The stored fields; `ChartSpec` keeps them in one shared box (see `CopyOnWrite`).
  struct Fields: Sendable, Equatable {
    var width: Double = 800
    var height: Double = 400
    var theme: ThemeName = .light
    var title: String? = nil
    var description: String? = nil
    var noDataText: String = "No chart data available."
    var kind: ChartKind = .line
    var dataSets: [DataSetSpec] = []
    var xAxis: XAxisSpec = XAxisSpec()
    var leftAxis: YAxisSpec = YAxisSpec(side: .left)
    var rightAxis: YAxisSpec = YAxisSpec(side: .right)
    var legend: LegendSpec = LegendSpec()
    var limitLines: [LimitLineSpec] = []
    var highlights: [HighlightSpec] = []
    var highlightStyle: HighlightStyle = HighlightStyle()
    var marker: MarkerSpec = MarkerSpec()
    var viewport: Viewport? = nil
    var panes: [PaneSpec] = []
    var bars: BarLayoutSpec = BarLayoutSpec()
    var pie: PieSpec = PieSpec()
    var radar: RadarSpec = RadarSpec()
    var stackMode: StackMode = .normal
    var hiddenDataSetsAffectRange: Bool = false
    var largeData: LargeDataSpec = LargeDataSpec()
    var locale: LocaleSpec = LocaleSpec()
    var fontSize: Double = 11
    var padding: Insets = Insets(top: 10, left: 10, bottom: 10, right: 10)
  }
}

/// The chart kinds; `combined` draws each data set with its own `kind`.
public enum ChartKind: String, Sendable, CaseIterable {
  case line, bar, scatter, bubble, candlestick, pie, radar, combined
}

/// The kind one data set is drawn as (in a combined chart each data set says its own).
public enum SeriesKind: String, Sendable, CaseIterable {
  case line, bar, scatter, bubble, candlestick
  /// Draw order in combined charts (as iOS Charts): bar, bubble, line, candle, scatter.
  public var combinedOrder: Int {
    switch self {
    case .bar: return 0
    case .bubble: return 1
    case .line: return 2
    case .candlestick: return 3
    case .scatter: return 4
    }
  }
}

/// How the line data sets of one stack group pile up (`stackMode`).
public enum StackMode: String, Sendable, CaseIterable {
  /// Each set is drawn at the sum of its value and the values below it.
  case normal
  /// Each x is divided by its stack's total of absolute values: the stack spans 0 … 100 %.
  case percent
}

public enum ThemeName: String, Sendable, CaseIterable { case light, dark, highContrast }

public enum AxisDependency: String, Sendable, CaseIterable { case left, right }

/// Visible x range; either end may be open (nil = data extent).
public struct Viewport: Sendable, Equatable {
  public var xMin: Double?
  public var xMax: Double?
  /// Re-fit the y axes to the entries inside the visible x range.
  public var autoScaleY: Bool = true
  public init(xMin: Double? = nil, xMax: Double? = nil, autoScaleY: Bool = true) {
    self.xMin = xMin
    self.xMax = xMax
    self.autoScaleY = autoScaleY
  }
}

public struct Insets: Sendable, Equatable {
  public var top, left, bottom, right: Double
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// One entry to highlight, by data set id and entry index.
public struct HighlightSpec: Sendable, Equatable {
  public var dataSet: String
  public var index: Int
  /// For stacked bars: which stack segment (nil = the whole bar).
  public var stackIndex: Int?
  public init(dataSet: String, index: Int, stackIndex: Int? = nil) {
    self.dataSet = dataSet
    self.index = index
    self.stackIndex = stackIndex
  }
}

/// How highlights look (iOS Charts defaults: colour 255,187,115, width 0.5).
public struct HighlightStyle: Sendable, Equatable {
  public var color: Color? = nil
  public var lineWidth: Double = 1
  public var verticalLine: Bool = true
  public var horizontalLine: Bool = true
  public var dash: [Double] = []
  /// Opacity of the overlay drawn over a highlighted bar.
  public var barOverlayOpacity: Double = 0.3
  public init() {}
}

/// What the marker lists: the first highlighted entry, or every visible data set at its x.
public enum MarkerTrigger: String, Sendable, CaseIterable {
  /// One entry (iOS Charts' marker, ECharts' `tooltip.trigger: 'item'`).
  case item
  /// Every visible data set's entry at the highlighted x (ECharts' `tooltip.trigger: 'axis'`).
  case axis
}

/// The tooltip box drawn at the highlighted entry.
public struct MarkerSpec: Sendable, Equatable {
  public var enabled: Bool = true
  /// `item`: the first highlight's entry; `axis`: every visible data set at its x, with an axis pointer.
  public var trigger: MarkerTrigger = .item
  /// Formatter for the value shown (defaults to the y axis's formatter).
  public var format: FormatterSpec? = nil
  /// Show the data set label above the value.
  public var showLabel: Bool = true
  public init() {}
}

public enum LargeDataMode: String, Sendable, CaseIterable {
  /// M4 above `threshold` entries for plain linear lines, lossless otherwise.
  case auto
  /// Every entry drawn.
  case lossless
}

/// Large-data drawing: M4 aggregation keeps each device-pixel column's first, last, min and max entry.
public struct LargeDataSpec: Sendable, Equatable {
  public var mode: LargeDataMode = .auto
  /// Entries per data set above which M4 applies.
  public var threshold: Int = 5_000
  /// Device pixels per SVG user unit (2 on a retina display): M4 columns follow device pixels.
  public var devicePixelRatio: Double = 2
  /// Entries per chunk region of a long layer (an append re-renders one chunk).
  public var chunkSize: Int = 1_000
  public init() {}
}

/// Decimal and grouping separators used by every number formatter.
public struct LocaleSpec: Sendable, Equatable {
  public var decimalSeparator: String = "."
  public var groupingSeparator: String = ","
  public var useGrouping: Bool = false
  public init() {}
}
