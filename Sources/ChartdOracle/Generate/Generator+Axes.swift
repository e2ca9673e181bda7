import ChartdJSON

/// Axes, legend, limit lines and formatters (`axes.schema.json`).
extension Generator {
  /// A formatter: a shorthand string or an object of any type.
  func formatter() -> JSONValue {
    if chance(1, in: 3) { return .string(pick(["number", "percent", "compact", "date"])) }
    let type = pick(["number", "percent", "compact", "category", "indexDate", "date"])
    var o: [String: JSONValue] = ["type": .string(type)]
    switch type {
    case "number":
      if bool() { o["decimals"] = integer(0, 15) }
      if bool() { o["prefix"] = .string(pick(["$", "€", "<", "&", ""])) }
      if bool() { o["suffix"] = .string(pick([" ms", "%", " 売", "\""])) }
    case "percent":
      if bool() { o["decimals"] = integer(0, 4) }
      if bool() { o["multiply"] = .bool(bool()) }
    case "compact":
      if bool() { o["decimals"] = integer(0, 3) }
    case "category":
      o["labels"] = .array((0..<choose(12)).map { _ in chance(1, in: 6) ? .null : .string(label()) })
    case "indexDate":
      // Trading days as ISO dates (some null, some with a time) or as Unix seconds.
      if bool() {
        o["dates"] = .array((0..<choose(12)).map { k in
          chance(1, in: 8) ? .null : .string(pick(["2026-08-0\(3 + k % 5)", "2024-02-29", "1999-12-31T23:59:59Z", "2026-08-10T09:30"]))
        })
      } else {
        o["times"] = .array((0..<choose(12)).map { k in .number(1_786_060_800 + Double(k) * 86_400 * Double(1 + choose(3))) })
      }
      if bool() { o["pattern"] = .string(pick(["MM/dd", "EEE d MMM", "yyyy-MM-dd HH:mm"])) }
    default:
      if bool() { o["pattern"] = .string(pick(["yyyy-MM-dd", "HH:mm", "MMM d", "EEE 'at' HH:mm:ss", "yy''MM", "d MMMM yyyy"])) }
    }
    return .object(o)
  }

  /// Keys every axis shares.
  func axisCommon() -> [(String, () -> JSONValue)] {
    [
      ("enabled", { .bool(!chance(1, in: 6)) }), ("drawLabels", { .bool(bool()) }), ("drawAxisLine", { .bool(bool()) }),
      ("drawGrid", { .bool(bool()) }), ("gridInFront", { .bool(bool()) }), ("gridColor", { color() }),
      ("gridDash", { dash() }), ("labelColor", { color() }), ("fontSize", { number(4, 30) }),
      ("labelCount", { integer(1, 20) }), ("granularity", { .number(pick([0.1, 0.5, 1, 2, 5, 1e-9, 1000])) }),
      ("tickValues", { .array((0..<choose(8)).map { _ in value().orZero }) }),
      ("min", { .number(Double(choose(21)) - 15) }), ("max", { .number(Double(choose(40)) + 6) }),
      ("format", { formatter() }), ("title", { .string(label()) }),
      // Log scales: entries, limit lines and viewport ends at or below 0 are then warned about and skipped.
      ("scale", { .string(pick(["log", "log", "linear"])) }), ("logBase", { .number(pick([10, 2])) }),
      ("minorGrid", { .bool(bool()) }),
      ("customLabels", { .array((0..<choose(4)).map { _ in customLabel() }) }),
    ]
  }

  /// A custom axis label: a value (sometimes outside the domain or not positive), maybe a long text.
  func customLabel() -> JSONValue {
    var o: [String: JSONValue] = ["value": .number(Double(choose(60)) / 2 - 5)]
    if chance(2, in: 3) { o["text"] = .string(chance(1, in: 4) ? String(repeating: label(), count: 1 + choose(4)) : label()) }
    if chance(1, in: 3) { o["color"] = color() }
    return .object(o)
  }

  /// A log axis needs positive fixed ends (0 or less is an error): keeps a generated axis valid.
  func positiveEnds(_ axis: JSONValue) -> JSONValue {
    guard case .object(var o) = axis, o["scale"] == "log" else { return axis }
    if let m = o["min"]?.numberValue, m <= 0 { o["min"] = .number(pick([0.001, 0.5, 1, 2])) }
    if let m = o["max"]?.numberValue, m <= 0 { o["max"] = nil }
    return .object(o)
  }

  func xAxis() -> JSONValue {
    positiveEnds(someOf(axisCommon() + [
      ("labelPosition", { .string(pick(["bottom", "top", "both", "insideBottom"])) }),
      ("labelRotation", { number(-90, 90) }), ("centerLabels", { .bool(bool()) }),
      ("avoidFirstLastClipping", { .bool(bool()) }),
      // Slots of bars and candles: a share of an index, a day, and the extremes.
      ("slot", { .number(pick([0.5, 1, 2, 86_400, 1e-9, 1e12])) }),
    ], share: 5))
  }

  /// `panes`: `count` pane objects, each with some of weight, gap and axis.
  func panes(count: Int) -> JSONValue {
    .array((0..<count).map { _ in
      someOf([("weight", { number(0.05, 5) }), ("gap", { number(0, 40) }), ("axis", { yAxis() })], share: 2)
    })
  }

  func yAxis() -> JSONValue {
    positiveEnds(someOf(axisCommon() + [
      ("labelPosition", { .string(pick(["outside", "inside"])) }), ("spaceTop", { number(0, 0.45) }),
      ("spaceBottom", { number(0, 0.45) }), ("inverted", { .bool(bool()) }), ("drawZeroLine", { .bool(bool()) }),
      ("zeroLineColor", { color() }), ("includeZero", { .bool(bool()) }),
    ], share: 5))
  }

  func legend() -> JSONValue {
    someOf([
      ("enabled", { .bool(!chance(1, in: 5)) }), ("form", { .string(pick(["square", "circle", "line", "none"])) }),
      ("horizontalAlignment", { .string(pick(["left", "center", "right"])) }),
      ("verticalAlignment", { .string(pick(["top", "center", "bottom"])) }),
      ("orientation", { .string(pick(["horizontal", "vertical"])) }), ("inside", { .bool(bool()) }),
      ("wordWrap", { .bool(bool()) }), ("maxSizePercent", { number(0.1, 1) }), ("formSize", { number(0, 20) }),
      ("formToTextSpace", { number(0, 20) }), ("entrySpace", { number(0, 40) }), ("fontSize", { number(4, 30) }),
      ("textColor", { color() }),
    ])
  }

  /// A limit line; given `panes` panes, now and then in a lower one (edits name panes a document
  /// may not have: such an edit is refused).
  func limitLine(panes: Int = 1) -> JSONValue {
    var o: [String: JSONValue] = ["value": value().orZero]
    if panes > 1, chance(1, in: 2) { o["pane"] = .number(Double(choose(panes))) }
    let more = someOf([
      ("axis", { .string(pick(["left", "right", "x", "bottom", "top"])) }), ("label", { .string(label()) }),
      ("color", { color() }), ("width", { number(0.1, 20) }), ("dash", { dash() }),
      ("labelPosition", { .string(pick(["leftTop", "leftBottom", "rightTop", "rightBottom", "axis"])) }),
      ("labelBackground", { color() }), ("labelColor", { color() }), ("inFront", { .bool(bool()) }),
    ], share: 2)
    if case .object(let m) = more { o.merge(m) { a, _ in a } }
    if chance(1, in: 3) { o["value"] = .number(Double(choose(21)) - 5) }
    return .object(o)
  }
}
