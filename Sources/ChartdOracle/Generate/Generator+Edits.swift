import ChartdJSON

/// Edit batches of all 13 ops (`protocol/spec/edits.md`), valid and invalid mixed.
extension Generator {
  public static let ops = [
    "appendEntries", "updateEntries", "removeEntries", "replaceEntries", "setVisibility", "setHighlight",
    "setViewport", "resize", "mergeSpec", "addDataSet", "removeDataSet", "replaceDataSet", "setSpec",
  ]

  /// A batch of 0…4 edits (usually 1 or 2) for a document of this shape; each edit sees the shape
  /// the earlier ones would leave.
  public func batch(_ shape: DocShape) -> [JSONValue] {
    let n = chance(1, in: 12) ? 0 : 1 + (chance(1, in: 3) ? choose(4) : 0)
    var shape = shape
    var out: [JSONValue] = []
    for _ in 0..<n {
      let e = edit(shape)
      out.append(e)
      shape = shape.applying([e])
    }
    return out
  }

  /// One edit; about one in ten is invalid on purpose (a corrupted valid edit or an unknown op).
  public func edit(_ shape: DocShape) -> JSONValue {
    let op = Self.ops[weightedOp()]
    let e = validEdit(op, shape)
    switch choose(40) {
    case 0, 1, 2: return corrupt(e)
    case 3: return ["op": .string(pick(["frobnicate", "", "AppendEntries", "setspec"]))]
    case 4: return .object((e.objectValue ?? [:]).merging(["id": 1]) { a, _ in a })
    default: return e
    }
  }

  /// Entry edits are the common case, so they get more weight.
  private func weightedOp() -> Int {
    let weights = [6, 3, 3, 2, 2, 2, 2, 1, 2, 2, 1, 2, 1]
    var r = choose(weights.reduce(0, +))
    for (i, w) in weights.enumerated() {
      if r < w { return i }
      r -= w
    }
    return 0
  }

  /// A data set id of the shape, or (rarely) one it lacks.
  func setID(_ shape: DocShape) -> String {
    if shape.sets.isEmpty || chance(1, in: 20) { return pick(["missing", "a", "#entry-0", ""]) }
    return pick(shape.sets).id
  }

  func validEdit(_ op: String, _ shape: DocShape) -> JSONValue {
    let id = setID(shape)
    let set = shape.set(id)
    let kind = set?.kind ?? (shape.kind == "combined" ? "line" : shape.kind)
    let count = set?.count ?? 3
    // Room left on a radar's spokes: edits mostly stay within it (one past it now and then).
    let radarRoom = shape.kind == "radar" ? max(0, (shape.radarCategories ?? 8) - count) + (chance(1, in: 10) ? 1 : 0) : nil
    var e: [String: JSONValue] = ["op": .string(op)]
    switch op {
    case "appendEntries":
      e["dataSet"] = .string(id)
      let n = radarRoom.map { max(1, choose($0 + 1)) } ?? 1 + (chance(1, in: 4) ? choose(40) : choose(4))
      e["entries"] = entries(kind: kind, count: n,
                             xFrom: chance(1, in: 3) ? Double(count + choose(3)) : nil, stacked: set?.stacked ?? false)
      if chance(1, in: 4) { e["maxEntries"] = .number(Double(1 + choose(30))) }
    case "updateEntries":
      let n = 1 + choose(3)
      e["dataSet"] = .string(id)
      e["start"] = .number(Double(chance(1, in: 10) ? count : choose(max(1, count - n + 1))))
      e["entries"] = entries(kind: kind, count: n, stacked: set?.stacked ?? false)
    case "removeEntries":
      let start = choose(max(1, count))
      e["dataSet"] = .string(id)
      e["start"] = .number(Double(start))
      e["count"] = .number(Double(chance(1, in: 10) ? count + 1 : choose(max(1, count - start + 1))))
    case "replaceEntries":
      e["dataSet"] = .string(id)
      let n = shape.kind == "radar" ? choose((shape.radarCategories ?? 8) + (chance(1, in: 10) ? 2 : 1)) : entryCount()
      e["entries"] = chance(1, in: 10) ? pick([[], [:], .null]) : entries(kind: kind, count: n, stacked: chance(1, in: 2) && shape.kind != "radar")
    case "setVisibility":
      e["dataSet"] = .string(id)
      e["visible"] = .bool(bool())
      // A pie slice's legend toggle (now and then past the end, or in another kind: an error).
      if shape.kind == "pie" ? chance(2, in: 3) : chance(1, in: 30) { e["entry"] = .number(Double(choose(count + 1))) }
    case "setHighlight":
      e["highlights"] = highlights(shape) ?? []
    case "setViewport":
      e = (viewport(shape).objectValue ?? [:]).merging(e) { a, _ in a }
      if chance(1, in: 8) { e = ["op": .string(op)] }
    case "resize":
      e["width"] = number(16, 1400, outside: 20)
      e["height"] = number(16, 900, outside: 20)
    case "mergeSpec":
      e["patch"] = mergePatch(shape)
    case "addDataSet":
      var newID = name()
      while shape.set(newID) != nil && !chance(1, in: 10) { newID += "2" }
      let k = shape.kind == "combined" ? pick(Self.seriesKinds) : shape.kind
      e["dataSet"] = dataSet(id: newID, kind: k, chartKind: shape.kind, radarCategories: shape.radarCategories)
      if chance(1, in: 3) { e["index"] = .number(Double(choose(shape.sets.count + 2))) }
    case "removeDataSet":
      e["dataSet"] = .string(id)
    case "replaceDataSet":
      let k = shape.kind == "combined" ? pick(Self.seriesKinds) : kind
      e["dataSet"] = dataSet(id: id, kind: k, chartKind: shape.kind, radarCategories: shape.radarCategories)
    default:
      e["spec"] = chance(1, in: 3) ? validSpec() : sameKindSpec(shape)
    }
    return .object(e)
  }

