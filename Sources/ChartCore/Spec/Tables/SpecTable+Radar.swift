// Radar options (protocol/spec/radar.md).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `pie.schema.json#/$defs/Radar`
  public static let radar = SpecTable(
    "radar", schema: "pie.schema.json#/$defs/Radar",
    summary: "Radar (spider) chart options (used when kind is \"radar\"). Each data set is a polygon with one value per category: entry i lies on spoke i.",
    properties: [
      SpecProperty("categories", .array(.string), "Labels around the web, one per spoke. A data set must not have more values than categories; fewer leave the last spokes without a vertex. Absent: as many unlabelled spokes as the longest data set has values."),
      SpecProperty("rotation", .number, "Angle of the first spoke in degrees, clockwise from 3 o'clock (270 = 12 o'clock).", default: 270, bounds: .range(-3600, 3600)),
      SpecProperty("min", .number, "Value at the centre (default 0); values below it are drawn at the centre with a warning."),
      SpecProperty("max", .number, "Value at the outer ring; must be greater than min. Default: a nice value at or above the largest visible value."),
      SpecProperty("ringCount", .integer, "Most rings wanted: the range min … max is divided at nice steps into at most this many rings.", default: 5, bounds: .range(1, 25)),
      SpecProperty("drawWeb", .boolean, "Draw the spokes and rings.", default: true),
      SpecProperty("webLineWidth", .number, "Width of the spokes in px.", default: 1, bounds: .range(0, 20)),
      SpecProperty("innerWebLineWidth", .number, "Width of the rings in px; 0 draws none.", default: 0.75, bounds: .range(0, 20)),
      SpecProperty("webColor", .color, "Spoke colour; the theme's axis line colour when absent."),
      SpecProperty("innerWebColor", .color, "Ring colour; the spoke colour when absent."),
      SpecProperty("webOpacity", .number, "Opacity of spokes and rings.", default: 0.6, bounds: .range(0, 1)),
      SpecProperty("skipWebLineCount", .integer, "Spokes left out between two drawn ones (vertices stay on every spoke).", default: 0, bounds: .range(0, 1000)),
      SpecProperty("drawRingLabels", .boolean, "Write each ring's value along the first spoke.", default: true),
      SpecProperty("format", .formatter, "Formatter of ring labels and of the marker's value (default: automatic decimals from the ring step)."),
      SpecProperty("labelFontSize", .number, "Category label size in px (default: fontSize).", bounds: .range(1, 200)),
      SpecProperty("labelColor", .color, "Category label colour (default: the theme's text colour)."),
    ])
}
