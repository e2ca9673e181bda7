import ChartdJSON

/// Whole chart specs (`chart-spec.schema.json`, `pie.schema.json`), valid by construction, with an
/// occasional corruption.
extension Generator {
  static let chartKinds = ["line", "bar", "scatter", "bubble", "candlestick", "pie", "radar", "combined"]

  /// A spec of any kind; `invalidShare` of 1 in n specs gets one value replaced by a wrong one.
  public func spec(invalidShare: Int = 12) -> JSONValue {
    let spec = validSpec()
    return chance(1, in: invalidShare) ? corrupt(spec) : spec
  }

  /// A spec that should be accepted (it may still carry warnings).
  public func validSpec() -> JSONValue {
    let kind = pick(Self.chartKinds)
    var o: [String: JSONValue] = [:]
    if kind != "line" || bool() { o["kind"] = .string(kind) }
    var ids: [String] = []
    var sets: [JSONValue] = []
    // A radar's data sets have at most one value per category (more is an error).
    let categories = kind == "radar" ? 1 + choose(10) : 0
    for _ in 0..<(kind == "pie" ? 1 + choose(2) : choose(5)) {
      var id = name()
      while ids.contains(id) { id += "\(ids.count)" }
      ids.append(id)
      let seriesKind = kind == "combined" ? pick(Self.seriesKinds) : kind
      sets.append(dataSet(id: id, kind: seriesKind, chartKind: kind, radarCategories: categories))
    }
    if kind != "pie", kind != "radar", chance(1, in: 4) {
      // Panes, and data sets spread over them (some left in the main pane, which is the default).
      let count = 2 + choose(2)
      o["panes"] = panes(count: count)
      sets = sets.map { set in
        guard case .object(var d) = set, bool() else { return set }
        d["pane"] = .number(Double(choose(count)))
        return .object(d)
      }
    }
    if !sets.isEmpty || bool() { o["dataSets"] = .array(sets) }
    addOptions(to: &o, kind: kind)
    if let panes = o["panes"]?.arrayValue?.count, o["limitLines"] != nil {
      o["limitLines"] = .array((0..<(1 + choose(3))).map { _ in limitLine(panes: panes) })
    }
    if kind == "radar" { o["radar"] = radar(categories: chance(1, in: 6) ? nil : categories) }
    let shape = DocShape(spec: .object(o))
    if chance(1, in: 4), let h = highlights(shape) { o["highlights"] = h }
    if chance(1, in: 4) { o["viewport"] = viewport(shape) }
    return .object(o)
  }

  /// Every top-level option except data, highlights and viewport.
  private func addOptions(to o: inout [String: JSONValue], kind: String) {
    let options: [(String, () -> JSONValue)] = [
      ("width", { number(16, 1200) }), ("height", { number(16, 800) }),
      ("theme", { .string(pick(["light", "dark", "highContrast"])) }), ("title", { .string(label()) }),
      ("description", { .string(label()) }), ("xAxis", { xAxis() }), ("leftAxis", { yAxis() }),
      ("rightAxis", { yAxis() }), ("legend", { legend() }),
      ("limitLines", { .array((0..<(1 + choose(3))).map { _ in limitLine() }) }),
      ("highlightStyle", { highlightStyle() }), ("marker", { marker() }), ("bars", { barLayout() }),
      ("hiddenDataSetsAffectRange", { .bool(bool()) }), ("stackMode", { .string(pick(["normal", "percent"])) }),
      ("largeData", { largeData() }),
      ("locale", { locale() }), ("fontSize", { number(4, 30) }), ("padding", { padding() }),
    ]
    for (key, make) in options where chance(1, in: 4) { o[key] = make() }
    if kind == "pie" || chance(1, in: 20) { o["pie"] = pie() }
    // Small chunks and thresholds make chunking and M4 happen with a few dozen entries.
    if chance(1, in: 2) { o["largeData"] = ["chunkSize": .number(Double(pick([16, 16, 20, 1000]))), "threshold": .number(Double(pick([10, 0, 0, 30, 5000])))] }
    if chance(1, in: 6) { o[pick(["colour", "dataset", "Width"])] = .number(1) }
  }

  func highlightStyle() -> JSONValue {
    someOf([
      ("color", { color() }), ("lineWidth", { number(0, 50) }), ("verticalLine", { .bool(bool()) }),
      ("horizontalLine", { .bool(bool()) }), ("dash", { dash() }), ("barOverlayOpacity", { number(0, 1) }),
    ])
  }

  func marker() -> JSONValue {
    someOf([("enabled", { .bool(!chance(1, in: 4)) }), ("format", { formatter() }), ("showLabel", { .bool(bool()) }),
            ("trigger", { .string(pick(["item", "axis", "axis"])) })], share: 2)
  }

  func barLayout() -> JSONValue {
    someOf([
      ("barWidth", { .number(pick([0.85, 0.5, 0.2, 1, 3, 1e-9])) }), ("grouped", { .bool(bool()) }),
      ("groupSpace", { number(0, 1) }), ("barSpace", { number(0, 0.2) }), ("maxBarWidthPx", { number(1, 60) }),
      ("minGapPx", { number(0, 10) }), ("horizontal", { .bool(bool()) }), ("keepHiddenSlots", { .bool(bool()) }),
    ], share: 2)
  }

