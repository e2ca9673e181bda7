// Per-kind styles of a data set. Owned by the series renderers; parsed in Spec/SeriesStyles+Parse.swift.

public enum LineMode: String, Sendable, CaseIterable {
  case linear, stepped, cubicBezier, horizontalBezier
}

/// A linear gradient as colour stops along the fill (0 = top of the plot / value end, 1 = baseline).
public struct GradientSpec: Sendable, Hashable {
  public struct Stop: Sendable, Hashable {
    public var offset: Double
    /// The stop's colour (its opacity folded in); nil: the colour of what the gradient paints.
    public var color: Color?
    /// Opacity of a stop without colour (a stop with one carries it in its alpha).
    public var opacity: Double
    public init(offset: Double, color: Color?, opacity: Double = 1) {
      self.offset = offset
      self.color = color
      self.opacity = opacity
    }

    /// The colour drawn: the stop's own, else `own` (the colour of the bar, segment or line) at the stop's opacity.
    public func resolved(_ own: Color) -> Color {
      color ?? own.withAlpha(own.alpha * opacity)
    }
  }
  public var stops: [Stop]
  /// Angle in degrees; 90 = top → bottom (the usual area fill), 0 = left → right.
  public var angle: Double = 90
  public init(stops: [Stop], angle: Double = 90) {
    self.stops = stops
    self.angle = angle
  }

  /// Whether some stop takes the colour of what it paints, so each colour needs a gradient of its own.
  public var followsOwnColor: Bool { stops.contains { $0.color == nil } }
}

public struct LineStyle: Sendable, Equatable {
  public var mode: LineMode = .linear
  /// Cubic bezier intensity (iOS Charts: 0.05…1, default 0.2).
  public var cubicIntensity: Double = 0.2
  public var width: Double = 1.5
  public var dash: [Double] = []
  public var showCircles: Bool = false
  public var circleRadius: Double = 4
  public var circleHoleRadius: Double = 2
  /// Hole colour; the theme background when nil.
  public var circleHoleColor: Color? = nil
  public var drawCircleHole: Bool = true
  public var fill: Bool = false
  public var fillColor: Color? = nil
  /// iOS Charts default alpha 0.33 (85/255).
  public var fillOpacity: Double = 0.33
  public var fillGradient: GradientSpec? = nil
  public init() {}
}

public enum BarCornerStyle: String, Sendable, CaseIterable {
  /// Round only the end away from the baseline (the top of an upward bar).
  case top
  /// Round both ends.
  case both
}

public struct BarStyle: Sendable, Equatable {
  /// Absolute corner radius in px (0 = square corners).
  public var cornerRadius: Double = 0
  public var corners: BarCornerStyle = .top
  /// Four radii in px, top-left, top-right, bottom-right, bottom-left of an upward bar (the first
  /// two at the value end); when set, `cornerRadius` and `corners` are not used.
  public var cornerRadii: [Double]? = nil
  /// For stacks: round only the outer end of the whole stack, never between segments.
  public var roundOuterEndOnly: Bool = true
  public var gradient: GradientSpec? = nil
  public var borderWidth: Double = 0
  public var borderColor: Color? = nil
  /// Grey shadow column behind each bar, across the whole value range.
  public var shadowColumn: Bool = false
  public var shadowColor: Color? = nil
  public init() {}
}

public enum ScatterShape: String, Sendable, CaseIterable {
  case circle, square, triangle, cross, x, chevronUp, chevronDown
}

public struct ScatterStyle: Sendable, Equatable {
  public var shape: ScatterShape = .circle
  /// Symbol size (diameter / side) in px.
  public var size: Double = 8
  public init() {}
}

public struct BubbleStyle: Sendable, Equatable {
  /// Diameter in px of the bubble with the largest size (sizes normalised as √(size/max)).
  public var maxDiameter: Double = 40
  public var opacity: Double = 0.6
  public init() {}
}

public struct CandleStyle: Sendable, Equatable {
  public var increasingColor: Color? = nil
  public var decreasingColor: Color? = nil
  public var neutralColor: Color? = nil
  /// iOS Charts default: increasing candles hollow, decreasing filled.
  public var increasingFilled: Bool = false
  public var decreasingFilled: Bool = true
  /// Wick colour; each candle's own colour when nil.
  public var shadowColor: Color? = nil
  public var shadowWidth: Double = 1.5
  /// Space on each side of the body as a fraction of the x step (body width = 1 − 2·barSpace).
  public var barSpace: Double = 0.1
  /// Draw OHLC ticks instead of bodies.
  public var ohlcTicks: Bool = false
  public init() {}
}

/// Bar grouping and sizing across all bar data sets (iOS Charts `groupBars`).
public struct BarLayoutSpec: Sendable, Equatable {
  /// Bar width in x units (iOS Charts default 0.85).
  public var barWidth: Double = 0.85
  /// With several bar data sets: bars of one x side by side.
  public var grouped: Bool = true
  public var groupSpace: Double = 0.2
  public var barSpace: Double = 0.02
  /// Pixel sizing that overrides `barWidth`: bars at most this wide…
  public var maxBarWidthPx: Double? = nil
  /// …with at least this gap between neighbouring bars/groups.
  public var minGapPx: Double? = nil
  public var horizontal: Bool = false
  /// Hidden grouped data sets keep their slot (a gap) instead of the group closing up.
  public var keepHiddenSlots: Bool = false
  public init() {}
}

