import ChartdJSON

extension ChartEdit {
  /// The keys each op accepts besides `op`; required ones are checked by the op's reader.
  static let keys: [Op: Set<String>] = [
    .setSpec: ["spec"], .mergeSpec: ["patch"],
    .appendEntries: ["dataSet", "entries", "maxEntries"], .removeEntries: ["dataSet", "start", "count"],
    .updateEntries: ["dataSet", "start", "entries"], .replaceEntries: ["dataSet", "entries"],
    .addDataSet: ["dataSet", "index"], .removeDataSet: ["dataSet"], .replaceDataSet: ["dataSet"],
    .setVisibility: ["dataSet", "entry", "visible"], .setHighlight: ["highlights"],
    .setViewport: ["xMin", "xMax", "autoScaleY"], .resize: ["width", "height"],
  ]
  /// `keys` with `op` itself: every key an edit object of each op may have.
  private static let acceptedKeys: [Op: Set<String>] = keys.mapValues { $0.union(["op"]) }
  /// Each op by its name, with its `acceptedKeys` listed: one hash, where `Op(rawValue:)` compares
  /// the name with every op in turn.
  private static let opsByName = Dictionary(uniqueKeysWithValues: Op.allCases.map { op in
    (op.rawValue, (op: op, accepted: (acceptedKeys[op] ?? ["op"]).sorted()))
  })

  /// Reads the `edits` array of a `chart/update` (diagnostics at `path/N/...`).
  ///
  /// Checks shape and types only. Returns nil when any error was logged; `[]` is a valid no-op.
  public static func parseEdits(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog,
                                limits: SpecLimits = SpecLimits()) -> [ChartEdit]? {
    let errorsBefore = log.errorCount
    guard let v, !v.isNull else {
      log.error(path, "missing required property 'edits' (an array of edit objects)")
      return nil
    }
    guard let a = v.arrayValue else {
      log.error(path, "expected an array of edit objects, got \(v.typeName)")
      return nil
    }
    let edits = a.enumerated().compactMap { i, e in parse(e, at: path / i, log: log, limits: limits) }
    return log.errorCount == errorsBefore ? edits : nil
  }

