/// What a data set's layer reads apart from its entries, as typed fields: compared once per data set
/// on every update, so it avoids the boxing of `AnyEquatable`.
struct LayerKey: Equatable, Sendable {
  var index: Int
  /// The data set's style (`DataSetSpec.style`: all but its entries, entry offset and source).
  var style: CopyOnWrite<DataSetSpec.Style>
  var color: Color
  var kind: SeriesKind?
  var xScale: ValueScale?
  var yScale: ValueScale?
  var plot: Rect
  var bars: BarGeometry?
  /// X units per slot: a candle's body width (bars read theirs from `bars`).
  var slot: Double
  var horizontal: Bool
  var theme: Theme
  var chartKind: ChartKind
  var barSpec: BarLayoutSpec
  var largeData: LargeDataSpec
  var locale: LocaleSpec
  var fontSize: Double
  var data: LayerDataKey
  /// A radar's web: where every vertex lies.
  var radar: RadarGeometry?
  /// A stacked line's group: the ids of its members, bottom first, and the stack mode.
  var stack: StackKey?
}

/// What a layer reads of its entries as a whole (not chunk by chunk): its M4 columns' key and the
/// largest bubble.
struct LayerDataKey: Equatable, Sendable {
  var aggregation: M4Aggregation.Key?
  var largestBubble: Double?
}

/// What highlights read apart from the highlighted entries (`RegionInputs.highlightSceneKey`), as
/// typed fields compared once per update.
struct HighlightSceneKey: Equatable, Sendable {
  var style: HighlightStyle
  var marker: MarkerSpec
  var kind: ChartKind
  var pie: PieSpec
  var radar: RadarSpec
  var stackMode: StackMode
  var x: AxisLayout?
  var left: AxisLayout?
  var right: AxisLayout?
  var plot: Rect
  var panes: [PaneLayout]
  var pieLayout: PieLayout?
  var radarLayout: RadarLayout?
  var bars: BarGeometry?
  /// X units per slot: a candle's body width (bars read theirs from `bars`).
  var slot: Double
  var horizontal: Bool
  var theme: Theme
  var canvas: Size
  var locale: LocaleSpec
  var fontSize: Double
  /// Of the x, left and right axes.
  var formatters: [FormatterSpec?]
  var paneSpecs: [PaneSpec]
}

/// The part of a stack group a member's layer reads: who is in it, in which order, and the mode.
struct StackKey: Equatable, Sendable {
  var members: [String]
  var percent: Bool
  var belowMode: LineMode?
  var belowIntensity: Double?
}
