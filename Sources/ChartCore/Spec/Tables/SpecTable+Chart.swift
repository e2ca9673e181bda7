// The chart spec's top level and its small option objects (protocol/spec/chart-spec.md).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `chart-spec.schema.json`
  public static let chart = SpecTable(
    "chart", schema: "chart-spec.schema.json",
    summary: "A whole chart: size, theme, data sets, axes, legend and options.",
    properties: [
      SpecProperty("$schema", .string, "The JSON Schema this file follows (for editors); chartd ignores it."),
      SpecProperty("width", .number, "Canvas width in px.", default: 800, bounds: .range(16, 16384)),
      SpecProperty("height", .number, "Canvas height in px.", default: 400, bounds: .range(16, 16384)),
      SpecProperty("theme", .choice(ThemeName.self), "Colour theme.", default: "light"),
      SpecProperty("title", .string, "Chart title."),
      SpecProperty("description", .string, "Accessible description; a summary of the data is generated when absent."),
      SpecProperty("noDataText", .string, "Written in the middle of the plot while no data set the chart draws has an entry; an empty string writes nothing.", default: "No chart data available."),
      SpecProperty("kind", .choice(ChartKind.self), "Chart kind; combined draws each data set with its own kind.", default: "line"),
      SpecProperty("dataSets", .array(.object("dataSet")), "The data sets; ids must be unique. A pie chart draws only the first; a radar chart draws each as a polygon."),
      SpecProperty("xAxis", .object("xAxis"), "The x axis."),
      SpecProperty("leftAxis", .object("yAxis"), "The left y axis."),
      SpecProperty("rightAxis", .object("yAxis"), "The right y axis."),
      SpecProperty("legend", .object("legend"), "The legend."),
      SpecProperty("limitLines", .array(.object("limitLine")), "Reference lines."),
      SpecProperty("highlights", .array(.object("highlight")), "Highlighted entries; each must name an existing data set and entry."),
      SpecProperty("highlightStyle", .object("highlightStyle"), "How highlights look."),
      SpecProperty("marker", .object("marker"), "The tooltip box at the highlighted entry."),
      SpecProperty("viewport", .object("viewport"), "Visible x range; absent shows all data."),
      SpecProperty("panes", .array(.object("pane")), "Plot panes stacked top to bottom, sharing the x axis and the viewport (a K-line over its volume): pane 0 is drawn against leftAxis and rightAxis, each lower pane against its own axis; a data set names its pane. At most 8; absent: one pane. Ignored by pie, radar and horizontal bar charts."),
      SpecProperty("bars", .object("barLayout"), "Bar width, grouping and spacing across bar data sets."),
      SpecProperty("pie", .object("pie"), "Pie and donut options."),
      SpecProperty("radar", .object("radar"), "Radar (spider) chart options: categories, value range, web."),
      SpecProperty("stackMode", .choice(StackMode.self), "How stacked line data sets (a data set's stack) pile up: normal sums the values; percent divides each x by its stack's total, so each stack fills 0 to 100 % on a percent axis.", default: "normal"),
      SpecProperty("hiddenDataSetsAffectRange", .boolean, "Whether hidden data sets still count for the axis ranges.", default: false),
      SpecProperty("largeData", .object("largeData"), "Drawing of large data sets."),
      SpecProperty("locale", .object("locale"), "Number separators."),
      SpecProperty("fontSize", .number, "Base font size in px.", default: 11, bounds: .range(4, 96)),
      SpecProperty("padding", .numberOrObject("padding"), "Space between the canvas edge and the chart, in px: one number for all sides, or some sides (the others stay 10).", default: 10),
    ])

  /// `chart-spec.schema.json#/$defs/Viewport`
  public static let viewport = SpecTable(
    "viewport", schema: "chart-spec.schema.json#/$defs/Viewport",
    summary: "Visible x range; a null or absent end is open. xMin must be less than xMax.",
    properties: [
      SpecProperty("xMin", .number, "Lowest visible x (null: the data's extent)."),
      SpecProperty("xMax", .number, "Highest visible x (null: the data's extent)."),
      SpecProperty("autoScaleY", .boolean, "Fit the y axes to the entries inside the visible range.", default: true),
    ])

  /// `chart-spec.schema.json#/$defs/Pane`
  public static let pane = SpecTable(
    "pane", schema: "chart-spec.schema.json#/$defs/Pane",
    summary: "One plot pane: its share of the plot's height and, below the main pane, its own value axis.",
    properties: [
      SpecProperty("weight", .number, "Share of the plot's height, relative to the other panes' weights.", default: 1, bounds: .range(0.05, 100)),
      SpecProperty("gap", .number, "Px between this pane and the one above it (ignored for pane 0).", default: 8, bounds: .range(0, 200)),
      SpecProperty("axis", .object("yAxis"), "The pane's value axis, on the left (panes below the main one; pane 0 uses leftAxis and rightAxis)."),
    ])

  /// `chart-spec.schema.json#/$defs/LargeData`
  public static let largeData = SpecTable(
    "largeData", schema: "chart-spec.schema.json#/$defs/LargeData",
    summary: "LargeData",
    properties: [
      SpecProperty("mode", .choice(LargeDataMode.self), "auto: M4 aggregation at device-pixel columns above threshold for plain linear lines; lossless: every entry drawn.", default: "auto"),
      SpecProperty("threshold", .integer, "Entries per data set above which auto aggregates.", default: 5000, bounds: .range(0, 100000000)),
      SpecProperty("devicePixelRatio", .number, "Device pixels per SVG unit.", default: 2, bounds: .range(0.25, 16)),
      SpecProperty("chunkSize", .integer, "Entries per chunk region of a long layer.", default: 1000, bounds: .range(16, 1000000)),
    ])

  /// `chart-spec.schema.json#/$defs/Locale`
  public static let locale = SpecTable(
    "locale", schema: "chart-spec.schema.json#/$defs/Locale",
    summary: "Locale",
    properties: [
      SpecProperty("decimalSeparator", .string, "Decimal separator (1 to 8 bytes).", default: "."),
      SpecProperty("groupingSeparator", .string, "Thousands separator (up to 8 bytes); must differ from the decimal separator when grouping.", default: ","),
      SpecProperty("useGrouping", .boolean, "Group thousands.", default: false),
    ])

  /// `chart-spec.schema.json#/$defs/Padding`
  public static let padding = SpecTable(
    "padding", schema: "chart-spec.schema.json#/$defs/Padding",
    summary: "Padding",
    properties: [
      SpecProperty("top", .number, "Top padding in px.", default: 10, bounds: .range(0, 4096)),
      SpecProperty("left", .number, "Left padding in px.", default: 10, bounds: .range(0, 4096)),
      SpecProperty("bottom", .number, "Bottom padding in px.", default: 10, bounds: .range(0, 4096)),
      SpecProperty("right", .number, "Right padding in px.", default: 10, bounds: .range(0, 4096)),
    ])

  /// `chart-spec.schema.json#/$defs/Highlight`
  public static let highlight = SpecTable(
    "highlight", schema: "chart-spec.schema.json#/$defs/Highlight",
    summary: "Highlight",
    properties: [
      SpecProperty("dataSet", .string, "Id of the data set.", required: true),
      SpecProperty("index", .integer, "Entry index (the slice of a pie).", bounds: .atLeast(0), required: true),
      SpecProperty("stackIndex", .integer, "Segment of a stacked bar; absent: the whole entry.", bounds: .atLeast(0)),
    ])
}