  /// Reads one edit object. Returns nil when an error was logged.
  public static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog,
                           limits: SpecLimits = SpecLimits()) -> ChartEdit? {
    let errorsBefore = log.errorCount
    guard let o = SpecObject(v, at: path, log: log) else {
      if v.isNull { log.error(path, "expected an edit object, got null") }
      return nil
    }
    guard let raw = o.required("op"), let name = o.string(raw, "op") else { return nil }
    guard let (op, accepted) = opsByName[name] else {
      let accepted = Op.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      log.error(path / "op", "unknown op '\(name)'; expected one of \(accepted)")
      return nil
    }
    // An edit has a few keys and its op accepts a few: compared in a list, they are not hashed
    // (the set is looked at only to warn about a key it lacks).
    if o.fields.keys.contains(where: { !accepted.contains($0) }) { o.warnUnknownKeys(acceptedKeys[op] ?? ["op"]) }
    let edit = read(op, o, limits: limits)
    return log.errorCount == errorsBefore ? edit : nil
  }

  /// The op-specific fields.
  private static func read(_ op: Op, _ o: SpecObject, limits: SpecLimits) -> ChartEdit? {
    switch op {
    case .setSpec:
      guard let spec = o.required("spec") else { return nil }
      return ChartSpec.parse(spec, at: o.path / "spec", log: o.log, limits: limits).map(ChartEdit.setSpec)
    case .mergeSpec:
      guard let patch = o.required("patch") else { return nil }
      guard case .object = patch else {
        o.log.error(o.path / "patch", "expected an object (an RFC 7396 merge patch of the spec), got \(patch.typeName)")
        return nil
      }
      return .mergeSpec(patch)
    case .appendEntries:
      let id = o.requiredName("dataSet", limits: limits)
      let entries = batch(o, limits: limits)
      let maxEntries = o.optionalInt("maxEntries", in: 1...limits.maxEntriesPerDataSet)
      guard let id, let entries else { return nil }
      return .appendEntries(dataSet: id, entries: entries, maxEntries: maxEntries)
    case .removeEntries:
      let id = o.requiredName("dataSet", limits: limits)
      let start = requiredCount(o, "start")
      let count = requiredCount(o, "count")
      guard let id, let start, let count else { return nil }
      return .removeEntries(dataSet: id, start: start, count: count)
    case .updateEntries:
      let id = o.requiredName("dataSet", limits: limits)
      let start = requiredCount(o, "start")
      let entries = batch(o, limits: limits)
      guard let id, let start, let entries else { return nil }
      return .updateEntries(dataSet: id, start: start, entries: entries)
    case .replaceEntries:
      let id = o.requiredName("dataSet", limits: limits)
      let entries = batch(o, limits: limits)
      guard let id, let entries else { return nil }
      return .replaceEntries(dataSet: id, entries: entries.columns)
    case .addDataSet:
      let ds = dataSet(o, limits: limits)
      let index = o.optionalInt("index", atLeast: 0)
      return ds.map { .addDataSet($0, index: index) }
    case .removeDataSet:
      return o.requiredName("dataSet", limits: limits).map(ChartEdit.removeDataSet)
    case .replaceDataSet:
      return dataSet(o, limits: limits).map(ChartEdit.replaceDataSet)
    case .setVisibility:
      let id = o.requiredName("dataSet", limits: limits)
      let entry = o.optionalInt("entry", atLeast: 0)
      let visible = o.required("visible") != nil ? o.bool("visible", default: true) : nil
      guard let id, let visible else { return nil }
      return .setVisibility(dataSet: id, entry: entry, visible: visible)
    case .setHighlight:
      return highlights(o, limits: limits).map(ChartEdit.setHighlight)
    case .setViewport:
      return viewport(o)
    case .resize:
      let width = o.required("width") != nil ? o.optionalNumber("width", in: ChartSpec.sizeRange) : nil
      let height = o.required("height") != nil ? o.optionalNumber("height", in: ChartSpec.sizeRange) : nil
      guard let width, let height else { return nil }
      return .resize(width: width, height: height)
    }
  }

  /// A required integer of 0 or more (`start`, `count`).
  private static func requiredCount(_ o: SpecObject, _ key: String) -> Int? {
    o.required(key) != nil ? o.optionalInt(key, atLeast: 0) : nil
  }

  /// The required `entries` of an entry edit.
  private static func batch(_ o: SpecObject, limits: SpecLimits) -> EntryBatch? {
    guard let v = o.required("entries") else { return nil }
    return EntryColumns.parseBatch(v, at: o.path / "entries", log: o.log, limits: limits)
  }

  /// The required `dataSet` object of `addDataSet` / `replaceDataSet`.
  private static func dataSet(_ o: SpecObject, limits: SpecLimits) -> DataSetSpec? {
    guard let v = o.required("dataSet") else { return nil }
    guard case .object = v else {
      o.log.error(o.path / "dataSet", "expected a data set object, got \(v.typeName)")
      return nil
    }
    return DataSetSpec.parse(v, at: o.path / "dataSet", log: o.log, limits: limits)
  }

  /// The required `highlights` array (`[]` clears).
  private static func highlights(_ o: SpecObject, limits: SpecLimits) -> [HighlightSpec]? {
    guard o.required("highlights") != nil, let a = o.array("highlights") else { return nil }
    let errorsBefore = o.log.errorCount
    let hs = a.enumerated().compactMap { i, v in
      HighlightSpec.parse(v, at: o.path / "highlights" / i, log: o.log, limits: limits)
    }
    return o.log.errorCount == errorsBefore ? hs : nil
  }

  /// `{xMin, xMax, autoScaleY?}`: absent or null ends are open; xMin must be below xMax.
  private static func viewport(_ o: SpecObject) -> ChartEdit? {
    let xMin = o.optionalNumber("xMin")
    let xMax = o.optionalNumber("xMax")
    let autoScaleY = o.has("autoScaleY") ? o.bool("autoScaleY", default: true) : nil
    if let xMin, let xMax, xMin >= xMax {
      o.log.error(o.path / "xMax", "must be greater than xMin (\(SpecObject.format(xMin))), got \(SpecObject.format(xMax))")
      return nil
    }
    return .setViewport(xMin: xMin, xMax: xMax, autoScaleY: autoScaleY)
  }
}
