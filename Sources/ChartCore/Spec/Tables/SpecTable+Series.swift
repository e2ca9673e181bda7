// Per-kind series styles, value labels, gradients and the bar layout (protocol/spec/series.md).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `series-styles.schema.json#/$defs/Gradient`
  public static let gradient = SpecTable(
    "gradient", schema: "series-styles.schema.json#/$defs/Gradient",
    summary: "A linear gradient: either 'stops' or 'colors' (evenly spaced), 1 to 32 stops. Area fills: offset 0 is the value end (the plot edge farthest from the baseline), 1 the baseline, mirrored beyond it; bars: offset 0 is each bar's value end, 1 its base.",
    properties: [
      SpecProperty("stops", .array(.object("gradientStop")), "Colour stops; offsets must not decrease."),
      SpecProperty("colors", .array(.color), "Short form: colours at evenly spaced offsets 0 … 1."),
      SpecProperty("angle", .number, "Direction in degrees: 90 = top to bottom, 0 = left to right. Area fills only; bars always run from value end to base.", default: 90, bounds: .range(-360, 360)),
    ])

  /// `series-styles.schema.json#/$defs/GradientStop`
  public static let gradientStop = SpecTable(
    "gradientStop", schema: "series-styles.schema.json#/$defs/GradientStop",
    summary: "One colour stop of a gradient.",
    properties: [
      SpecProperty("offset", .number, "Position along the gradient.", bounds: .range(0, 1), required: true),
      SpecProperty("color", .color, "Colour of the stop; without it, the colour of what the gradient paints (each bar, stack segment or line)."),
      SpecProperty("opacity", .number, "Multiplies the colour's alpha.", default: 1, bounds: .range(0, 1)),
    ])

  /// `series-styles.schema.json#/$defs/LineStyle`
  public static let lineStyle = SpecTable(
    "lineStyle", schema: "series-styles.schema.json#/$defs/LineStyle",
    summary: "How a line data set is drawn (protocol/spec/series.md#line).",
    properties: [
      SpecProperty("mode", .choice(LineMode.self), "Interpolation between points.", default: "linear"),
      SpecProperty("cubicIntensity", .number, "Tangent length of cubicBezier as a fraction of the neighbour distance.", default: 0.2, bounds: .range(0, 1)),
      SpecProperty("width", .number, "Line width in px; 0 draws no line (fill or circles only).", default: 1.5, bounds: .range(0, 100)),
      SpecProperty("dash", .array(.number), "Dash pattern in px (SVG stroke-dasharray); all zeros means solid."),
      SpecProperty("showCircles", .boolean, "Draw a circle at every point.", default: false),
      SpecProperty("circleRadius", .number, "Circle radius in px.", default: 4, bounds: .range(0, 100)),
      SpecProperty("circleHoleRadius", .number, "Hole radius in px; no hole when not smaller than circleRadius.", default: 2, bounds: .range(0, 100)),
      SpecProperty("circleHoleColor", .color, "Hole colour; the theme background when absent."),
      SpecProperty("drawCircleHole", .boolean, "Draw the hole.", default: true),
      SpecProperty("fill", .boolean, "Fill the area between the line and the baseline.", default: false),
      SpecProperty("fillColor", .color, "Fill colour; the data set colour when absent."),
      SpecProperty("fillOpacity", .number, "Opacity of the solid fill colour (not of a gradient).", default: 0.33, bounds: .range(0, 1)),
      SpecProperty("fillGradient", .object("gradient"), "Gradient fill instead of fillColor; its colours are used as given."),
    ])

  /// `series-styles.schema.json#/$defs/BarStyle`
  public static let barStyle = SpecTable(
    "barStyle", schema: "series-styles.schema.json#/$defs/BarStyle",
    summary: "How a bar data set is drawn (protocol/spec/series.md#bar).",
    properties: [
      SpecProperty("cornerRadius", .number, "Corner radius in px, clamped to half the bar width and to its length (half with both ends rounded).", default: 0, bounds: .range(0, 1000)),
      SpecProperty("corners", .choice(BarCornerStyle.self), "Round only the value end (top of an upward bar) or both ends.", default: "top"),
      SpecProperty("cornerRadii", .array(.number), "Four radii in px: top-left, top-right, bottom-right, bottom-left of an upward bar (a bar growing down or sideways keeps them at its value end and base), each within cornerRadius's range; replaces cornerRadius and corners."),
      SpecProperty("roundOuterEndOnly", .boolean, "Stacks: round only the outer ends of the whole stack, never a joint between segments.", default: true),
      SpecProperty("gradient", .object("gradient"), "Gradient fill of single-value bars, from each bar's value end (offset 0) to its base (1); stack segments keep their colours."),
      SpecProperty("borderWidth", .number, "Border width in px.", default: 0, bounds: .range(0, 100)),
      SpecProperty("borderColor", .color, "Border colour; the theme text colour when absent."),
      SpecProperty("shadowColumn", .boolean, "A column across the whole value range behind each bar drawn (none for a gap); a point on it hits the bar's entry.", default: false),
      SpecProperty("shadowColor", .color, "Shadow column colour; the theme grid colour when absent."),
    ])

  /// `series-styles.schema.json#/$defs/ScatterStyle`
  public static let scatterStyle = SpecTable(
    "scatterStyle", schema: "series-styles.schema.json#/$defs/ScatterStyle",
    summary: "How a scatter data set is drawn.",
    properties: [
      SpecProperty("shape", .choice(ScatterShape.self), "Symbol shape.", default: "circle"),
      SpecProperty("size", .number, "Symbol size (diameter or side) in px; 0 draws nothing.", default: 8, bounds: .range(0, 200)),
    ])

  /// `series-styles.schema.json#/$defs/BubbleStyle`
  public static let bubbleStyle = SpecTable(
    "bubbleStyle", schema: "series-styles.schema.json#/$defs/BubbleStyle",
    summary: "How a bubble data set is drawn: diameter = maxDiameter · √(size / largest size of the data set).",
    properties: [
      SpecProperty("maxDiameter", .number, "Diameter in px of the bubble with the largest size (at most a quarter of the shorter side of the plot, or of its pane).", default: 40, bounds: .range(0, 1000)),
      SpecProperty("opacity", .number, "Fill opacity.", default: 0.6, bounds: .range(0, 1)),
    ])

  /// `series-styles.schema.json#/$defs/CandleStyle`
  public static let candleStyle = SpecTable(
    "candleStyle", schema: "series-styles.schema.json#/$defs/CandleStyle",
    summary: "How a candlestick data set is drawn.",
    properties: [
      SpecProperty("increasingColor", .color, "Colour of candles with close > open; the theme's candleIncreasing when absent."),
      SpecProperty("decreasingColor", .color, "Colour of candles with close < open; the theme's candleDecreasing when absent."),
      SpecProperty("neutralColor", .color, "Colour of candles with close = open; the theme's candleNeutral when absent."),
      SpecProperty("increasingFilled", .boolean, "Fill increasing bodies (default hollow).", default: false),
      SpecProperty("decreasingFilled", .boolean, "Fill decreasing bodies.", default: true),
      SpecProperty("shadowColor", .color, "Wick colour; each candle's own colour when absent."),
      SpecProperty("shadowWidth", .number, "Wick and outline width in px.", default: 1.5, bounds: .range(0, 100)),
      SpecProperty("barSpace", .number, "Space on each side of a body in x units: body width = 1 − 2·barSpace.", default: 0.1, bounds: .range(0, 0.45)),
      SpecProperty("ohlcTicks", .boolean, "Draw OHLC ticks (open left, close right) instead of bodies.", default: false),
    ])

  /// `series-styles.schema.json#/$defs/BarLayout`
  public static let barLayout = SpecTable(
    "barLayout", schema: "series-styles.schema.json#/$defs/BarLayout",
    summary: "Bar width and grouping across all bar data sets (the spec's 'bars').",
    properties: [
      SpecProperty("barWidth", .number, "Bar width in x units.", default: 0.85, bounds: .greaterThan(0, max: 1e15)),
      SpecProperty("grouped", .boolean, "With several bar data sets, place the bars of one x side by side.", default: true),
      SpecProperty("groupSpace", .number, "Space between groups in x units.", default: 0.2, bounds: .range(0, 1e15)),
      SpecProperty("barSpace", .number, "Space between the bars of a group in x units.", default: 0.02, bounds: .range(0, 1e15)),
      SpecProperty("maxBarWidthPx", .number, "Pixel sizing: bars at most this wide (overrides barWidth) …", bounds: .greaterThan(0, max: 10000)),
      SpecProperty("minGapPx", .number, "… with at least this gap between neighbouring bars or groups.", bounds: .range(0, 10000)),
      SpecProperty("horizontal", .boolean, "Horizontal bar chart: x runs down, values run right.", default: false),
      SpecProperty("keepHiddenSlots", .boolean, "Grouped bars: a hidden data set keeps its slot (a gap) instead of the group closing up.", default: false),
    ])

  /// `series-styles.schema.json#/$defs/ValueLabels`
  public static let valueLabels = SpecTable(
    "valueLabels", schema: "series-styles.schema.json#/$defs/ValueLabels",
    summary: "Values written next to entries (protocol/spec/series.md#value-labels).",
    properties: [
      SpecProperty("show", .boolean, "Draw value labels.", default: false),
      SpecProperty("format", .formatter, "How values are formatted; automatic decimals when absent."),
      SpecProperty("fontSize", .number, "Font size in px; the chart's fontSize when absent.", bounds: .range(1, 200)),
      SpecProperty("color", .color, "Text colour; the theme text colour outside marks, a readable one inside them, when absent."),
      SpecProperty("maxVisibleEntries", .integer, "No labels at all when more entries than this lie in the visible x range.", default: 100, bounds: .range(0, 100000)),
    ])
}
