import ChartdJSON

// Parsing of axes, legend, limit lines and formatters (protocol/spec/axes.md).

extension AxisCommon {
  /// Keys shared by the x axis and the value axes.
  static let keys: Set<String> = [
    "enabled", "drawLabels", "drawAxisLine", "drawGrid", "gridInFront", "gridColor", "gridDash", "labelColor",
    "fontSize", "labelCount", "granularity", "tickValues", "min", "max", "format", "title",
  ]

  /// Reads the shared axis options of `o`.
  init(_ o: SpecObject) {
    self.init()
    enabled = o.bool("enabled", default: true)
    drawLabels = o.bool("drawLabels", default: true)
    drawAxisLine = o.bool("drawAxisLine", default: true)
    if o.has("drawGrid") { drawGrid = o.bool("drawGrid", default: true) }
    gridInFront = o.bool("gridInFront", default: false)
    gridColor = o.color("gridColor")
    gridDash = SpecParse.dash(o, "gridDash") ?? []
    labelColor = o.color("labelColor")
    fontSize = o.optionalNumber("fontSize", in: 4...72)
    if let n = o.optionalInt("labelCount", in: 1...1_000) {
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
    min = o.optionalNumber("min")
    max = o.optionalNumber("max")
    if let lo = min, let hi = max, lo >= hi {
      o.log.error(o.path / "max", "must be greater than min (\(SpecObject.format(lo))), got \(SpecObject.format(hi))")
    }
    formatter = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    title = o.optionalString("title", maxLength: 1_000)
  }
}

extension XAxisSpec {
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    common = AxisCommon(o)
    labelPosition = o.choice("labelPosition", default: .bottom)
    labelRotation = o.optionalNumber("labelRotation", in: -90...90)
    centerLabels = o.bool("centerLabels", default: false)
    avoidFirstLastClipping = o.bool("avoidFirstLastClipping", default: true)
    o.warnUnknownKeys(AxisCommon.keys.union(["labelPosition", "labelRotation", "centerLabels", "avoidFirstLastClipping"]))
  }
}

extension YAxisSpec {
  public init(side: AxisSide, _ o: SpecObject?) {
    self.init(side: side)
    guard let o else { return }
    common = AxisCommon(o)
    labelPosition = o.choice("labelPosition", default: .outside)
    spaceTop = o.number("spaceTop", default: 0, in: 0...0.45)
    spaceBottom = o.number("spaceBottom", default: 0, in: 0...0.45)
    inverted = o.bool("inverted", default: false)
    drawZeroLine = o.bool("drawZeroLine", default: false)
    zeroLineColor = o.color("zeroLineColor")
    includeZero = o.bool("includeZero", default: false)
    o.warnUnknownKeys(AxisCommon.keys.union([
      "labelPosition", "spaceTop", "spaceBottom", "inverted", "drawZeroLine", "zeroLineColor", "includeZero",
    ]))
  }
}

extension LegendSpec {
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    enabled = o.bool("enabled", default: true)
    form = o.choice("form", default: .square)
    horizontalAlignment = o.choice("horizontalAlignment", default: .left)
    verticalAlignment = o.choice("verticalAlignment", default: .bottom)
    orientation = o.choice("orientation", default: .horizontal)
    inside = o.bool("inside", default: false)
    wordWrap = o.bool("wordWrap", default: true)
    maxSizePercent = o.number("maxSizePercent", default: 0.95, in: 0.1...1)
    formSize = o.number("formSize", default: 8, in: 0...100)
    formToTextSpace = o.number("formToTextSpace", default: 5, in: 0...100)
    entrySpace = o.number("entrySpace", default: 12, in: 0...200)
    fontSize = o.optionalNumber("fontSize", in: 4...72)
    textColor = o.color("textColor")
    o.warnUnknownKeys([
      "enabled", "form", "horizontalAlignment", "verticalAlignment", "orientation", "inside", "wordWrap",
      "maxSizePercent", "formSize", "formToTextSpace", "entrySpace", "fontSize", "textColor",
    ])
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
      if !o.has("value") { log.error(path / "value", "is required") }
      return nil
    }
    var line = LimitLineSpec(value: value)
    if let axis = o.optionalString("axis") {
      switch axis {
      case "left": line.axis = .left
      case "right": line.axis = .right
      case "x", "bottom": line.axis = .bottom
      case "top": line.axis = .top
      default: log.error(path / "axis", "unknown value '\(axis)'; expected one of 'left', 'right', 'x', 'bottom', 'top'")
      }
    }
    line.label = o.optionalString("label", maxLength: 1_000)
    line.color = o.color("color")
    line.width = o.number("width", default: 1, in: 0.1...20)
    line.dash = SpecParse.dash(o, "dash") ?? []
    line.labelPosition = o.choice("labelPosition", default: .rightTop)
    line.labelBackground = o.color("labelBackground")
    line.labelColor = o.color("labelColor")
    line.inFront = o.bool("inFront", default: false)
    o.warnUnknownKeys(["value", "axis", "label", "color", "width", "dash", "labelPosition", "labelBackground",
                       "labelColor", "inFront"])
    return log.errors.count > errorsBefore ? nil : line
  }
}

extension FormatterSpec {
  /// The formatter types and the keys each one reads besides `type`.
  static let keysByType: [String: Set<String>] = [
    "number": ["decimals", "prefix", "suffix"], "percent": ["decimals", "multiply"], "compact": ["decimals"],
    "category": ["labels"], "date": ["pattern"],
  ]

  /// A formatter given as a string ("percent") or an object ({"type": "number", "decimals": 2}).
  public static func parse(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog) -> FormatterSpec? {
    guard let v, !v.isNull else { return nil }
    if case .string(let name) = v {
      switch name {
      case "number": return .number(decimals: nil, prefix: "", suffix: "")
      case "percent": return .percent(decimals: nil, multiply: true)
      case "compact": return .compact(decimals: nil)
      case "date": return .date(pattern: "yyyy-MM-dd")
      case "category":
        log.error(path, "'category' needs labels: use {\"type\": \"category\", \"labels\": [...]}")
        return nil
      default:
        log.error(path, "unknown formatter '\(name)'; expected one of 'number', 'percent', 'compact', 'category', 'date'")
        return nil
      }
    }
    guard let o = SpecObject(v, at: path, log: log) else { return nil }
    guard let type = o.optionalString("type") else {
      if !o.has("type") { log.error(path / "type", "is required") }
      return nil
    }
    guard let known = keysByType[type] else {
      log.error(path / "type", "unknown formatter '\(type)'; expected one of 'number', 'percent', 'compact', 'category', 'date'")
      return nil
    }
    let errorsBefore = log.errors.count
    o.warnUnknownKeys(known.union(["type"]))
    let decimals = o.optionalInt("decimals", in: 0...15)
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
    default:
      result = .date(pattern: o.optionalString("pattern", maxLength: 100) ?? "yyyy-MM-dd")
    }
    return log.errors.count > errorsBefore ? nil : result
  }

  /// The `labels` of a category formatter: an array of strings (null entries are empty labels).
  private static func categoryLabels(_ o: SpecObject) -> [String] {
    guard o.has("labels") else {
      o.log.error(o.path / "labels", "is required")
      return []
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
