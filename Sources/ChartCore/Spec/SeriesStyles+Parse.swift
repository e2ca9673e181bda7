import ChartdJSON

// Readers of the per-kind series styles. Each takes the style's JSON object (nil when absent) and
// reports every problem at its exact JSON Pointer; unknown keys are warnings, invalid values errors.
// Ranges are generous: they only keep out values no chart could use (a 10,000 px line width).

extension LineStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = [
    "mode", "cubicIntensity", "width", "dash", "showCircles", "circleRadius", "circleHoleRadius",
    "circleHoleColor", "drawCircleHole", "fill", "fillColor", "fillOpacity", "fillGradient",
  ]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    mode = o.choice("mode", default: mode)
    cubicIntensity = o.number("cubicIntensity", default: cubicIntensity, in: 0...1)
    width = o.number("width", default: width, in: 0...100)
    dash = o.dash("dash") ?? dash
    showCircles = o.bool("showCircles", default: showCircles)
    circleRadius = o.number("circleRadius", default: circleRadius, in: 0...100)
    circleHoleRadius = o.number("circleHoleRadius", default: circleHoleRadius, in: 0...100)
    circleHoleColor = o.color("circleHoleColor")
    drawCircleHole = o.bool("drawCircleHole", default: drawCircleHole)
    fill = o.bool("fill", default: fill)
    fillColor = o.color("fillColor")
    fillOpacity = o.number("fillOpacity", default: fillOpacity, in: 0...1)
    fillGradient = GradientSpec(o.object("fillGradient"))
  }
}

extension BarStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = [
    "cornerRadius", "corners", "roundOuterEndOnly", "gradient", "borderWidth", "borderColor",
    "shadowColumn", "shadowColor",
  ]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    cornerRadius = o.number("cornerRadius", default: cornerRadius, in: 0...1_000)
    corners = o.choice("corners", default: corners)
    roundOuterEndOnly = o.bool("roundOuterEndOnly", default: roundOuterEndOnly)
    gradient = GradientSpec(o.object("gradient"))
    borderWidth = o.number("borderWidth", default: borderWidth, in: 0...100)
    borderColor = o.color("borderColor")
    shadowColumn = o.bool("shadowColumn", default: shadowColumn)
    shadowColor = o.color("shadowColor")
  }
}

extension ScatterStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = ["shape", "size"]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    shape = o.choice("shape", default: shape)
    size = o.number("size", default: size, in: 0...200)
  }
}

extension BubbleStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = ["maxDiameter", "opacity"]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    maxDiameter = o.number("maxDiameter", default: maxDiameter, in: 0...1_000)
    opacity = o.number("opacity", default: opacity, in: 0...1)
  }
}

extension CandleStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = [
    "increasingColor", "decreasingColor", "neutralColor", "increasingFilled", "decreasingFilled",
    "shadowColor", "shadowWidth", "barSpace", "ohlcTicks",
  ]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    increasingColor = o.color("increasingColor")
    decreasingColor = o.color("decreasingColor")
    neutralColor = o.color("neutralColor")
    increasingFilled = o.bool("increasingFilled", default: increasingFilled)
    decreasingFilled = o.bool("decreasingFilled", default: decreasingFilled)
    shadowColor = o.color("shadowColor")
    shadowWidth = o.number("shadowWidth", default: shadowWidth, in: 0...100)
    // Below 0.5 so that a body keeps some width.
    barSpace = o.number("barSpace", default: barSpace, in: 0...0.45)
    ohlcTicks = o.bool("ohlcTicks", default: ohlcTicks)
  }
}

extension BarLayoutSpec {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = [
    "barWidth", "grouped", "groupSpace", "barSpace", "maxBarWidthPx", "minGapPx", "horizontal",
  ]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    barWidth = o.positive("barWidth") ?? barWidth
    grouped = o.bool("grouped", default: grouped)
    groupSpace = o.number("groupSpace", default: groupSpace, in: 0...1e15)
    barSpace = o.number("barSpace", default: barSpace, in: 0...1e15)
    maxBarWidthPx = o.positive("maxBarWidthPx", max: 10_000)
    minGapPx = o.optionalNumber("minGapPx", in: 0...10_000)
    horizontal = o.bool("horizontal", default: horizontal)
  }
}

extension ValueLabelStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = ["show", "format", "fontSize", "color", "maxVisibleEntries"]

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    show = o.bool("show", default: show)
    format = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    fontSize = o.optionalNumber("fontSize", in: 1...200)
    color = o.color("color")
    maxVisibleEntries = o.int("maxVisibleEntries", default: maxVisibleEntries, in: 0...100_000)
  }
}

