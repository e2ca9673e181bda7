/// One tick of an axis: its value, formatted label and pixel position along the axis.
public struct Tick: Sendable, Hashable {
  public var value: Double
  public var label: String
  public var position: Double
  /// Px the label is moved along the axis to stay inside the canvas (first/last label).
  public var labelShift: Double = 0
  public init(value: Double, label: String, position: Double, labelShift: Double = 0) {
    self.value = value
    self.label = label
    self.position = position
    self.labelShift = labelShift
  }
}

/// A label drawn on an axis in a filled box (on-axis limit-line labels).
public struct AxisBadge: Sendable, Hashable {
  public var text: String
  /// Box in SVG user units; the text is centred in it.
  public var box: Rect
  public var background: Color
  public var textColor: Color
  public init(text: String, box: Rect, background: Color, textColor: Color) {
    self.text = text
    self.box = box
    self.background = background
    self.textColor = textColor
  }
}

/// Everything needed to draw one axis and to map values along it.
public struct AxisLayout: Sendable, Hashable {
  private var storage: CopyOnWrite<Fields>

  public var side: AxisSide {
    _read { yield storage.value.side }
    _modify { yield &storage.value.side }
  }
  public var scale: ValueScale {
    _read { yield storage.value.scale }
    _modify { yield &storage.value.scale }
  }
  public var ticks: [Tick] {
    _read { yield storage.value.ticks }
    _modify { yield &storage.value.ticks }
  }
  /// Degrees the tick labels are rotated by (x axis only).
  public var labelRotation: Double {
    _read { yield storage.value.labelRotation }
    _modify { yield &storage.value.labelRotation }
  }
  /// Tick labels inside the plot instead of outside.
  public var labelsInside: Bool {
    _read { yield storage.value.labelsInside }
    _modify { yield &storage.value.labelsInside }
  }
  /// The band beside the plot that holds labels and title (hit area of the axis).
  public var band: Rect {
    _read { yield storage.value.band }
    _modify { yield &storage.value.band }
  }
  public var badges: [AxisBadge] {
    _read { yield storage.value.badges }
    _modify { yield &storage.value.badges }
  }
  public var title: String? {
    _read { yield storage.value.title }
    _modify { yield &storage.value.title }
  }
  public var fontSize: Double {
    _read { yield storage.value.fontSize }
    _modify { yield &storage.value.fontSize }
  }
  public var drawLabels: Bool {
    _read { yield storage.value.drawLabels }
    _modify { yield &storage.value.drawLabels }
  }
  public var drawAxisLine: Bool {
    _read { yield storage.value.drawAxisLine }
    _modify { yield &storage.value.drawAxisLine }
  }
  public var drawGrid: Bool {
    _read { yield storage.value.drawGrid }
    _modify { yield &storage.value.drawGrid }
  }
  /// Colours, dashes, tick marks, zero line and mirrored labels (Layout/AxisStyle.swift).
  public var style: AxisStyle {
    _read { yield storage.value.style }
    _modify { yield &storage.value.style }
  }
  /// Pixel positions of the minor grid lines (log axes with `minorGrid`), between the ticks.
  public var minorGrid: [Double] {
    _read { yield storage.value.minorGrid }
    _modify { yield &storage.value.minorGrid }
  }
  /// The axis's `customLabels` that are drawn, placed.
  public var customLabels: [PlacedAxisLabel] {
    _read { yield storage.value.customLabels }
    _modify { yield &storage.value.customLabels }
  }
  /// The title as drawn: wrapped onto at most `AxisTexts.maxTitleLines` lines no longer than the
  /// plot's side, the last shortened with "…" when text is left over.
  public var titleLines: [String] {
    _read { yield storage.value.titleLines }
    _modify { yield &storage.value.titleLines }
  }
  /// What every tick label leaves out (`TickChooser.offsetLabels`): a tick's value is its label's
  /// number plus this offset, written as the last title line. Nil: labels are the values.
  public var labelOffset: Double? {
    _read { yield storage.value.labelOffset }
    _modify { yield &storage.value.labelOffset }
  }

