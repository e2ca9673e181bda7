import ChartdJSON

/// Data set objects with every style key of `series-styles.schema.json`.
extension Generator {
  static let seriesKinds = ["line", "bar", "scatter", "bubble", "candlestick"]

  /// A data set object drawn as `kind` (a series kind, "pie" or "radar") in a chart of `chartKind`;
  /// a radar data set gets at most `radarCategories` values (nil: any number, maybe too many).
  func dataSet(id: String, kind: String, chartKind: String, radarCategories: Int? = nil) -> JSONValue {
    var o: [String: JSONValue] = [:]
    // Identity: usually an id, sometimes only a label (the id defaults to it).
    if chance(1, in: 6) { o["label"] = .string(id) } else {
      o["id"] = .string(id)
      if chance(1, in: 2) { o["label"] = .string(label()) }
    }
    if chartKind == "combined" { o["kind"] = .string(kind) } else if chance(1, in: 30) { o["kind"] = .string(pick(Self.seriesKinds)) }
    if chance(1, in: 4) { o["axis"] = .string(pick(["left", "right"])) }
    if chance(1, in: 8) { o["visible"] = .bool(bool()) }
    // Hidden pie slices (read, and ignored, by other kinds too).
    if kind == "pie" ? chance(1, in: 3) : chance(1, in: 30) { o["hiddenEntries"] = .numbers((0..<choose(4)).map { _ in Double(choose(8)) }) }
    if chance(1, in: 3) { o["color"] = color() }
    if chance(1, in: 6) { o["colors"] = .array((0..<(1 + choose(4))).map { _ in color() }) }
    let stacked = kind == "bar" && chance(1, in: 3)
    if stacked || kind == "bar" && chance(1, in: 10) {
      o["stackLabels"] = .array((0..<(1 + choose(4))).map { _ in .string(label()) })
    }
    // Stack groups: few names, so that line data sets often share one (other kinds are warned about).
    if kind == "line" ? chance(1, in: 2) : chance(1, in: 30) { o["stack"] = .string(pick(["s", "s", "t"])) }
    switch kind {
    case "line": if chance(2, in: 3) { o["line"] = lineStyle() }
    case "bar": if chance(2, in: 3) { o["bar"] = barStyle() }
    case "scatter": if chance(2, in: 3) { o["scatter"] = scatterStyle() }
    case "bubble": if chance(2, in: 3) { o["bubble"] = bubbleStyle() }
    case "candlestick": if chance(2, in: 3) { o["candle"] = candleStyle() }
    case "radar": if chance(3, in: 4) { o["line"] = lineStyle() }
    default: break
    }
    // A style of another kind is read and checked but has no effect.
    if chance(1, in: 12) { o[pick(["line", "bar", "scatter", "bubble", "candle"])] = pick([lineStyle(), barStyle(), candleStyle()]) }
    if chance(1, in: 4) { o["valueLabels"] = valueLabels() }
    let count = kind == "radar" ? choose((radarCategories ?? 8) + 1) : entryCount()
    if !(chance(1, in: 20)) { o["entries"] = entries(kind: kind, count: count, stacked: stacked) }
    // The absolute position of the first entry (chunk numbering), up to 2^50 and just past it.
    if chance(1, in: 10) { o["entryOffset"] = .number(pick([0, 1, 15, 1000, 1_125_899_906_842_624, 1_125_899_906_842_625, 0.5])) }
    return .object(o)
  }

  func lineStyle() -> JSONValue {
    someOf([
      ("mode", { .string(pick(["linear", "linear", "stepped", "cubicBezier", "horizontalBezier"])) }),
      ("cubicIntensity", { number(0, 1) }),
      ("width", { number(0, 6) }),
      ("dash", { dash() }),
      ("showCircles", { .bool(bool()) }),
      ("circleRadius", { number(0, 10) }),
      ("circleHoleRadius", { number(0, 10) }),
      ("circleHoleColor", { color() }),
      ("drawCircleHole", { .bool(bool()) }),
      ("fill", { .bool(bool()) }),
      ("fillColor", { color() }),
      ("fillOpacity", { number(0, 1) }),
      ("fillGradient", { gradient() }),
    ])
  }

  func barStyle() -> JSONValue {
    someOf([
      ("cornerRadius", { number(0, 20) }),
      ("corners", { .string(pick(["top", "both"])) }),
      ("cornerRadii", { .array((0..<4).map { _ in self.number(0, 20) }) }),
      ("roundOuterEndOnly", { .bool(bool()) }),
      ("gradient", { gradient() }),
      ("borderWidth", { number(0, 4) }),
      ("borderColor", { color() }),
      ("shadowColumn", { .bool(bool()) }),
      ("shadowColor", { color() }),
    ])
  }

  func scatterStyle() -> JSONValue {
    someOf([
      ("shape", { .string(pick(["circle", "square", "triangle", "cross", "x", "chevronUp", "chevronDown"])) }),
      ("size", { number(0, 30) }),
    ], share: 2)
  }

  func bubbleStyle() -> JSONValue {
    someOf([("maxDiameter", { number(0, 120) }), ("opacity", { number(0, 1) })], share: 2)
  }

  func candleStyle() -> JSONValue {
    someOf([
      ("increasingColor", { color() }), ("decreasingColor", { color() }), ("neutralColor", { color() }),
      ("increasingFilled", { .bool(bool()) }), ("decreasingFilled", { .bool(bool()) }),
      ("shadowColor", { color() }), ("shadowWidth", { number(0, 5) }),
      ("barSpace", { number(0, 0.45) }), ("ohlcTicks", { .bool(bool()) }),
    ])
  }

  func valueLabels() -> JSONValue {
    var o = someOf([
      ("format", { formatter() }), ("fontSize", { number(1, 30) }), ("color", { color() }),
      ("maxVisibleEntries", { integer(0, 200) }),
    ])
    if chance(4, in: 5), case .object(var m) = o {
      m["show"] = true
      o = .object(m)
    }
    return o
  }

  /// A gradient in the long (`stops`) or short (`colors`) form, sometimes invalid.
  func gradient() -> JSONValue {
    var o: [String: JSONValue] = [:]
    if bool() {
      let n = 1 + choose(4)
      o["stops"] = .array((0..<n).map { i in
        var stop: [String: JSONValue] = ["offset": .number(n == 1 ? 0 : Double(i) / Double(n - 1))]
        // Without a colour a stop follows what it paints (each bar's or segment's own colour).
        if !chance(1, in: 3) { stop["color"] = color() }
        if chance(1, in: 3) { stop["opacity"] = number(0, 1) }
        return .object(stop)
      })
    } else {
      o["colors"] = .array((0..<(1 + choose(3))).map { _ in color() })
    }
    if chance(1, in: 3) { o["angle"] = number(-360, 360) }
    if chance(1, in: 30) { o["stops"] = [["offset": 1, "color": "red"], ["offset": 0, "color": "blue"]] }
    return .object(o)
  }
}