extension GradientSpec {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = ["stops", "colors", "angle"]
  /// The keys of one element of `stops`.
  public static let stopKeys: Set<String> = ["offset", "color", "opacity"]
  /// More stops than this are refused (no gradient needs them; each one is markup).
  public static let maxStops = 32

  /// Reads `{"stops": [{"offset": 0, "color": "#4e79a7", "opacity": 0.8}, …], "angle": 90}` or the
  /// short form `{"colors": ["#4e79a7", "#4e79a700"]}` (evenly spaced). Nil when absent or invalid.
  public init?(_ o: SpecObject?) {
    guard let o else { return nil }
    o.warnUnknownKeys(Self.keys)
    let angle = o.number("angle", default: 90, in: -360...360)
    var valid = true
    var stops: [Stop] = []
    switch (o.has("stops"), o.has("colors")) {
    case (true, true):
      o.log.error(o.path / "colors", "give either 'stops' or 'colors', not both")
      return nil
    case (true, false):
      guard let list = o.array("stops") else { return nil }
      for (k, element) in list.enumerated() {
        if let stop = Self.stop(element, at: o.path / "stops" / k, after: stops.last?.offset, log: o.log) {
          stops.append(stop)
        } else {
          valid = false
        }
      }
    case (false, true):
      guard let list = o.array("colors") else { return nil }
      for (k, element) in list.enumerated() {
        guard let text = element.stringValue, let color = Color(parsing: text) else {
          o.log.error(o.path / "colors" / k, element.stringValue == nil
            ? "expected a colour string, got \(element.typeName)" : "'\(element.stringValue ?? "")' is not a colour")
          valid = false
          continue
        }
        stops.append(Stop(offset: list.count > 1 ? Double(k) / Double(list.count - 1) : 0, color: color))
      }
    case (false, false):
      o.log.error(o.path / "stops", "is required (or give 'colors')")
      return nil
    }
    let listKey = o.has("stops") ? "stops" : "colors"
    if valid, stops.isEmpty {
      o.log.error(o.path / listKey, "needs at least one stop")
      valid = false
    }
    if stops.count > Self.maxStops {
      o.log.error(o.path / listKey, "has \(stops.count) stops; at most \(Self.maxStops) are allowed")
      valid = false
    }
    guard valid else { return nil }
    self.init(stops: stops, angle: angle)
  }

  /// One element of `stops`; offsets must not decrease along the list.
  private static func stop(_ v: JSONValue, at path: JSONPointer, after previous: Double?, log: DiagnosticLog) -> Stop? {
    guard let s = SpecObject(v, at: path, log: log) else {
      if v.isNull { log.error(path, "expected an object, got null") }
      return nil
    }
    s.warnUnknownKeys(stopKeys)
    if !s.has("offset") { log.error(path / "offset", "is required") }
    if !s.has("color") { log.error(path / "color", "is required") }
    let opacity = s.number("opacity", default: 1, in: 0...1)
    guard let offset = s.optionalNumber("offset", in: 0...1), let color = s.color("color") else { return nil }
    if let previous, offset < previous {
      log.error(path / "offset", "must not be less than the previous stop's offset (\(SpecObject.format(previous)))")
      return nil
    }
    return Stop(offset: offset, color: color.withAlpha(color.alpha * opacity))
  }
}

extension SpecObject {
  /// A dash pattern: an array of non-negative lengths in px (at most 16).
  func dash(_ key: String) -> [Double]? {
    guard let values = numbers(key) else { return nil }
    if values.count > 16 {
      log.error(path / key, "has \(values.count) lengths; at most 16 are allowed")
      return nil
    }
    for (k, d) in values.enumerated() where !(d >= 0 && d <= 1_000) {
      log.error(path / key / k, "must be between 0 and 1000, got \(SpecObject.format(d))")
      return nil
    }
    // All zeros would draw nothing in some renderers and a solid line in others: treat as solid.
    return values.allSatisfy { $0 == 0 } ? [] : values
  }

  /// A number that must be greater than 0 (and at most `max`).
  func positive(_ key: String, max: Double = 1e15) -> Double? {
    guard let d = optionalNumber(key, in: 0...max) else { return nil }
    guard d > 0 else {
      log.error(path / key, "must be greater than 0")
      return nil
    }
    return d
  }
}
