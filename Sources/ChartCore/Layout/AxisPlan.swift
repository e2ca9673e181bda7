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
  var role: AxisRole
  var side: AxisSide
  var common: AxisCommon
  var dataMin: Double?
  var dataMax: Double?
  var ticks = TickOptions()
  /// One label per index wanted (bars, candles, category labels): thinned by keeping every k-th.
  var isCategory = false
  var formatter: FormatterSpec?
  var locale = LocaleSpec()
  /// Degrees; nil = automatic (0, or -45 when that keeps every category label).
  var rotation: Double? = 0
  var labelsInside = false
  var inverted = false
  var mirrored = false
  var avoidClipping = true
  var drawZeroLine = false
  var zeroLineColor: Color?
  /// Limit lines whose label goes on this axis as a badge.
  var badges: [LimitLineSpec] = []
  var fontSize: Double = 11
  var drawGrid = true
  /// Linear or logarithmic; a log axis's data range holds positive values only.
  var transform: ScaleTransform = .linear
  /// Log axes: fainter grid lines between the labelled ticks.
  var minorGrid = false
  /// Pixels the largest mark reaches beyond its value (bubbles); the domain is widened to fit it.
  var markRadius: Double = 0

  /// Whether the axis is drawn at all (a disabled axis still maps values).
  var enabled: Bool { common.enabled }
}

extension AxisRole {
  /// The role a limit line belongs to.
  init(limitLineAxis side: AxisSide) {
    switch side {
    case .left: self = .y(.left)
    case .right: self = .y(.right)
    case .bottom, .top: self = .x
    }
  }
}
