import ChartdJSON

/// One data set: identity, kind, axis, visibility, colours, per-kind style and entries.
public struct DataSetSpec: Sendable, Equatable {
  /// What the data set looks like (everything but `entries`, `entryOffset` and `source`), in one
  /// copy-on-write box: a layer key holds it, and the key made at the next update finds it equal
  /// by identity unless an edit changed the style, without copying or comparing its fields.
  private(set) var style: CopyOnWrite<Style>
  /// Stable identity used by edits and region ids; defaults to the label.
  public var id: String {
    _read { yield style.value.id }
    _modify { yield &style.value.id }
  }
  public var label: String {
    _read { yield style.value.label }
    _modify { yield &style.value.label }
  }
  /// For combined charts; otherwise the chart's kind (pie data sets have none).
  public var kind: SeriesKind? {
    _read { yield style.value.kind }
    _modify { yield &style.value.kind }
  }
  public var axis: AxisDependency {
    _read { yield style.value.axis }
    _modify { yield &style.value.axis }
  }
  /// The plot pane it is drawn in (`ChartSpec.panes`); 0 is the main pane.
  public var pane: Int {
    _read { yield style.value.pane }
    _modify { yield &style.value.pane }
  }
  public var visible: Bool {
    _read { yield style.value.visible }
    _modify { yield &style.value.visible }
  }
  /// Entry indices left out of the drawing, sorted (pie: hidden slices, legend items dimmed).
  public var hiddenEntries: [Int] {
    _read { yield style.value.hiddenEntries }
    _modify { yield &style.value.hiddenEntries }
  }
  /// Main colour; the theme palette colour for the data set's position when nil.
  public var color: Color? {
    _read { yield style.value.color }
    _modify { yield &style.value.color }
  }
  /// Colours cycled per entry by its position `entryOffset + index` (pie slices: by index); overrides `color` when non-empty.
  public var colors: [Color] {
    _read { yield style.value.colors }
    _modify { yield &style.value.colors }
  }
  public var line: LineStyle {
    _read { yield style.value.line }
    _modify { yield &style.value.line }
  }
  public var bar: BarStyle {
    _read { yield style.value.bar }
    _modify { yield &style.value.bar }
  }
  public var scatter: ScatterStyle {
    _read { yield style.value.scatter }
    _modify { yield &style.value.scatter }
  }
  public var bubble: BubbleStyle {
    _read { yield style.value.bubble }
    _modify { yield &style.value.bubble }
  }
  public var candle: CandleStyle {
    _read { yield style.value.candle }
    _modify { yield &style.value.candle }
  }
  public var valueLabels: ValueLabelStyle {
    _read { yield style.value.valueLabels }
    _modify { yield &style.value.valueLabels }
  }
  /// Labels of stack segments for stacked bars (one legend entry each).
  public var stackLabels: [String] {
    _read { yield style.value.stackLabels }
    _modify { yield &style.value.stackLabels }
  }
  /// Stack group of a line data set: sets with the same name on one axis stack (ECharts' `stack`).
  public var stack: String? {
    _read { yield style.value.stack }
    _modify { yield &style.value.stack }
  }
  public var entries: EntryColumns = EntryColumns()
  /// Absolute position of `entries[0]`: entries that left the front (a sliding window, a removal
  /// at 0) are counted, so the chunks they did not touch keep their ids. Part of the spec, so that a
  /// render from scratch of `chart/getSpec`'s result numbers chunks as the document does.
  public var entryOffset: Int = 0
  /// The data set object as it was given, without `entries`: `chart/getSpec` writes it back, so the
  /// styles are returned exactly as the client wrote them instead of being re-encoded.
  public var source: [String: JSONValue] = [:]

  public init(id: String, label: String? = nil) {
    style = CopyOnWrite(Style(id: id, label: label ?? id))
  }

  /// The stored fields of `style`.
  struct Style: Sendable, Equatable {
    var id: String
    var label: String
    var kind: SeriesKind? = nil
    var axis: AxisDependency = .left
    var pane: Int = 0
    var visible: Bool = true
    var hiddenEntries: [Int] = []
    var color: Color? = nil
    var colors: [Color] = []
    var line: LineStyle = LineStyle()
    var bar: BarStyle = BarStyle()
    var scatter: ScatterStyle = ScatterStyle()
    var bubble: BubbleStyle = BubbleStyle()
    var candle: CandleStyle = CandleStyle()
    var valueLabels: ValueLabelStyle = ValueLabelStyle()
    var stackLabels: [String] = []
    var stack: String? = nil
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
