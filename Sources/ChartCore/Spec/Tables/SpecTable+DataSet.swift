// Data sets and their entries (protocol/spec/chart-spec.md#data-sets).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `chart-spec.schema.json#/$defs/DataSet`
  public static let dataSet = SpecTable(
    "dataSet", schema: "chart-spec.schema.json#/$defs/DataSet",
    summary: "One data set. One of id and label is required; each defaults to the other.",
    properties: [
      SpecProperty("id", .string, "Identity used by edits and region ids; unique in the chart; defaults to the label."),
      SpecProperty("label", .string, "Legend text; defaults to the id."),
      SpecProperty("kind", .choice(SeriesKind.self), "What the data set is drawn as in a combined chart (default line); ignored in other charts."),
      SpecProperty("axis", .choice(AxisDependency.self), "The y axis the data set is drawn against.", default: "left"),
      SpecProperty("pane", .integer, "The plot pane the data set is drawn in (index into panes); a lower pane's data sets are drawn against its axis, and axis is ignored.", default: 0, bounds: .range(0, 7)),
      SpecProperty("visible", .boolean, "Hidden data sets keep their legend item but draw nothing.", default: true),
      SpecProperty("hiddenEntries", .array(.integer), "Pie: indices of hidden slices; they leave the total (the others grow) and their legend items are dimmed. Ignored by other kinds."),
      SpecProperty("color", .color, "Main colour; the palette colour of its position when absent."),
      SpecProperty("colors", .array(.color), "Colours cycled per entry by its position entryOffset + index (bars, scatter and bubble symbols; pie slices by index); overrides color."),
      SpecProperty("line", .object("lineStyle"), "Line style, used when the data set is drawn as a line."),
      SpecProperty("bar", .object("barStyle"), "Bar style, used when the data set is drawn as bars."),
      SpecProperty("scatter", .object("scatterStyle"), "Symbol shape and size, used when the data set is drawn as a scatter."),
      SpecProperty("bubble", .object("bubbleStyle"), "Bubble sizing, used when the data set is drawn as bubbles."),
      SpecProperty("candle", .object("candleStyle"), "Candle colours and body, used when the data set is drawn as candlesticks."),
      SpecProperty("valueLabels", .object("valueLabels"), "Values written next to the entries."),
      SpecProperty("stackLabels", .array(.string), "Labels of stack segments (one legend item each)."),
      SpecProperty("stack", .string, "Stack group of a line data set: line data sets with the same stack name on the same axis are drawn on top of one another, in data set order (ECharts' stack). Entries stack by equal x."),
      SpecProperty("entries", .entries, "The data: bare values, [x, y] pairs, row objects or columns."),
      SpecProperty("entryOffset", .integer, "Absolute position of the first entry: entries that left the front (a sliding window, a removal at 0) are counted, so chunk ids stay stable. chart/getSpec writes it; replaceEntries resets it to 0.", default: 0, bounds: .range(0, 1125899906842624)),
    ])

  /// `chart-spec.schema.json#/$defs/EntryRow`
  public static let entryRow = SpecTable(
    "entryRow", schema: "chart-spec.schema.json#/$defs/EntryRow",
    summary: "One entry in row form.",
    properties: [
      SpecProperty("x", .number, "Position on the x axis (finite; never null)."),
      SpecProperty("y", .number, "The value."),
      SpecProperty("size", .number, "Bubble size."),
      SpecProperty("open", .number, "Candle open."),
      SpecProperty("high", .number, "Candle high."),
      SpecProperty("low", .number, "Candle low."),
      SpecProperty("close", .number, "Candle close; also the entry's value (y)."),
      SpecProperty("label", .string, "Entry label."),
      SpecProperty("color", .color, "Colour of this entry."),
      SpecProperty("values", .array(.number), "Stack segments; the entry's value is their sum."),
    ])

  /// `chart-spec.schema.json#/$defs/ColumnEntries`
  public static let entryColumns = SpecTable(
    "entryColumns", schema: "chart-spec.schema.json#/$defs/ColumnEntries",
    summary: "Entries in column form: one array per field, all of one length.",
    // In the order that decides the entry count when x is absent (EntryReader.columnKeys).
    properties: [
      SpecProperty("x", .array(.number), "x values (finite numbers)."),
      SpecProperty("y", .array(.number), "Values."),
      SpecProperty("close", .array(.number), "Candle closes; also the entries' values (y)."),
      SpecProperty("open", .array(.number), "Candle opens."),
      SpecProperty("high", .array(.number), "Candle highs."),
      SpecProperty("low", .array(.number), "Candle lows."),
      SpecProperty("size", .array(.number), "Bubble sizes."),
      SpecProperty("stacks", .array(.array(.number)), "Stack segments per entry (null or []: not stacked)."),
      SpecProperty("labels", .array(.string), "Entry labels."),
      SpecProperty("colors", .array(.color), "Entry colours."),
    ])
}
