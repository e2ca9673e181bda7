// Axes, legend, limit lines and formatters (protocol/spec/axes.md).
// The schema files in protocol/schema must agree with these tables (SpecTableSchemaTests).

extension SpecTable {
  /// `axes.schema.json#/$defs/XAxis`
  public static let xAxis = SpecTable(
    "xAxis", schema: "axes.schema.json#/$defs/XAxis",
    summary: "The x axis.",
    properties: [
      SpecProperty("enabled", .boolean, "false: the axis still maps values but draws nothing and takes no space.", default: true),
      SpecProperty("drawLabels", .boolean, "Draw the tick labels.", default: true),
      SpecProperty("drawAxisLine", .boolean, "Draw the axis line.", default: true),
      SpecProperty("drawGrid", .boolean, "Default: on, except the x axis of bar and candlestick charts."),
      SpecProperty("gridInFront", .boolean, "Grid drawn over the data; the grid is one layer for every axis and pane, over the data when any axis drawn asks for it.", default: false),
      SpecProperty("gridColor", .color, "Grid line colour; the theme grid colour when absent."),
      SpecProperty("gridDash", .array(.number), "Dash pattern of the grid lines in px (empty: solid)."),
      SpecProperty("labelColor", .color, "Tick label colour; the theme text colour when absent."),
      SpecProperty("fontSize", .number, "Tick label size in px (default: the chart's fontSize).", bounds: .range(4, 72)),
      SpecProperty("labelCount", .integer, "Most ticks wanted; clamped to 2…25 with a warning. Default: 6 on value axes (fewer on short axes), as many as fit on category axes.", bounds: .range(1, 1000)),
      SpecProperty("granularity", .number, "Smallest step between ticks; steps are multiples of it.", bounds: .greaterThan(0)),
      SpecProperty("tickValues", .array(.number), "Explicit ticks; the domain is niced over the data and these values."),
      SpecProperty("min", .number, "Fixed lower end of the axis."),
      SpecProperty("max", .number, "Fixed upper end; must be greater than min."),
      SpecProperty("format", .formatter, "How tick values are written (a formatter name or object)."),
      SpecProperty("title", .string, "Title drawn along the axis.", maxLength: 1000),
      SpecProperty("scale", .choice(AxisScaleKind.self), "linear, or log (line, scatter and bubble charts; not bar, candlestick or category axes): equal ratios take equal lengths and only positive values are drawn (others are reported as warnings).", default: "linear"),
      SpecProperty("logBase", .integer, "Base of a log scale: 10 or 2.", default: 10, bounds: .range(2, 10)),
      SpecProperty("minorGrid", .boolean, "Log scale: fainter grid lines at the multiples and powers between the labelled ticks.", default: false),
      SpecProperty("customLabels", .array(.object("customLabel")), "Labels at given values (a tick mark and a text, at most 100); regular tick labels they would overlap are left out."),
      SpecProperty("labelPosition", .choice(XLabelPosition.self), "Where the tick labels go.", default: "bottom"),
      SpecProperty("labelRotation", .number, "Degrees. Absent: automatic (0, or -45 when that keeps every category label).", bounds: .range(-90, 90)),
      SpecProperty("centerLabels", .boolean, "Accepted for compatibility; bar group labels are always centred under their group.", default: false),
      SpecProperty("avoidFirstLastClipping", .boolean, "Move the end labels inward so that they stay on the canvas.", default: true),
      SpecProperty("slot", .number, "Bars and candles: x units per slot, of which bar and body widths are fractions. Absent: on a date axis the smallest gap between consecutive x of the bar and candlestick data sets (a day when there is none), else 1.", bounds: .greaterThan(0, max: 1e15)),
    ])

