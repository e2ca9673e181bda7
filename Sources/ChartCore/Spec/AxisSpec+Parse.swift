import ChartdJSON

// Parsing of axes, legend, limit lines and formatters (protocol/spec/axes.md).

extension AxisCommon {
  /// Reads the shared axis options of `o`; `t` (the x or the value axis table) gives their ranges.
  init(_ o: SpecObject, _ t: SpecTable) {
    self.init()
    enabled = o.bool("enabled", default: true)
    drawLabels = o.bool("drawLabels", default: true)
    drawAxisLine = o.bool("drawAxisLine", default: true)
    if o.has("drawGrid") { drawGrid = o.bool("drawGrid", default: true) }
    gridInFront = o.bool("gridInFront", default: false)
    gridColor = o.color("gridColor")
    gridDash = SpecParse.dash(o, "gridDash") ?? []
    labelColor = o.color("labelColor")
    fontSize = o.optionalNumber("fontSize", in: t.range("fontSize"))
    if let n = o.optionalInt("labelCount", in: t.integers("labelCount")) {
      if n < 2 || n > 25 { o.log.warning(o.path / "labelCount", "is clamped to 2…25, got \(n)") }
      labelCount = Swift.min(Swift.max(n, 2), 25)
    }
    granularity = o.optionalNumber("granularity")
    if let g = granularity, g <= 0 {
      o.log.error(o.path / "granularity", "must be greater than 0, got \(SpecObject.format(g))")
      granularity = nil
    }
    if let values = o.numbers("tickValues") {
      if values.count > TickOptions.maxTickCount {
        o.log.error(o.path / "tickValues", "has \(values.count) values; at most \(TickOptions.maxTickCount) are allowed")
      } else {
        tickValues = values
      }
    }
    scale = o.choice("scale", default: .linear)
    if let b = o.optionalInt("logBase", in: t.integers("logBase")) {
      if b == 2 || b == 10 { logBase = Double(b) } else { o.log.error(o.path / "logBase", "must be 10 or 2, got \(b)") }
    }
    minorGrid = o.bool("minorGrid", default: false)
    customLabels = CustomAxisLabel.parseList(o)
    min = o.optionalNumber("min")
    max = o.optionalNumber("max")
    if let lo = min, let hi = max, lo >= hi {
      o.log.error(o.path / "max", "must be greater than min (\(SpecObject.format(lo))), got \(SpecObject.format(hi))")
    }
    checkLogOptions(o)
    formatter = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    title = o.optionalString("title", maxLength: t["title"]?.maxLength ?? 1_000)
  }
}

extension AxisCommon {
  /// Reports what a log scale cannot show: fixed ends (errors) and tick values (warnings) that are
  /// not positive, and log-only options on a linear axis.
  private func checkLogOptions(_ o: SpecObject) {
    guard scale == .log else {
      if o.has("logBase") { o.log.warning(o.path / "logBase", "is ignored: the axis is linear (set \"scale\": \"log\")") }
      if minorGrid { o.log.warning(o.path / "minorGrid", "is ignored: only log axes draw a minor grid") }
      return
    }
    for (key, value) in [("min", min), ("max", max)] {
      if let v = value, !(v > 0) {
        o.log.error(o.path / key, "must be greater than 0 on a log axis, got \(SpecObject.format(v))")
      }
    }
    if let values = tickValues, let i = values.firstIndex(where: { !($0 > 0) }) {
      o.log.warning(o.path / "tickValues" / i, "\(SpecObject.format(values[i])) is not drawn: a log axis shows positive values only")
    }
  }
}

extension XAxisSpec {
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    let t = SpecTable.xAxis
    common = AxisCommon(o, t)
    labelPosition = o.choice("labelPosition", default: .bottom)
    labelRotation = o.optionalNumber("labelRotation", in: t.range("labelRotation"))
    centerLabels = o.bool("centerLabels", default: false)
    avoidFirstLastClipping = o.bool("avoidFirstLastClipping", default: true)
    slot = o.positive("slot", max: t["slot"]?.bounds?.maximum ?? 1e15)
    o.warnUnknownKeys(t.keys)
  }
}

