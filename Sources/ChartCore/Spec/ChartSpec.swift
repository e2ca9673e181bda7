/// A whole chart as the client describes it: size, theme, data sets, axes, legend and options.
///
/// Parsed from JSON by `ChartSpec.parse` (Spec/ChartSpec+Parse.swift); every field has a default
/// so that `{"kind": "line", "dataSets": [...]}` is a complete chart.
public struct ChartSpec: Sendable, Equatable {
  public var width: Double = 800
  public var height: Double = 400
  public var theme: ThemeName = .light
  public var title: String? = nil
  /// Accessibility description; a summary of the data is generated when absent.
  public var description: String? = nil
  public var kind: ChartKind = .line
  public var dataSets: [DataSetSpec] = []
  public var xAxis = XAxisSpec()
  public var leftAxis = YAxisSpec(side: .left)
  public var rightAxis = YAxisSpec(side: .right)
  public var legend = LegendSpec()
  public var limitLines: [LimitLineSpec] = []
  public var highlights: [HighlightSpec] = []
  public var highlightStyle = HighlightStyle()
  public var marker = MarkerSpec()
  /// Visible x range (zoom/pan); nil shows all data.
  public var viewport: Viewport? = nil
  /// Plot panes stacked top to bottom (empty: one pane); see `PaneSpec`.
  public var panes: [PaneSpec] = []
  /// Grouping and sizing of bars across data sets.
  public var bars = BarLayoutSpec()
  public var pie = PieSpec()
  public var radar = RadarSpec()
  /// How stacked line data sets pile up: values summed, or shares of each x's total.
  public var stackMode: StackMode = .normal
  /// Whether hidden data sets still count for the axis ranges (iOS Charts: they do; our default: they do not).
  public var hiddenDataSetsAffectRange: Bool = false
  /// Large-data drawing: automatic M4 aggregation above a threshold, or always lossless.
  public var largeData = LargeDataSpec()
  public var locale = LocaleSpec()
  /// Base font size in px for tick labels and legend text; titles scale from it.
  public var fontSize: Double = 11
  /// Padding between the canvas edge and the chart content, in px.
  public var padding = Insets(top: 10, left: 10, bottom: 10, right: 10)

  public init() {}

  /// The data set with this id, if any.
  public func dataSetIndex(id: String) -> Int? { dataSets.firstIndex { $0.id == id } }
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
