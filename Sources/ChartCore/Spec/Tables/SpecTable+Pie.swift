// Pie options, highlight style and marker (protocol/spec/pie-and-highlight.md).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `pie.schema.json#/$defs/Pie`
  public static let pie = SpecTable(
    "pie", schema: "pie.schema.json#/$defs/Pie",
    summary: "Pie and donut options (used when kind is \"pie\"). Slices are the first data set's entries: size by absolute value; zero, NaN and missing values give no slice.",
    properties: [
      SpecProperty("holeRadius", .number, "Hole radius as a fraction of the radius (0 = pie).", default: 0.5, bounds: .range(0, 1)),
      SpecProperty("transparentCircleRadius", .number, "Outer radius of the translucent ring around the hole, as a fraction of the radius; no ring when not larger than holeRadius.", default: 0.55, bounds: .range(0, 1)),
      SpecProperty("transparentCircleOpacity", .number, "Opacity of the translucent ring (theme background colour).", default: 0.4, bounds: .range(0, 1)),
      SpecProperty("sliceSpace", .number, "Width in px of the gap between neighbouring slices (constant from centre to rim).", default: 0, bounds: .range(0, 20)),
      SpecProperty("roundedSlices", .boolean, "Round both ends of every slice with half circles of half the ring's thickness; only with a hole.", default: false),
      SpecProperty("centerText", .string, "Text in the centre; \"\\n\" separates lines. Wrapped, then shrunk (to 6 px), then shortened to fit the hole.", maxLength: 1000),
      SpecProperty("centerTextFontSize", .number, "Centre text size in px (default 1.3 × fontSize).", bounds: .range(1, 200)),
      SpecProperty("centerTextColor", .color, "Centre text colour (default: the theme's text colour)."),
      SpecProperty("entryLabels", .choice(PieLabelPosition.self), "Where slice labels (entry labels) are drawn.", default: "inside"),
      SpecProperty("valueLabels", .choice(PieLabelPosition.self), "Where values are drawn.", default: "inside"),
      SpecProperty("percentValues", .boolean, "Show each slice's share of the total in percent instead of its value.", default: true),
      SpecProperty("valueFormat", .formatter, "Formatter of value labels; with percentValues it receives the percentage (0–100). Default: percent with 1 decimal (percentValues) or the automatic number format."),
      SpecProperty("labelFontSize", .number, "Size of entry and value labels in px (default: fontSize).", bounds: .range(1, 200)),
      SpecProperty("labelColor", .color, "Label colour (default: white or near-black by contrast inside slices, the theme's text colour outside)."),
      SpecProperty("valueLineColor", .color, "Colour of the lines leading to outside labels (default: the slice's colour)."),
      SpecProperty("maxAngle", .number, "Degrees the pie spans (180 = half pie).", default: 360, bounds: .range(90, 360)),
      SpecProperty("rotation", .number, "Start angle in degrees, clockwise from 3 o'clock (270 = 12 o'clock).", default: 270, bounds: .range(-3600, 3600)),
      SpecProperty("selectionShift", .number, "How far in px a highlighted slice reaches beyond the rim; layout keeps room for it.", default: 12, bounds: .range(0, 100)),
    ])

  /// `pie.schema.json#/$defs/HighlightStyle`
  public static let highlightStyle = SpecTable(
    "highlightStyle", schema: "pie.schema.json#/$defs/HighlightStyle",
    summary: "How highlighted entries are drawn.",
    properties: [
      SpecProperty("color", .color, "Highlight colour (default: the theme's highlight colour for lines and rings, its text colour for bar overlays)."),
      SpecProperty("lineWidth", .number, "Width in px of highlight lines (line, scatter, candle) and bubble rings (at least 1.5).", default: 1, bounds: .range(0, 50)),
      SpecProperty("verticalLine", .boolean, "Draw the vertical line through a highlighted point.", default: true),
      SpecProperty("horizontalLine", .boolean, "Draw the horizontal line through a highlighted point.", default: true),
      SpecProperty("dash", .array(.number), "Dash pattern of highlight lines and rings in px (at least one length above 0); solid when empty."),
      SpecProperty("barOverlayOpacity", .number, "Opacity of the overlay drawn over a highlighted bar or stack segment.", default: 0.3, bounds: .range(0, 1)),
    ])

  /// `pie.schema.json#/$defs/Marker`
  public static let marker = SpecTable(
    "marker", schema: "pie.schema.json#/$defs/Marker",
    summary: "The tooltip box drawn at the first highlighted entry (trigger item), or listing every visible data set at its x (trigger axis).",
    properties: [
      SpecProperty("enabled", .boolean, "Draw the marker.", default: true),
      SpecProperty("trigger", .choice(MarkerTrigger.self), "item: the first highlighted entry; axis: every visible data set's entry at the first highlight's x, under a header with the x label, with an axis pointer line (line, bar, scatter, bubble, candlestick and combined charts).", default: "item"),
      SpecProperty("format", .formatter, "Formatter of the value (default: the formatter of the data set's y axis — with trigger axis the data set's valueLabels format first; for pie slices the pie's value format)."),
      SpecProperty("showLabel", .boolean, "Show the data set label (pie: the slice label) above the value.", default: true),
    ])
}