  /// `axes.schema.json#/$defs/YAxis`
  public static let yAxis = SpecTable(
    "yAxis", schema: "axes.schema.json#/$defs/YAxis",
    summary: "A value axis (left or right).",
    properties: [
      SpecProperty("enabled", .boolean, "false: the axis still maps values but draws nothing and takes no space.", default: true),
      SpecProperty("drawLabels", .boolean, "Draw the tick labels.", default: true),
      SpecProperty("drawAxisLine", .boolean, "Draw the axis line.", default: true),
      SpecProperty("drawGrid", .boolean, "Default: on, except the x axis of bar and candlestick charts."),
      SpecProperty("gridInFront", .boolean, "Grid drawn over the data; the grid is one layer for every axis and pane, over the data when any axis drawn asks for it.", default: false),
      SpecProperty("gridColor", .color, "Grid line colour; the theme grid colour when absent."),
      SpecProperty("gridDash", .array(.number), "Dash pattern of the grid lines in px (empty: solid)."),
      SpecProperty("labelColor", .color, "Tick label colour; the theme text colour when absent."),
      SpecProperty("fontSize", .number, "Tick label size in px (default: the chart's fontSize).", bounds: .range(4, 72)),
      SpecProperty("labelCount", .integer, "Most ticks wanted; clamped to 2…25 with a warning. Default: 6 on value axes (fewer on short axes), as many as fit on category axes.", bounds: .range(1, 1000)),
      SpecProperty("granularity", .number, "Smallest step between ticks; steps are multiples of it.", bounds: .greaterThan(0)),
      SpecProperty("tickValues", .array(.number), "Explicit ticks; the domain is niced over the data and these values."),
      SpecProperty("min", .number, "Fixed lower end of the axis."),
      SpecProperty("max", .number, "Fixed upper end; must be greater than min."),
      SpecProperty("format", .formatter, "How tick values are written (a formatter name or object)."),
      SpecProperty("title", .string, "Title drawn along the axis.", maxLength: 1000),
      SpecProperty("scale", .choice(AxisScaleKind.self), "linear, or log: equal ratios take equal lengths and only positive values are drawn (others are reported as warnings).", default: "linear"),
      SpecProperty("logBase", .integer, "Base of a log scale: 10 or 2.", default: 10, bounds: .range(2, 10)),
      SpecProperty("minorGrid", .boolean, "Log scale: fainter grid lines at the multiples and powers between the labelled ticks.", default: false),
      SpecProperty("customLabels", .array(.object("customLabel")), "Labels at given values (a tick mark and a text, at most 100); regular tick labels they would overlap are left out."),
      SpecProperty("labelPosition", .choice(YLabelPosition.self), "Tick labels outside the plot or inside it.", default: "outside"),
      SpecProperty("spaceTop", .number, "Share of the axis kept free above the data.", default: 0, bounds: .range(0, 0.45)),
      SpecProperty("spaceBottom", .number, "Share of the axis kept free below the data.", default: 0, bounds: .range(0, 0.45)),
      SpecProperty("inverted", .boolean, "Values grow downwards.", default: false),
      SpecProperty("drawZeroLine", .boolean, "Draw a line at 0.", default: false),
      SpecProperty("zeroLineColor", .color, "Colour of the zero line."),
      SpecProperty("includeZero", .boolean, "Keep 0 in the domain (always on for axes with bar data sets).", default: false),
    ])

  /// `axes.schema.json#/$defs/Legend`
  public static let legend = SpecTable(
    "legend", schema: "axes.schema.json#/$defs/Legend",
    summary: "The legend.",
    properties: [
      SpecProperty("enabled", .boolean, "Draw the legend.", default: true),
      SpecProperty("form", .choice(LegendForm.self), "Shape drawn before each item's text.", default: "square"),
      SpecProperty("horizontalAlignment", .choice(LegendHorizontal.self), "Horizontal placement of the legend.", default: "left"),
      SpecProperty("verticalAlignment", .choice(LegendVertical.self), "Vertical placement of the legend.", default: "bottom"),
      SpecProperty("orientation", .choice(LegendOrientation.self), "Items in rows (horizontal) or in a column (vertical).", default: "horizontal"),
      SpecProperty("inside", .boolean, "Over the plot instead of beside it.", default: false),
      SpecProperty("wordWrap", .boolean, "Wrap items into further rows or columns when they do not fit (false: one row). Items beyond the legend's room are summarised as \"+N more\".", default: true),
      SpecProperty("maxSizePercent", .number, "Largest share of the chart's width (horizontal) or height (vertical).", default: 0.95, bounds: .range(0.1, 1)),
      SpecProperty("formSize", .number, "Size of the form in px.", default: 8, bounds: .range(0, 100)),
      SpecProperty("formToTextSpace", .number, "Space between the form and the text in px.", default: 5, bounds: .range(0, 100)),
      SpecProperty("entrySpace", .number, "Space between items in px.", default: 12, bounds: .range(0, 200)),
      SpecProperty("fontSize", .number, "Item text size in px (default: the chart's fontSize).", bounds: .range(4, 72)),
      SpecProperty("textColor", .color, "Item text colour; the theme text colour when absent."),
    ])