  /// A merge patch touching a few top-level keys (rarely `dataSets` or `kind`).
  func mergePatch(_ shape: DocShape) -> JSONValue {
    var p: [String: JSONValue] = [:]
    let members: [(String, () -> JSONValue)] = [
      ("title", { chance(1, in: 3) ? .null : .string(label()) }), ("theme", { .string(pick(["light", "dark", "highContrast"])) }),
      ("legend", { legend() }), ("xAxis", { xAxis() }), ("leftAxis", { yAxis() }), ("rightAxis", { yAxis() }),
      ("fontSize", { number(4, 30) }), ("limitLines", { .array((0..<choose(3)).map { _ in limitLine(panes: 3) }) }),
      ("viewport", { chance(1, in: 3) ? .null : viewport(shape) }), ("bars", { barLayout() }), ("pie", { pie() }),
      ("radar", { radar(categories: shape.kind == "radar" ? shape.radarCategories.map { $0 + choose(3) } : nil) }),
      ("highlightStyle", { highlightStyle() }), ("marker", { marker() }), ("largeData", { largeData() }),
      ("locale", { locale() }), ("padding", { padding() }), ("width", { number(16, 1200) }),
      ("hiddenDataSetsAffectRange", { .bool(bool()) }), ("highlights", { highlights(shape) ?? .null }),
      // Fewer panes than the data sets name is refused, and must change nothing.
      ("panes", { chance(1, in: 3) ? .null : panes(count: 1 + choose(3)) }),
      ("stackMode", { .string(pick(["normal", "percent"])) }),
      ("description", { .string(label()) }),
    ]
    for (key, make) in members where chance(1, in: 6) { p[key] = make() }
    if chance(1, in: 12) { p["kind"] = .string(pick(Self.chartKinds)) }
    if chance(1, in: 12) {
      p["dataSets"] = .array(shape.sets.prefix(2).map { dataSet(id: $0.id, kind: $0.kind, chartKind: shape.kind, radarCategories: shape.radarCategories) })
    }
    if chance(1, in: 30) { return wrongValue() }
    return .object(p)
  }

  /// A fresh spec of the document's kind reusing its ids (what an editor sends while typing).
  func sameKindSpec(_ shape: DocShape) -> JSONValue {
    var o: [String: JSONValue] = ["kind": .string(shape.kind)]
    o["dataSets"] = .array(shape.sets.map { dataSet(id: $0.id, kind: $0.kind, chartKind: shape.kind, radarCategories: shape.radarCategories) })
    if shape.kind == "radar", let n = shape.radarCategories { o["radar"] = radar(categories: n) }
    if chance(1, in: 3) { o["title"] = .string(label()) }
    if chance(1, in: 2) { o["largeData"] = ["chunkSize": 16, "threshold": 10] }
    return .object(o)
  }
}
