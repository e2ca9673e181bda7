/// Which data an axis shows.
enum AxisRole: Sendable, Hashable {
  /// The x (category) axis.
  case x
  /// A value axis, by the dependency of its data sets.
  case y(AxisDependency)
  /// The value axis of pane 1 or below.
  case pane(Int)
}

/// Everything about one axis that does not depend on pixels: data range, tick options, formatter,
/// label placement. `AxisBuilder` turns a plan and a pixel range into an `AxisLayout`.
struct AxisPlan: Sendable, Equatable {
  /// The range of the data drawn against the axis (nil: none). Beside the box, not in it: it is
  /// what changes from one update to the next, and the layout check compares plans that differ
  /// in it alone (`differsAtMostInDataRange`). Declared first, so that `==` compares it first.
  var dataMin: Double?
  var dataMax: Double?
  /// The other stored parts, in one copy-on-write box: an update plans every axis and copies the
  /// plans into the layout check and the kept layouts, and a plan's fields are over 300 bytes.
  private var storage: CopyOnWrite<Fields>

  var role: AxisRole {
    _read { yield storage.value.role }
    _modify { yield &storage.value.role }
  }
  var side: AxisSide {
    _read { yield storage.value.side }
    _modify { yield &storage.value.side }
  }
  var common: AxisCommon {
    _read { yield storage.value.common }
    _modify { yield &storage.value.common }
  }
  var ticks: TickOptions {
    _read { yield storage.value.ticks }
    _modify { yield &storage.value.ticks }
  }
  /// One label per index wanted (bars, candles, category labels): thinned by keeping every k-th.
  var isCategory: Bool {
    _read { yield storage.value.isCategory }
    _modify { yield &storage.value.isCategory }
  }
  var formatter: FormatterSpec? {
    _read { yield storage.value.formatter }
    _modify { yield &storage.value.formatter }
  }
  var locale: LocaleSpec {
    _read { yield storage.value.locale }
    _modify { yield &storage.value.locale }
  }
  /// Degrees; nil = automatic (0, or -45 when that keeps every category label).
  var rotation: Double? {
    _read { yield storage.value.rotation }
    _modify { yield &storage.value.rotation }
  }
  var labelsInside: Bool {
    _read { yield storage.value.labelsInside }
    _modify { yield &storage.value.labelsInside }
  }
  var inverted: Bool {
    _read { yield storage.value.inverted }
    _modify { yield &storage.value.inverted }
  }
  var mirrored: Bool {
    _read { yield storage.value.mirrored }
    _modify { yield &storage.value.mirrored }
  }
  var avoidClipping: Bool {
    _read { yield storage.value.avoidClipping }
    _modify { yield &storage.value.avoidClipping }
  }
  var drawZeroLine: Bool {
    _read { yield storage.value.drawZeroLine }
    _modify { yield &storage.value.drawZeroLine }
  }
  var zeroLineColor: Color? {
    _read { yield storage.value.zeroLineColor }
    _modify { yield &storage.value.zeroLineColor }
  }
  /// Limit lines whose label goes on this axis as a badge.
  var badges: [LimitLineSpec] {
    _read { yield storage.value.badges }
    _modify { yield &storage.value.badges }
  }
  var fontSize: Double {
    _read { yield storage.value.fontSize }
    _modify { yield &storage.value.fontSize }
  }
  var drawGrid: Bool {
    _read { yield storage.value.drawGrid }
    _modify { yield &storage.value.drawGrid }
  }
  /// Linear or logarithmic; a log axis's data range holds positive values only.
  var transform: ScaleTransform {
    _read { yield storage.value.transform }
    _modify { yield &storage.value.transform }
  }
  /// Log axes: fainter grid lines between the labelled ticks.
  var minorGrid: Bool {
    _read { yield storage.value.minorGrid }
    _modify { yield &storage.value.minorGrid }
  }
  /// Pixels the largest mark reaches beyond its value (bubbles); the domain is widened to fit it.
  var markRadius: Double {
    _read { yield storage.value.markRadius }
    _modify { yield &storage.value.markRadius }
  }

  /// The x axis: x units per bar or candle slot (`ChartModel.slot`; 1 without bars and candles).
  var slot: Double {
    _read { yield storage.value.slot }
    _modify { yield &storage.value.slot }
  }
  /// Where automatic ticks may stand (`IndexAxisEnds.Ends.ticks`); nil: anywhere in the domain.
  var tickBounds: ClosedRange<Double>? {
    _read { yield storage.value.tickBounds }
    _modify { yield &storage.value.tickBounds }
  }

  init(role: AxisRole, side: AxisSide, common: AxisCommon, dataMin: Double?, dataMax: Double?) {
    storage = CopyOnWrite(Fields(role: role, side: side, common: common))
    self.dataMin = dataMin
    self.dataMax = dataMax
  }

  /// Whether `other` is this plan but for its data range, told without copying either plan's fields.
  func differsAtMostInDataRange(from other: AxisPlan) -> Bool { storage == other.storage }

  /// Whether the axis is drawn at all (a disabled axis still maps values).
  var enabled: Bool { common.enabled }

  struct Fields: Sendable, Equatable {
    var role: AxisRole
    var side: AxisSide
    var common: AxisCommon
    var ticks: TickOptions = TickOptions()
    var isCategory: Bool = false
    var formatter: FormatterSpec?
    var locale: LocaleSpec = LocaleSpec()
    var rotation: Double? = 0
    var labelsInside: Bool = false
    var inverted: Bool = false
    var mirrored: Bool = false
    var avoidClipping: Bool = true
    var drawZeroLine: Bool = false
    var zeroLineColor: Color?
    var badges: [LimitLineSpec] = []
    var fontSize: Double = 11
    var drawGrid: Bool = true
    var transform: ScaleTransform = .linear
    var minorGrid: Bool = false
    var markRadius: Double = 0
    var slot: Double = 1
    var tickBounds: ClosedRange<Double>? = nil
  }
}