  public init(side: AxisSide, scale: ValueScale, ticks: [Tick], labelRotation: Double = 0,
              labelsInside: Bool = false, band: Rect, badges: [AxisBadge] = [], title: String? = nil,
              fontSize: Double, drawLabels: Bool = true, drawAxisLine: Bool = true, drawGrid: Bool = true,
              style: AxisStyle = AxisStyle()) {
    storage = CopyOnWrite(Fields(side: side, scale: scale, ticks: ticks, labelRotation: labelRotation, labelsInside: labelsInside,
                                 band: band, badges: badges, title: title, fontSize: fontSize, drawLabels: drawLabels,
                                 drawAxisLine: drawAxisLine, drawGrid: drawGrid, style: style))
  }

  /// The stored parts, in one copy-on-write box: a layout's axes are copied into region inputs,
  /// region plans and highlight scenes on every update, and compared there.
  struct Fields: Sendable, Hashable {
    var side: AxisSide
    var scale: ValueScale
    var ticks: [Tick]
    var labelRotation: Double
    var labelsInside: Bool
    var band: Rect
    var badges: [AxisBadge]
    var title: String?
    var fontSize: Double
    var drawLabels: Bool
    var drawAxisLine: Bool
    var drawGrid: Bool
    var style: AxisStyle = AxisStyle()
    var minorGrid: [Double] = []
    var customLabels: [PlacedAxisLabel] = []
    var titleLines: [String] = []
    var labelOffset: Double? = nil
  }
}

extension AxisLayout {
  /// The step between ticks, for values that should read like the axis (markers); nil on a log
  /// axis, whose ticks share no step, so that a value there is written with its own digits.
  public var tickStep: Double? {
    guard !scale.transform.isLog, ticks.count >= 2 else { return nil }
    return abs(ticks[1].value - ticks[0].value)
  }
}

/// One legend entry: what it names, how it is drawn, and the rectangle a click hits.
public struct LegendItemLayout: Sendable, Hashable {
  /// The data set it toggles (nil for pie slices and stack labels, which toggle nothing).
  public var dataSetID: String?
  /// Pie slice / stack segment index when the item stands for one.
  public var entryIndex: Int?
  public var label: String
  public var color: Color
  public var form: LegendForm
  public var formRect: Rect
  /// Baseline origin of the label text.
  public var textOrigin: Point
  /// The whole item (form + text): the hit area reported to clients.
  public var hitRect: Rect
  /// Drawn dimmed because its data set is hidden (or, in a pie, its entry is negative and draws no slice).
  public var dimmed: Bool
  /// Label colour (the legend's text colour, resolved from spec and theme).
  public var textColor: Color = Color(hex: 0)
  /// The "+N more" item: how many entries it stands for (0 for an ordinary item). It toggles nothing.
  public var moreCount: Int = 0
  /// The gradient of the bars it stands for, drawn in a filled form (`LegendRenderer`).
  public var gradient: GradientSpec? = nil
  /// The colour of the form's right half, `color` painting its left half (`LegendRenderer`): a
  /// candlestick data set's falling candles beside its rising ones. Nil: one colour.
  public var split: Color? = nil
  public init(dataSetID: String?, entryIndex: Int? = nil, label: String, color: Color, form: LegendForm,
              formRect: Rect, textOrigin: Point, hitRect: Rect, dimmed: Bool, textColor: Color = Color(hex: 0)) {
    self.dataSetID = dataSetID
    self.entryIndex = entryIndex
    self.label = label
    self.color = color
    self.form = form
    self.formRect = formRect
    self.textOrigin = textOrigin
    self.hitRect = hitRect
    self.dimmed = dimmed
    self.textColor = textColor
  }
}

public struct LegendLayout: Sendable, Hashable {
  public var items: [LegendItemLayout]
  public var bounds: Rect
  public var fontSize: Double
  public init(items: [LegendItemLayout], bounds: Rect, fontSize: Double) {
    self.items = items
    self.bounds = bounds
    self.fontSize = fontSize
  }
}

public struct TitleLayout: Sendable, Hashable {
  public var text: String
  public var origin: Point
  public var fontSize: Double
  public init(text: String, origin: Point, fontSize: Double) {
    self.text = text
    self.origin = origin
    self.fontSize = fontSize
  }
}

