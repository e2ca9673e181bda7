import ChartdJSON

// Readers of the per-kind series styles. Each takes the style's JSON object (nil when absent) and
// reports every problem at its exact JSON Pointer; unknown keys are warnings, invalid values errors.
// Ranges are generous: they only keep out values no chart could use (a 10,000 px line width).

extension LineStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.lineStyle.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.lineStyle
    mode = o.choice("mode", default: mode)
    cubicIntensity = o.number("cubicIntensity", default: cubicIntensity, in: t.range("cubicIntensity"))
    width = o.number("width", default: width, in: t.range("width"))
    dash = o.dash("dash") ?? dash
    showCircles = o.bool("showCircles", default: showCircles)
    circleRadius = o.number("circleRadius", default: circleRadius, in: t.range("circleRadius"))
    circleHoleRadius = o.number("circleHoleRadius", default: circleHoleRadius, in: t.range("circleHoleRadius"))
    circleHoleColor = o.color("circleHoleColor")
    drawCircleHole = o.bool("drawCircleHole", default: drawCircleHole)
    fill = o.bool("fill", default: fill)
    fillColor = o.color("fillColor")
    fillOpacity = o.number("fillOpacity", default: fillOpacity, in: t.range("fillOpacity"))
    fillGradient = GradientSpec(o.object("fillGradient"))
  }
}

extension BarStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.barStyle.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.barStyle
    cornerRadius = o.number("cornerRadius", default: cornerRadius, in: t.range("cornerRadius"))
    corners = o.choice("corners", default: corners)
    cornerRadii = o.cornerRadii("cornerRadii", in: t.range("cornerRadius"))
    roundOuterEndOnly = o.bool("roundOuterEndOnly", default: roundOuterEndOnly)
    gradient = GradientSpec(o.object("gradient"))
    borderWidth = o.number("borderWidth", default: borderWidth, in: t.range("borderWidth"))
    borderColor = o.color("borderColor")
    shadowColumn = o.bool("shadowColumn", default: shadowColumn)
    shadowColor = o.color("shadowColor")
  }
}

extension ScatterStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.scatterStyle.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.scatterStyle
    shape = o.choice("shape", default: shape)
    size = o.number("size", default: size, in: t.range("size"))
  }
}

extension BubbleStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.bubbleStyle.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.bubbleStyle
    maxDiameter = o.number("maxDiameter", default: maxDiameter, in: t.range("maxDiameter"))
    opacity = o.number("opacity", default: opacity, in: t.range("opacity"))
  }
}

extension CandleStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.candleStyle.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.candleStyle
    increasingColor = o.color("increasingColor")
    decreasingColor = o.color("decreasingColor")
    neutralColor = o.color("neutralColor")
    increasingFilled = o.bool("increasingFilled", default: increasingFilled)
    decreasingFilled = o.bool("decreasingFilled", default: decreasingFilled)
    shadowColor = o.color("shadowColor")
    shadowWidth = o.number("shadowWidth", default: shadowWidth, in: t.range("shadowWidth"))
    // Below 0.5 so that a body keeps some width.
    barSpace = o.number("barSpace", default: barSpace, in: t.range("barSpace"))
    ohlcTicks = o.bool("ohlcTicks", default: ohlcTicks)
  }
}

extension BarLayoutSpec {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.barLayout.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.barLayout
    barWidth = o.positive("barWidth") ?? barWidth
    grouped = o.bool("grouped", default: grouped)
    groupSpace = o.number("groupSpace", default: groupSpace, in: t.range("groupSpace"))
    barSpace = o.number("barSpace", default: barSpace, in: t.range("barSpace"))
    maxBarWidthPx = o.positive("maxBarWidthPx", max: t["maxBarWidthPx"]?.bounds?.maximum ?? 10_000)
    minGapPx = o.optionalNumber("minGapPx", in: t.range("minGapPx"))
    horizontal = o.bool("horizontal", default: horizontal)
    keepHiddenSlots = o.bool("keepHiddenSlots", default: keepHiddenSlots)
  }
}

extension ValueLabelStyle {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.valueLabels.keys

  /// Reads the style object `o` (defaults when nil), logging problems at their JSON Pointers.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.keys)
    let t = SpecTable.valueLabels
    show = o.bool("show", default: show)
    format = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    fontSize = o.optionalNumber("fontSize", in: t.range("fontSize"))
    color = o.color("color")
    maxVisibleEntries = o.int("maxVisibleEntries", default: maxVisibleEntries, in: t.integers("maxVisibleEntries"))
  }
}

extension GradientSpec {
  /// The keys the reader knows; others are warned about.
  public static let keys: Set<String> = SpecTable.gradient.keys
  /// The keys of one element of `stops`.
  public static let stopKeys: Set<String> = SpecTable.gradientStop.keys
  /// More stops than this are refused (no gradient needs them; each one is markup).
  public static let maxStops = 32

  /// Reads `{"stops": [{"offset": 0, "color": "#4e79a7", "opacity": 0.8}, …], "angle": 90}` or the
  /// short form `{"colors": ["#4e79a7", "#4e79a700"]}` (evenly spaced). Nil when absent or invalid.
  public init?(_ o: SpecObject?) {
    guard let o else { return nil }
    o.warnUnknownKeys(Self.keys)
    let angle = o.number("angle", default: 90, in: SpecTable.gradient.range("angle"))
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
        guard let color = SpecObject.color(element, at: o.path / "colors" / k, log: o.log) else {
          valid = false
          continue
        }
        stops.append(Stop(offset: list.count > 1 ? Double(k) / Double(list.count - 1) : 0, color: color))
      }
    case (false, false):
      o.reportMissing("stops", "or give 'colors'")
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
    if !s.has("offset") { s.reportMissing("offset") }
    let opacity = s.number("opacity", default: 1, in: SpecTable.gradientStop.range("opacity"))
    let color = s.color("color")
    // A colour that is present but unreadable was logged; only an absent one means "own colour".
    guard let offset = s.optionalNumber("offset", in: SpecTable.gradientStop.range("offset")), color != nil || !s.has("color") else { return nil }
    if let previous, offset < previous {
      log.error(path / "offset", "must not be less than the previous stop's offset (\(SpecObject.format(previous)))")
      return nil
    }
    guard let color else { return Stop(offset: offset, color: nil, opacity: opacity) }
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

  /// Four corner radii in px, each within `range`.
  func cornerRadii(_ key: String, in range: ClosedRange<Double>) -> [Double]? {
    guard let values = numbers(key) else { return nil }
    guard values.count == 4 else {
      log.error(path / key, "needs 4 radii (top-left, top-right, bottom-right, bottom-left of an upward bar), got \(values.count)")
      return nil
    }
    for (k, r) in values.enumerated() where !range.contains(r) {
      log.error(path / key / k, "must be between \(SpecObject.format(range.lowerBound)) and \(SpecObject.format(range.upperBound)), got \(SpecObject.format(r))")
      return nil
    }
    return values
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