  func pie() -> JSONValue {
    someOf([
      ("holeRadius", { number(0, 1) }), ("transparentCircleRadius", { number(0, 1) }),
      ("transparentCircleOpacity", { number(0, 1) }), ("sliceSpace", { number(0, 20) }),
      ("roundedSlices", { .bool(bool()) }), ("centerText", { .string(pick(["Total\n42", "", "\n\n", "売上\n<b>"])) }),
      ("centerTextFontSize", { number(1, 60) }), ("centerTextColor", { color() }),
      ("entryLabels", { .string(pick(["inside", "outside", "none"])) }),
      ("valueLabels", { .string(pick(["inside", "outside", "none"])) }), ("percentValues", { .bool(bool()) }),
      ("valueFormat", { formatter() }), ("labelFontSize", { number(1, 30) }), ("labelColor", { color() }),
      ("valueLineColor", { color() }), ("maxAngle", { number(90, 360) }), ("rotation", { number(-3600, 3600) }),
      ("selectionShift", { number(0, 100) }),
    ])
  }

  /// Radar options; `categories` names that many spokes (nil: none, the longest data set decides).
  func radar(categories: Int?) -> JSONValue {
    var o = someOf([
      ("rotation", { number(-3600, 3600) }), ("min", { .number(Double(pick([-20, -5, 0, 0, 3]))) }),
      ("max", { .number(Double(pick([10, 50, 100, 1e6]))) }), ("ringCount", { integer(1, 25) }),
      ("drawWeb", { .bool(!chance(1, in: 4)) }), ("webLineWidth", { number(0, 20) }),
      ("innerWebLineWidth", { number(0, 20) }), ("webColor", { color() }), ("innerWebColor", { color() }),
      ("webOpacity", { number(0, 1) }), ("skipWebLineCount", { integer(0, 5) }),
      ("drawRingLabels", { .bool(bool()) }), ("format", { formatter() }), ("labelFontSize", { number(1, 40) }),
      ("labelColor", { color() }),
    ]).objectValue ?? [:]
    if let categories {
      o["categories"] = .array((0..<categories).map { k in .string(chance(1, in: 5) ? label() : ["Speed", "Power", "力", "Range", ""][k % 5]) })
    }
    return .object(o)
  }

  func largeData() -> JSONValue {
    someOf([
      ("mode", { .string(pick(["auto", "lossless"])) }), ("threshold", { .number(Double(pick([0, 1, 10, 50, 5000]))) }),
      ("devicePixelRatio", { number(0.25, 16) }), ("chunkSize", { integer(16, 64) }),
    ], share: 2)
  }

  func locale() -> JSONValue {
    someOf([
      ("decimalSeparator", { .string(pick([".", ",", "·", "<>"])) }),
      ("groupingSeparator", { .string(pick([",", ".", " ", "", "'"])) }), ("useGrouping", { .bool(bool()) }),
    ], share: 2)
  }

  func padding() -> JSONValue {
    if bool() { return number(0, 60) }
    return someOf([("top", { number(0, 60) }), ("left", { number(0, 60) }), ("bottom", { number(0, 60) }), ("right", { number(0, 60) })], share: 2)
  }

  /// `{xMin, xMax, autoScaleY}` inside, around or far from the data, or degenerate.
  func viewport(_ shape: DocShape) -> JSONValue {
    var o: [String: JSONValue] = [:]
    switch choose(8) {
    case 0, 1, 2:
      let lo = Double(choose(12)) - 2
      o["xMin"] = .number(lo)
      o["xMax"] = .number(lo + 0.5 + Double(choose(12)))
    case 3: o[pick(["xMin", "xMax"])] = .number(Double(choose(10)))
    case 4: o = ["xMin": .number(pick([0, 0, 1, -1e-300])), "xMax": .number(pick([1e-300, Double.leastNonzeroMagnitude, 1e-12, 1 + 1e-15]))]
    case 5: o = ["xMin": .number(pick([-1e300, -1e15])), "xMax": .number(pick([1e300, 1e15]))]
    case 6: o = ["xMin": .null, "xMax": .null]
    default: o = ["xMin": 3, "xMax": .number(pick([3, 1]))]
    }
    if chance(1, in: 2) { o["autoScaleY"] = .bool(bool()) }
    return .object(o)
  }

  /// Highlights naming entries of the shape (mostly in range).
  func highlights(_ shape: DocShape) -> JSONValue? {
    guard !shape.sets.isEmpty else {
      guard chance(1, in: 2) else { return .none }
      return []
    }
    return .array((0..<choose(3)).map { _ in
      let set = pick(shape.sets)
      var h: [String: JSONValue] = ["dataSet": .string(chance(1, in: 15) ? "no-such-set" : set.id),
                                    "index": .number(Double(choose(max(1, set.count + (chance(1, in: 10) ? 2 : 0)))))]
      if set.stacked || chance(1, in: 15) { h["stackIndex"] = .number(Double(choose(4))) }
      return .object(h)
    })
  }
}