/// The text written in the middle of the plot while the chart has no entry (`ChartSpec.noDataText`).
public struct NoDataLayout: Sendable, Hashable {
  public var text: String
  /// Where the text's middle goes: its anchor and baseline are placed from it.
  public var center: Point
  public var fontSize: Double
}

/// Geometry of a pie or donut.
public struct PieLayout: Sendable, Hashable {
  public var center: Point
  public var radius: Double
  public var holeRadius: Double
  public var transparentCircleRadius: Double
  /// Sum of the absolute visible values.
  public var total: Double
  /// The space the pie was laid out in: outside labels are spread and truncated inside it (`.zero`: unknown).
  public var bounds: Rect
  /// Px a highlighted slice reaches beyond the rim, kept free around the pie (`PieLayouter.selectionShift`).
  public var selectionShift: Double
  /// Whether the outside labels the spec asks for are drawn: false where they would leave the pie
  /// too small (`PieLayouter.minRadiusWithOutsideLabels`).
  public var outsideLabels: Bool
  public init(center: Point, radius: Double, holeRadius: Double, transparentCircleRadius: Double, total: Double,
              bounds: Rect = .zero, selectionShift: Double = 0, outsideLabels: Bool = true) {
    self.center = center
    self.radius = radius
    self.holeRadius = holeRadius
    self.transparentCircleRadius = transparentCircleRadius
    self.total = total
    self.bounds = bounds
    self.selectionShift = selectionShift
    self.outsideLabels = outsideLabels
  }
}

/// Bar geometry shared by all bar data sets: width and the x offset of each data set in a group.
public struct BarGeometry: Sendable, Hashable {
  /// The width of data set `id`'s bars, in x units.
  public func width(of id: String) -> Double { widths[id] ?? barWidth }

  /// Width of one bar in x units.
  public var barWidth: Double
  /// Offset (x units) of each bar data set's bar centre from the entry's x, keyed by data set id.
  public var offsets: [String: Double]
  /// Widths of bar data sets in charts split into panes, each pane grouping its own (else `barWidth`).
  public var widths: [String: Double] = [:]
  public init(barWidth: Double, offsets: [String: Double]) {
    self.barWidth = barWidth
    self.offsets = offsets
  }
}

/// The result of layout: computed once per state in one place; renderers only read it.
///
/// Compared by value by the incremental engine: a region is re-rendered only when a layout value it
/// reads has changed.
public struct ChartLayout: Sendable, Hashable {
  /// The stored parts, in one copy-on-write box: an update copies the layout into its region
  /// inputs, series contexts and kept layouts, and a copy of the fields is 665 bytes and a retain
  /// of each reference among them; a copy of the box is one retain, and two layouts that share it
  /// compare equal without reading it.
  private var storage: CopyOnWrite<Fields>

