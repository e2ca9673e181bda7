// Axes, formatters, limit lines and the legend. Owned by the layout work; parsed in Spec/AxisSpec+Parse.swift.

/// How numbers (or indices, or dates) become tick and value labels.
public enum FormatterSpec: Sendable, Equatable {
  /// Auto decimals from the tick step, or fixed `decimals`; optional prefix/suffix (e.g. "$", " ms").
  case number(decimals: Int?, prefix: String, suffix: String)
  /// value × 100 with "%" (or the value as is when `multiply` is false).
  case percent(decimals: Int?, multiply: Bool)
  /// 1.2k, 3.4M, 5.6B.
  case compact(decimals: Int?)
  /// Index → label (categories, candle dates as "MM/dd"); non-integer values give "".
  case category(labels: [String])
  /// Index → date (trading days: no gaps for weekends): `times[i]` (Unix seconds) written with
  /// `pattern`; non-integer, out-of-range and NaN (a null date) values give "".
  case indexDate(times: [Double], pattern: String)
  /// x is a Unix time in seconds, written in UTC with `pattern` (yyyy, MM, dd, HH, mm, ss, …), or
  /// when it is nil as precisely as needed: ticks as their step (`DateText.tickPattern`), other
  /// values as themselves (`DateText.valuePattern`).
  case date(pattern: String?)
}

public enum AxisSide: String, Sendable, CaseIterable {
  case bottom, top, left, right
  /// Whether the axis runs horizontally (its ticks spread along x).
  public var isHorizontal: Bool { self == .bottom || self == .top }
}

/// How an axis spaces its values (`scale` in the spec).
public enum AxisScaleKind: String, Sendable, CaseIterable { case linear, log }

public enum XLabelPosition: String, Sendable, CaseIterable { case bottom, top, both, insideBottom }
public enum YLabelPosition: String, Sendable, CaseIterable { case outside, inside }

/// Options shared by all axes.
public struct AxisCommon: Sendable, Equatable {
  private var storage = CopyOnWrite(Fields())

  public var enabled: Bool {
    _read { yield storage.value.enabled }
    _modify { yield &storage.value.enabled }
  }
  public var drawLabels: Bool {
    _read { yield storage.value.drawLabels }
    _modify { yield &storage.value.drawLabels }
  }
  public var drawAxisLine: Bool {
    _read { yield storage.value.drawAxisLine }
    _modify { yield &storage.value.drawAxisLine }
  }
  /// nil = automatic: on, except across the slots of bar and candle charts (lines through every bar).
  public var drawGrid: Bool? {
    _read { yield storage.value.drawGrid }
    _modify { yield &storage.value.drawGrid }
  }
  /// Grid drawn over the data instead of behind it.
  public var gridInFront: Bool {
    _read { yield storage.value.gridInFront }
    _modify { yield &storage.value.gridInFront }
  }
  public var gridColor: Color? {
    _read { yield storage.value.gridColor }
    _modify { yield &storage.value.gridColor }
  }
  public var gridDash: [Double] {
    _read { yield storage.value.gridDash }
    _modify { yield &storage.value.gridDash }
  }
  public var labelColor: Color? {
    _read { yield storage.value.labelColor }
    _modify { yield &storage.value.labelColor }
  }
  public var fontSize: Double? {
    _read { yield storage.value.fontSize }
    _modify { yield &storage.value.fontSize }
  }
  /// Most ticks wanted (iOS Charts labelCount, clamped 2…25). nil = automatic: 6 on value axes
  /// (fewer when the axis is short); on category axes as many labels as fit.
  public var labelCount: Int? {
    _read { yield storage.value.labelCount }
    _modify { yield &storage.value.labelCount }
  }
  /// Minimum step between ticks.
  public var granularity: Double? {
    _read { yield storage.value.granularity }
    _modify { yield &storage.value.granularity }
  }
  /// Explicit tick values (overrides the nice ticks).
  public var tickValues: [Double]? {
    _read { yield storage.value.tickValues }
    _modify { yield &storage.value.tickValues }
  }
  /// Fixed ends of the axis (otherwise from the data, niced).
  public var min: Double? {
    _read { yield storage.value.min }
    _modify { yield &storage.value.min }
  }
  public var max: Double? {
    _read { yield storage.value.max }
    _modify { yield &storage.value.max }
  }
  public var formatter: FormatterSpec? {
    _read { yield storage.value.formatter }
    _modify { yield &storage.value.formatter }
  }
  /// Title drawn along the axis.
  public var title: String? {
    _read { yield storage.value.title }
    _modify { yield &storage.value.title }
  }
  /// Linear or logarithmic spacing of the values (protocol/spec/axes.md, "Logarithmic axes").
  public var scale: AxisScaleKind {
    _read { yield storage.value.scale }
    _modify { yield &storage.value.scale }
  }
  /// Base of a log scale: 10 or 2.
  public var logBase: Double {
    _read { yield storage.value.logBase }
    _modify { yield &storage.value.logBase }
  }
  /// Log scales: fainter grid lines between the labelled ticks.
  public var minorGrid: Bool {
    _read { yield storage.value.minorGrid }
    _modify { yield &storage.value.minorGrid }
  }
  /// Labels at given values (a tick mark and a text), besides the regular ticks.
  public var customLabels: [CustomAxisLabel] {
    _read { yield storage.value.customLabels }
    _modify { yield &storage.value.customLabels }
  }