public enum PieLabelPosition: String, Sendable, CaseIterable { case inside, outside, none }

public struct PieSpec: Sendable, Equatable {
  /// The fields, in one copy-on-write box: the spec, the edit checks' shapes and the highlight scene's
  /// key carry the pie's options on every update of every chart (they were 241 bytes).
  private var storage: CopyOnWrite<Fields>

  /// Hole radius as a fraction of the radius (0 = pie, 0.5 = donut).
  public var holeRadius: Double {
    _read { yield storage.value.holeRadius }
    _modify { yield &storage.value.holeRadius }
  }
  public var transparentCircleRadius: Double {
    _read { yield storage.value.transparentCircleRadius }
    _modify { yield &storage.value.transparentCircleRadius }
  }
  /// Gap between slices in px.
  public var sliceSpace: Double {
    _read { yield storage.value.sliceSpace }
    _modify { yield &storage.value.sliceSpace }
  }
  /// Rounded ends (caps of half the ring thickness); only with a hole.
  public var roundedSlices: Bool {
    _read { yield storage.value.roundedSlices }
    _modify { yield &storage.value.roundedSlices }
  }
  public var centerText: String? {
    _read { yield storage.value.centerText }
    _modify { yield &storage.value.centerText }
  }
  public var entryLabels: PieLabelPosition {
    _read { yield storage.value.entryLabels }
    _modify { yield &storage.value.entryLabels }
  }
  public var valueLabels: PieLabelPosition {
    _read { yield storage.value.valueLabels }
    _modify { yield &storage.value.valueLabels }
  }
  /// Show values as a percentage of the total.
  public var percentValues: Bool {
    _read { yield storage.value.percentValues }
    _modify { yield &storage.value.percentValues }
  }
  /// Degrees the pie spans (180 = half pie).
  public var maxAngle: Double {
    _read { yield storage.value.maxAngle }
    _modify { yield &storage.value.maxAngle }
  }
  /// Start angle in degrees, 0 = 3 o'clock, clockwise (iOS Charts default 270 = 12 o'clock).
  public var rotation: Double {
    _read { yield storage.value.rotation }
    _modify { yield &storage.value.rotation }
  }
  /// Outward shift of a highlighted slice, px.
  public var selectionShift: Double {
    _read { yield storage.value.selectionShift }
    _modify { yield &storage.value.selectionShift }
  }
  /// `selectionShift` as the layout leaves room for it and a highlight is drawn: none when negative
  /// or not finite.
  var drawnSelectionShift: Double { selectionShift.isFinite ? max(0, selectionShift) : 0 }
  /// Opacity of the translucent ring (theme background colour) between the hole and `transparentCircleRadius`.
  public var transparentCircleOpacity: Double {
    _read { yield storage.value.transparentCircleOpacity }
    _modify { yield &storage.value.transparentCircleOpacity }
  }
  /// Centre text size in px (default 1.3 × the chart font size; shrunk to fit the hole).
  public var centerTextFontSize: Double? {
    _read { yield storage.value.centerTextFontSize }
    _modify { yield &storage.value.centerTextFontSize }
  }
  /// Centre text colour (default: the theme text colour).
  public var centerTextColor: Color? {
    _read { yield storage.value.centerTextColor }
    _modify { yield &storage.value.centerTextColor }
  }
  /// Size of entry and value labels in px (default: the chart font size).
  public var labelFontSize: Double? {
    _read { yield storage.value.labelFontSize }
    _modify { yield &storage.value.labelFontSize }
  }
  /// Colour of the labels (default: white or near-black by contrast inside slices, the theme text colour outside).
  public var labelColor: Color? {
    _read { yield storage.value.labelColor }
    _modify { yield &storage.value.labelColor }
  }
  /// Colour of the value lines to outside labels (default: the slice colour).
  public var valueLineColor: Color? {
    _read { yield storage.value.valueLineColor }
    _modify { yield &storage.value.valueLineColor }
  }
  /// Formatter of value labels; with `percentValues` it receives the percentage (0–100).
  public var valueFormat: FormatterSpec? {
    _read { yield storage.value.valueFormat }
    _modify { yield &storage.value.valueFormat }
  }

  /// Every default shares one box.
  public init() { storage = Self.defaults }

  private static let defaults = CopyOnWrite(Fields())

  struct Fields: Sendable, Equatable {
    var holeRadius: Double = 0.5
    var transparentCircleRadius: Double = 0.55
    var sliceSpace: Double = 0
    var roundedSlices: Bool = false
    var centerText: String? = nil
    var entryLabels: PieLabelPosition = .inside
    var valueLabels: PieLabelPosition = .inside
    var percentValues: Bool = true
    var maxAngle: Double = 360
    var rotation: Double = 270
    var selectionShift: Double = 12
    var transparentCircleOpacity: Double = 0.4
    var centerTextFontSize: Double? = nil
    var centerTextColor: Color? = nil
    var labelFontSize: Double? = nil
    var labelColor: Color? = nil
    var valueLineColor: Color? = nil
    var valueFormat: FormatterSpec? = nil
  }
}