extension YAxisSpec {
  public init(side: AxisSide, _ o: SpecObject?) {
    self.init(side: side)
    guard let o else { return }
    let t = SpecTable.yAxis
    common = AxisCommon(o, t)
    labelPosition = o.choice("labelPosition", default: .outside)
    spaceTop = o.number("spaceTop", default: 0, in: t.range("spaceTop"))
    spaceBottom = o.number("spaceBottom", default: 0, in: t.range("spaceBottom"))
    inverted = o.bool("inverted", default: false)
    drawZeroLine = o.bool("drawZeroLine", default: false)
    zeroLineColor = o.color("zeroLineColor")
    includeZero = o.bool("includeZero", default: false)
    o.warnUnknownKeys(t.keys)
  }
}

extension LegendSpec {
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    let t = SpecTable.legend
    enabled = o.bool("enabled", default: true)
    form = o.choice("form", default: .square)
    horizontalAlignment = o.choice("horizontalAlignment", default: .left)
    verticalAlignment = o.choice("verticalAlignment", default: .bottom)
    orientation = o.choice("orientation", default: .horizontal)
    inside = o.bool("inside", default: false)
    wordWrap = o.bool("wordWrap", default: true)
    maxSizePercent = o.number("maxSizePercent", default: 0.95, in: t.range("maxSizePercent"))
    formSize = o.number("formSize", default: 8, in: t.range("formSize"))
    formToTextSpace = o.number("formToTextSpace", default: 5, in: t.range("formToTextSpace"))
    entrySpace = o.number("entrySpace", default: 12, in: t.range("entrySpace"))
    fontSize = o.optionalNumber("fontSize", in: t.range("fontSize"))
    textColor = o.color("textColor")
    o.warnUnknownKeys(t.keys)
  }
}

extension LimitLineSpec {
  /// One element of `limitLines`; nil (with diagnostics) when invalid.
  public static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog) -> LimitLineSpec? {
    if v.isNull {
      log.error(path, "expected an object, got null")
      return nil
    }
    guard let o = SpecObject(v, at: path, log: log) else { return nil }
    let errorsBefore = log.errors.count
    guard let value = o.optionalNumber("value") else {
      if !o.has("value") { o.reportMissing("value") }
      return nil
    }
    let t = SpecTable.limitLine
    var line = LimitLineSpec(value: value)
    if let axis = o.optionalString("axis") {
      switch axis {
      case "left": line.axis = .left
      case "right": line.axis = .right
      case "x", "bottom": line.axis = .bottom
      case "top": line.axis = .top
      default: log.error(path / "axis", "unknown value '\(axis)'; expected one of \(SpecObject.quoted(t["axis"]?.choices ?? []))")
      }
    }
    line.label = o.optionalString("label", maxLength: t["label"]?.maxLength ?? 1_000)
    line.color = o.color("color")
    line.width = o.number("width", default: 1, in: t.range("width"))
    line.dash = SpecParse.dash(o, "dash") ?? []
    line.labelPosition = o.choice("labelPosition", default: .rightTop)
    line.labelBackground = o.color("labelBackground")
    line.labelColor = o.color("labelColor")
    line.inFront = o.bool("inFront", default: false)
    line.pane = o.int("pane", default: 0, in: t.integers("pane"))
    o.warnUnknownKeys(t.keys)
    return log.errors.count > errorsBefore ? nil : line
  }
}

extension CustomAxisLabel {
  /// The axis's `customLabels` (each an object with a required `value`); errors at their pointers.
  static func parseList(_ o: SpecObject) -> [CustomAxisLabel] {
    guard let a = o.array("customLabels") else { return [] }
    let path = o.path / "customLabels"
    guard a.count <= maxCount else {
      o.log.error(path, "has \(a.count) labels; at most \(maxCount) are allowed")
      return []
    }
    return a.enumerated().compactMap { i, v in parse(v, at: path / i, log: o.log) }
  }

  static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog) -> CustomAxisLabel? {
    if v.isNull {
      log.error(path, "expected an object, got null")
      return nil
    }
    guard let o = SpecObject(v, at: path, log: log) else { return nil }
    let errorsBefore = log.errors.count
    let t = SpecTable.customLabel
    o.warnUnknownKeys(t.keys)
    guard let value = o.optionalNumber("value") else {
      if !o.has("value") { o.reportMissing("value") }
      return nil
    }
    var label = CustomAxisLabel(value: value)
    label.text = o.optionalString("text", maxLength: t["text"]?.maxLength ?? 1_000)
    label.color = o.color("color")
    return log.errors.count > errorsBefore ? nil : label
  }
}

extension FormatterSpec {
  /// The names a formatter may be given by alone (`"format": "percent"`).
  public static let shorthands = ["number", "percent", "compact", "date"]