  public init() {}

  /// The transform the axis's scale applies.
  public var transform: ScaleTransform { scale == .log ? .log(base: logBase) : .linear }

  /// The stored options, in one shared box: an axis plan and the layout copy them, and plans are
  /// compared several times per edit (two copies of one box compare equal at once).
  struct Fields: Sendable, Equatable {
    var enabled: Bool = true
    var drawLabels: Bool = true
    var drawAxisLine: Bool = true
    var drawGrid: Bool? = nil
    var gridInFront: Bool = false
    var gridColor: Color? = nil
    var gridDash: [Double] = []
    var labelColor: Color? = nil
    var fontSize: Double? = nil
    var labelCount: Int? = nil
    var granularity: Double? = nil
    var tickValues: [Double]? = nil
    var min: Double? = nil
    var max: Double? = nil
    var formatter: FormatterSpec? = nil
    var title: String? = nil
    var scale: AxisScaleKind = .linear
    var logBase: Double = 10
    var minorGrid: Bool = false
    var customLabels: [CustomAxisLabel] = []
  }
}

public struct XAxisSpec: Sendable, Equatable {
  public var common = AxisCommon()
  public var labelPosition: XLabelPosition = .bottom
  /// Degrees; nil = automatic (0, or -45 when labels would overlap).
  public var labelRotation: Double? = nil
  /// Labels centred under bar groups rather than on grid lines.
  public var centerLabels: Bool = false
  /// Keep the first and last label inside the chart.
  public var avoidFirstLastClipping: Bool = true
  /// X units per bar or candle slot; nil: automatic (`ChartModel.slot`).
  public var slot: Double? = nil
  public init() {}
}

public struct YAxisSpec: Sendable, Equatable {
  public var side: AxisSide
  public var common = AxisCommon()
  public var labelPosition: YLabelPosition = .outside
  /// Share of the axis kept free above/below the data (0…0.45). Default 0: the niced domain already
  /// ends on the tick beyond the data, and only then is it stable for every point inside it.
  public var spaceTop: Double = 0
  public var spaceBottom: Double = 0
  public var inverted: Bool = false
  public var drawZeroLine: Bool = false
  public var zeroLineColor: Color? = nil
  /// Keep 0 in the range (bars always do).
  public var includeZero: Bool = false
  public init(side: AxisSide) { self.side = side }
}

public enum LimitLabelPosition: String, Sendable, CaseIterable {
  case leftTop, leftBottom, rightTop, rightBottom
  /// On the axis, in a filled box next to the tick labels (the K-line "specific value" label).
  case axis
}

/// A horizontal (y axes) or vertical (x axis) reference line with an optional label.
public struct LimitLineSpec: Sendable, Equatable {
  public var axis: AxisSide = .left
  public var value: Double
  public var label: String? = nil
  public var color: Color? = nil
  public var width: Double = 1
  public var dash: [Double] = []
  public var labelPosition: LimitLabelPosition = .rightTop
  /// Box colour of an on-axis label; the line colour when nil.
  public var labelBackground: Color? = nil
  public var labelColor: Color? = nil
  /// Draw the line in front of the data.
  public var inFront: Bool = false
  /// The plot pane it is drawn in (`ChartSpec.panes`): a value line on that pane's axis (pane 0:
  /// `axis` left or right), an x line down that pane.
  public var pane: Int = 0
  public init(value: Double) { self.value = value }
}

public enum LegendForm: String, Sendable, CaseIterable { case square, circle, line, none }
public enum LegendHorizontal: String, Sendable, CaseIterable { case left, center, right }
public enum LegendVertical: String, Sendable, CaseIterable { case top, center, bottom }
public enum LegendOrientation: String, Sendable, CaseIterable { case horizontal, vertical }

public struct LegendSpec: Sendable, Equatable {
  public var enabled: Bool = true
  public var form: LegendForm = .square
  public var horizontalAlignment: LegendHorizontal = .left
  public var verticalAlignment: LegendVertical = .bottom
  public var orientation: LegendOrientation = .horizontal
  /// Drawn over the plot area instead of taking space beside it.
  public var inside: Bool = false
  public var wordWrap: Bool = true
  /// Largest share of the chart's width (horizontal) or height (vertical) the legend may take.
  public var maxSizePercent: Double = 0.95
  public var formSize: Double = 8
  public var formToTextSpace: Double = 5
  /// Space between items of a row (iOS Charts uses 6; 12 keeps click targets apart).
  public var entrySpace: Double = 12
  public var fontSize: Double? = nil
  public var textColor: Color? = nil
  public init() {}
}

/// A label drawn on an axis at one value (a custom axis renderer's "this value" label): a tick mark
/// and a text, which wins over the regular tick labels it would overlap.
public struct CustomAxisLabel: Sendable, Equatable, Hashable {
  public var value: Double
  /// The text; nil = the value written with the axis's format.
  public var text: String? = nil
  /// Text and tick mark colour; nil = the axis's label colour.
  public var color: Color? = nil
  public init(value: Double, text: String? = nil, color: Color? = nil) {
    self.value = value
    self.text = text
    self.color = color
  }

  /// Most custom labels one axis takes.
  public static let maxCount = 100
}
