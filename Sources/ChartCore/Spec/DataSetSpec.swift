import ChartdJSON

/// One data set: identity, kind, axis, visibility, colours, per-kind style and entries.
public struct DataSetSpec: Sendable, Equatable {
  /// Stable identity used by edits and region ids; defaults to the label.
  public var id: String
  public var label: String
  /// For combined charts; otherwise the chart's kind (pie data sets have none).
  public var kind: SeriesKind? = nil
  public var axis: AxisDependency = .left
  /// The plot pane it is drawn in (`ChartSpec.panes`); 0 is the main pane.
  public var pane: Int = 0
  public var visible: Bool = true
  /// Entry indices left out of the drawing, sorted (pie: hidden slices, legend items dimmed).
  public var hiddenEntries: [Int] = []
  /// Main colour; the theme palette colour for the data set's position when nil.
  public var color: Color? = nil
  /// Colours cycled per entry by its position `entryOffset + index` (pie slices: by index); overrides `color` when non-empty.
  public var colors: [Color] = []
  public var line = LineStyle()
  public var bar = BarStyle()
  public var scatter = ScatterStyle()
  public var bubble = BubbleStyle()
  public var candle = CandleStyle()
  public var valueLabels = ValueLabelStyle()
  /// Labels of stack segments for stacked bars (one legend entry each).
  public var stackLabels: [String] = []
  /// Stack group of a line data set: sets with the same name on one axis stack (ECharts' `stack`).
  public var stack: String? = nil
  public var entries = EntryColumns()
  /// Absolute position of `entries[0]`: entries that left the front (a sliding window, a removal
  /// at 0) are counted, so the chunks they did not touch keep their ids. Part of the spec, so that a
  /// render from scratch of `chart/getSpec`'s result numbers chunks as the document does.
  public var entryOffset: Int = 0
  /// The data set object as it was given, without `entries`: `chart/getSpec` writes it back, so the
  /// styles are returned exactly as the client wrote them instead of being re-encoded.
  public var source: [String: JSONValue] = [:]

  public init(id: String, label: String? = nil) {
    self.id = id
    self.label = label ?? id
  }
}

/// Value labels drawn next to entries (iOS Charts `drawValuesEnabled`).
public struct ValueLabelStyle: Sendable, Equatable {
  public var show: Bool = false
  public var format: FormatterSpec? = nil
  public var fontSize: Double? = nil
  public var color: Color? = nil
  /// Labels are dropped above this many visible entries (they would overlap).
  public var maxVisibleEntries: Int = 100
  public init() {}
}