  /// `axes.schema.json#/$defs/LimitLine`
  public static let limitLine = SpecTable(
    "limitLine", schema: "axes.schema.json#/$defs/LimitLine",
    summary: "A reference line at a value, with an optional label.",
    properties: [
      SpecProperty("value", .number, "Where the line is drawn, in the axis's units.", required: true),
      SpecProperty("axis", .choice(["left", "right", "x", "bottom", "top"]), "left/right: a value line; x (= bottom) or top: a vertical line at an x value.", default: "left"),
      SpecProperty("label", .string, "Text written beside the line (or in its badge).", maxLength: 1000),
      SpecProperty("color", .color, "Line colour; the theme's limit line colour when absent."),
      SpecProperty("width", .number, "Line width in px.", default: 1, bounds: .range(0.1, 20)),
      SpecProperty("dash", .array(.number), "Dash pattern in px (empty: solid)."),
      SpecProperty("labelPosition", .choice(LimitLabelPosition.self), "axis: a filled badge on the axis band (text: label, or the value).", default: "rightTop"),
      SpecProperty("labelBackground", .color, "Badge colour of an on-axis label; the line colour when absent."),
      SpecProperty("labelColor", .color, "Label text colour."),
      SpecProperty("inFront", .boolean, "Draw the line in front of the data. Its in-plot label is drawn in front of the data either way.", default: false),
      SpecProperty("pane", .integer, "The plot pane the line is drawn in (index into panes): a value line on that pane's axis (a lower pane's axis for left or right), an x line down that pane.", default: 0, bounds: .range(0, 7)),
    ])

  /// `axes.schema.json#/$defs/CustomLabel`
  public static let customLabel = SpecTable(
    "customLabel", schema: "axes.schema.json#/$defs/CustomLabel",
    summary: "A label drawn on the axis at one value: a tick mark and a text.",
    properties: [
      SpecProperty("value", .number, "Where the label goes, in the axis's units; outside the axis range it is not drawn.", required: true),
      SpecProperty("text", .string, "The text; the value written with the axis's format when absent.", maxLength: 1000),
      SpecProperty("color", .color, "Text and tick mark colour; the axis's label colour when absent."),
    ])

  /// `axes.schema.json#/$defs/Formatter`
  public static let formatter = SpecTable(
    "formatter", schema: "axes.schema.json#/$defs/Formatter",
    summary: "A formatter object: `type` and that type's options.",
    properties: [
      SpecProperty("type", .choice(["number", "percent", "compact", "category", "indexDate", "date"]), "The formatter: number, percent, compact, category, indexDate or date.", required: true),
      SpecProperty("decimals", .integer, "Fixed decimals (number, percent, compact); from the tick step when absent.", bounds: .range(0, 15)),
      SpecProperty("prefix", .string, "Text written before the number (number formatter).", maxLength: 100),
      SpecProperty("suffix", .string, "Text written after the number (number formatter).", maxLength: 100),
      SpecProperty("multiply", .boolean, "Multiply by 100 before writing (percent formatter).", default: true),
      SpecProperty("labels", .array(.string), "Label of each integer index i (category formatter; required there)."),
      SpecProperty("dates", .array(.string), "Date of each integer index i as an ISO 8601 date or UTC date-time (yyyy-MM-dd, yyyy-MM-ddTHH:mm[:ss][Z]); null: no label (indexDate formatter; it needs dates or times)."),
      SpecProperty("times", .array(.number), "Date of each integer index i as Unix seconds (indexDate formatter; instead of dates)."),
      SpecProperty("pattern", .string, "Date pattern for Unix seconds in UTC (date and indexDate formatters): yyyy yy MMMM MMM MM M dd d HH H mm ss S SS SSS EEE, 'literal'. Default: for indexDate, yyyy-MM-dd while every time is a midnight, else with the time of day (MM-dd HH:mm, or HH:mm when all fall on one day); for date, as precise as needed (ticks: years, months, days or times of day by their step; other values: the date, and the time of day when there is one).", maxLength: 100),
    ])
}