  public var canvas: Size {
    _read { yield storage.value.canvas }
    _modify { yield &storage.value.canvas }
  }
  public var plot: Rect {
    _read { yield storage.value.plot }
    _modify { yield &storage.value.plot }
  }
  public var theme: Theme {
    _read { yield storage.value.theme }
    _modify { yield &storage.value.theme }
  }
  /// The category/x axis (nil for pie charts). For horizontal bars it is drawn on the left.
  public var x: AxisLayout? {
    _read { yield storage.value.x }
    _modify { yield &storage.value.x }
  }
  public var left: AxisLayout? {
    _read { yield storage.value.left }
    _modify { yield &storage.value.left }
  }
  public var right: AxisLayout? {
    _read { yield storage.value.right }
    _modify { yield &storage.value.right }
  }
  public var legend: LegendLayout? {
    _read { yield storage.value.legend }
    _modify { yield &storage.value.legend }
  }
  public var title: TitleLayout? {
    _read { yield storage.value.title }
    _modify { yield &storage.value.title }
  }
  public var pie: PieLayout? {
    _read { yield storage.value.pie }
    _modify { yield &storage.value.pie }
  }
  /// The web of a radar chart (nil for other kinds).
  public var radar: RadarLayout? {
    _read { yield storage.value.radar }
    _modify { yield &storage.value.radar }
  }
  public var bars: BarGeometry? {
    _read { yield storage.value.bars }
    _modify { yield &storage.value.bars }
  }
  /// X units per bar or candle slot (`ChartModel.slot`): bar widths and offsets (`bars`) are in x
  /// units already; a candle's body is a share of it.
  public var slot: Double {
    _read { yield storage.value.slot }
    _modify { yield &storage.value.slot }
  }
  /// Horizontal bar chart: x values run vertically, y values horizontally.
  public var horizontal: Bool {
    _read { yield storage.value.horizontal }
    _modify { yield &storage.value.horizontal }
  }
  /// Limit lines that lie inside their axis's domain, resolved to pixels (Layout/LimitLineLayout.swift).
  public var limitLines: [LimitLineLayout] {
    _read { yield storage.value.limitLines }
    _modify { yield &storage.value.limitLines }
  }
  /// The text of a chart without entries, nil for one that has some (or when the spec asks for none).
  public var noData: NoDataLayout? {
    _read { yield storage.value.noData }
    _modify { yield &storage.value.noData }
  }
  /// The panes below the main plot (`plot` is pane 0), top to bottom; empty for one pane.
  public var panes: [PaneLayout] {
    _read { yield storage.value.panes }
    _modify { yield &storage.value.panes }
  }
  /// How many tick candidates the choices of each axis read while the bands settled: what a data
  /// range must share with the plans this layout was made from to get the same ticks
  /// (`LayoutEngine.reuses`). Only horizontal value axes read fewer than all.
  var candidatesRead: CandidatesRead {
    _read { yield storage.value.candidatesRead }
    _modify { yield &storage.value.candidatesRead }
  }

  /// `NiceTicks.CandidatesRead` of the axes a chart's plans name.
  ///
  /// How a layout was found, not what it is: another data range can reach the same layout after
  /// judging fewer candidates (a small step that fitted before no longer does), so layouts compare
  /// and hash without it.
  struct CandidatesRead: Sendable, Hashable {
    var x: NiceTicks.CandidatesRead = .first(0)
    var left: NiceTicks.CandidatesRead = .first(0)
    var right: NiceTicks.CandidatesRead = .first(0)

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  struct Fields: Sendable, Hashable {
    var canvas: Size
    var plot: Rect
    var theme: Theme
    var x: AxisLayout?
    var left: AxisLayout?
    var right: AxisLayout?
    var legend: LegendLayout?
    var title: TitleLayout?
    var pie: PieLayout?
    var radar: RadarLayout? = nil
    var bars: BarGeometry?
    var slot: Double = 1
    var horizontal: Bool
    var limitLines: [LimitLineLayout] = []
    var panes: [PaneLayout] = []
    var noData: NoDataLayout? = nil
    var candidatesRead = CandidatesRead()
  }

  public init(canvas: Size, plot: Rect, theme: Theme, x: AxisLayout? = nil, left: AxisLayout? = nil,
              right: AxisLayout? = nil, legend: LegendLayout? = nil, title: TitleLayout? = nil,
              pie: PieLayout? = nil, bars: BarGeometry? = nil, horizontal: Bool = false,
              limitLines: [LimitLineLayout] = []) {
    storage = CopyOnWrite(Fields(canvas: canvas, plot: plot, theme: theme, x: x, left: left, right: right, legend: legend,
                                 title: title, pie: pie, bars: bars, horizontal: horizontal, limitLines: limitLines))
  }

  /// The value axis a data set depends on (falls back to the other side when one is absent).
  public func yAxis(_ dependency: AxisDependency) -> AxisLayout? {
    dependency == .left ? (left ?? right) : (right ?? left)
  }

  /// Maps a data point to SVG coordinates, honouring horizontal bar charts.
  @inline(__always)
  public func project(x xv: Double, y yv: Double, xScale: ValueScale, yScale: ValueScale) -> Point {
    horizontal ? Point(x: yScale.map(yv), y: xScale.map(xv)) : Point(x: xScale.map(xv), y: yScale.map(yv))
  }
}