  /// The formatter types and the keys each one reads besides `type` (all in `SpecTable.formatter`).
  static let keysByType: [String: Set<String>] = [
    "number": ["decimals", "prefix", "suffix"], "percent": ["decimals", "multiply"], "compact": ["decimals"],
    "category": ["labels"], "indexDate": ["dates", "times", "pattern"], "date": ["pattern"],
  ]

  /// The formatter types, as `SpecTable.formatter` lists them for `type`.
  static var typeNames: [String] { SpecTable.formatter["type"]?.choices ?? [] }

  /// A formatter given as a string ("percent") or an object ({"type": "number", "decimals": 2}).
  public static func parse(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog) -> FormatterSpec? {
    guard let v, !v.isNull else { return nil }
    if case .string(let name) = v {
      switch name {
      case "number": return .number(decimals: nil, prefix: "", suffix: "")
      case "percent": return .percent(decimals: nil, multiply: true)
      case "compact": return .compact(decimals: nil)
      case "date": return .date(pattern: nil)
      case "category":
        log.error(path, "'category' needs labels: use {\"type\": \"category\", \"labels\": [...]}")
        return nil
      case "indexDate":
        log.error(path, "'indexDate' needs dates: use {\"type\": \"indexDate\", \"dates\": [\"2024-03-01\", ...]}")
        return nil
      default:
        log.error(path, "unknown formatter '\(name)'; expected one of \(SpecObject.quoted(typeNames))")
        return nil
      }
    }
    guard let o = SpecObject(v, at: path, log: log) else { return nil }
    guard let type = o.optionalString("type") else {
      if !o.has("type") { o.reportMissing("type") }
      return nil
    }
    guard let known = keysByType[type] else {
      log.error(path / "type", "unknown formatter '\(type)'; expected one of \(SpecObject.quoted(typeNames))")
      return nil
    }
    let errorsBefore = log.errors.count
    o.warnUnknownKeys(known.union(["type"]))
    let decimals = o.optionalInt("decimals", in: SpecTable.formatter.integers("decimals"))
    let result: FormatterSpec
    switch type {
    case "number":
      result = .number(decimals: decimals, prefix: o.optionalString("prefix", maxLength: 100) ?? "",
                       suffix: o.optionalString("suffix", maxLength: 100) ?? "")
    case "percent":
      result = .percent(decimals: decimals, multiply: o.bool("multiply", default: true))
    case "compact":
      result = .compact(decimals: decimals)
    case "category":
      result = .category(labels: categoryLabels(o))
    case "indexDate":
      let times = indexDates(o)
      result = .indexDate(times: times, pattern: o.optionalString("pattern", maxLength: 100) ?? DateText.listPattern(times))
    default:
      result = .date(pattern: o.optionalString("pattern", maxLength: 100))
    }
    return log.errors.count > errorsBefore ? nil : result
  }

  /// The `labels` of a category formatter: an array of strings (null entries are empty labels).
  private static func categoryLabels(_ o: SpecObject) -> [String] {
    guard o.has("labels") else {
      o.reportMissing("labels")
      return []
    }
    // A list the reader holds as one text column needs no JSON value per label.
    if let texts = o.texts("labels") {
      if texts.count > 100_000 {
        o.log.error(o.path / "labels", "has \(texts.count) labels; at most 100000 are allowed")
        return []
      }
      return texts.map { $0 ?? "" }
    }
    guard let items = o.array("labels") else { return [] }
    if items.count > 100_000 {
      o.log.error(o.path / "labels", "has \(items.count) labels; at most 100000 are allowed")
      return []
    }
    var out: [String] = []
    out.reserveCapacity(items.count)
    for (i, item) in items.enumerated() {
      switch item {
      case .string(let s): out.append(s)
      case .null: out.append("")
      default:
        o.log.error(o.path / "labels" / i, "expected a string, got \(item.typeName)")
        return []
      }
    }
    return out
  }
}

/// Small readers shared by the axis parsers.
enum SpecParse {
  /// A dash pattern: at most 20 non-negative lengths.
  static func dash(_ o: SpecObject, _ key: String) -> [Double]? {
    guard let values = o.numbers(key) else { return nil }
    if values.count > 20 {
      o.log.error(o.path / key, "has \(values.count) lengths; at most 20 are allowed")
      return nil
    }
    if let i = values.firstIndex(where: { $0 < 0 }) {
      o.log.error(o.path / key / i, "must not be negative, got \(SpecObject.format(values[i]))")
      return nil
    }
    return values
  }
}
