import ChartdJSON

extension ChartSpec {
  /// The top-level keys of a spec (`SpecTable.chart`); any other key is reported as a warning.
  public static let keys: Set<String> = SpecTable.chart.keys
  /// Accepted canvas width and height in px (also for `resize`).
  public static let sizeRange: ClosedRange<Double> = SpecTable.chart.range("width")
  /// Accepted base font size in px.
  public static let fontSizeRange: ClosedRange<Double> = SpecTable.chart.range("fontSize")
  /// Accepted padding per side in px.
  public static let paddingRange: ClosedRange<Double> = SpecTable.padding.range("top")

  /// Reads a spec; returns nil when any error was logged (warnings alone still give a spec).
  ///
  /// - Parameters:
  ///   - path: where the spec sits in the request's params (diagnostic paths start there).
  ///   - limits: entry, data set and string limits; exceeding one is an error naming it.
  ///   - keepingDataSets: when given, `dataSets` is not read from `json` and these are used instead
  ///     (a merge patch that does not touch `dataSets` keeps the current entries without re-encoding them).
  ///     The cross-checks (kind requirements, highlights) still run against them.
  ///   - facts: how the checks of whole data sets learn what they read of the entries (the caller
  ///     that keeps the data sets may know it).
  public static func parse(_ json: JSONValue, at path: JSONPointer = .root, log: DiagnosticLog,
                           limits: SpecLimits = SpecLimits(), keepingDataSets: [DataSetSpec]? = nil,
                           facts: EntryFacts = .fromEntries) -> ChartSpec? {
    let errorsBefore = log.errorCount
    guard let o = SpecObject(json, at: path, log: log) else {
      if json.isNull { log.error(path, "expected a chart spec object, got null") }
      return nil
    }
    o.warnUnknownKeys(keys)
    var s = ChartSpec()
    _ = o.optionalString("$schema")  // for editors: a string, otherwise ignored
    s.width = o.number("width", default: s.width, in: sizeRange)
    s.height = o.number("height", default: s.height, in: sizeRange)
    s.theme = o.choice("theme", default: s.theme)
    s.title = o.text("title", limits: limits)
    s.description = o.text("description", limits: limits)
    s.noDataText = o.text("noDataText", limits: limits) ?? s.noDataText
    s.kind = o.choice("kind", default: s.kind)
    s.xAxis = XAxisSpec(o.object("xAxis"))
    s.leftAxis = YAxisSpec(side: .left, o.object("leftAxis"))
    s.rightAxis = YAxisSpec(side: .right, o.object("rightAxis"))
    s.legend = LegendSpec(o.object("legend"))
    let lines = limitLines(o)
    s.limitLines = lines.map(\.1)
    s.highlightStyle = HighlightStyle(o.object("highlightStyle"))
    s.marker = MarkerSpec(o.object("marker"))
    s.viewport = viewport(o.object("viewport"))
    s.panes = panes(o)
    s.bars = BarLayoutSpec(o.object("bars"))
    if s.panes.count > 1, !s.canSplitIntoPanes {
      log.warning(o.path / "panes", s.bars.horizontal && s.kind != .pie && s.kind != .radar
                    ? "horizontal bars are drawn in one pane: 'panes' is ignored"
                    : "a \(s.kind.rawValue) chart has no x axis to share: 'panes' is ignored")
    }
    s.pie = PieSpec(o.object("pie"))
    s.radar = RadarSpec(o.object("radar"), limits: limits)
    s.stackMode = o.choice("stackMode", default: s.stackMode)
    s.hiddenDataSetsAffectRange = o.bool("hiddenDataSetsAffectRange", default: s.hiddenDataSetsAffectRange)
    s.largeData = largeData(o.object("largeData"))
    s.locale = locale(o.object("locale"))
    s.fontSize = o.number("fontSize", default: s.fontSize, in: fontSizeRange)
    s.padding = padding(o, default: s.padding)
    let sets = keepingDataSets.map { Array($0.enumerated()) } ?? dataSets(o, limits: limits)
    s.dataSets = checkedDataSets(sets, kind: s.kind, radar: s.radar, paneCount: s.panes.count, spec: o)
    // A limit line names a pane as a data set does (a mergeSpec that removes its pane is refused).
    for (i, line) in lines {
      if let problem = PaneSpec.missing(line.pane, paneCount: s.panes.count) { log.error(o.path / "limitLines" / i / "pane", problem) }
    }
    let highlights = o.array("highlights")?.enumerated().compactMap { i, v in
      HighlightSpec.parse(v, at: o.path / "highlights" / i, log: log, limits: limits)
        .flatMap { s.checkHighlight($0, at: o.path / "highlights" / i, log: log) ? $0 : nil }
    }
    s.highlights = highlights ?? []
    s.checkLogAxes(at: o.path, limitLines: lines, log: log)
    s.checkSlotSpacing(at: o.path, log: log, facts: facts)
    s.checkDateUnits(at: o.path, log: log, facts: facts)
    return log.errorCount == errorsBefore ? s : nil
  }

  /// Reports a highlight that names no data set of this spec or an entry (or stack segment) out of
  /// range. Returns false when something was reported. Edits use it for `setHighlight`.
  public func checkHighlight(_ h: HighlightSpec, at path: JSONPointer, log: DiagnosticLog) -> Bool {
    guard let (key, message) = problem(with: h) else { return true }
    log.error(path / key, message)
    return false
  }

  /// What makes `h` name nothing in this spec (the key at fault and a message), or nil when it names an entry.
  func problem(with h: HighlightSpec) -> (key: String, message: String)? {
    guard let d = dataSetIndex(id: h.dataSet) else { return ("dataSet", "no data set has the id '\(h.dataSet)'") }
    let entries = dataSets[d].entries
    guard entries.x.indices.contains(h.index) else {
      return ("index", "entry \(h.index) is out of range: data set '\(h.dataSet)' has \(entries.count) entries")
    }
    if let k = h.stackIndex {
      let segments = entries.stacks.flatMap { $0.indices.contains(h.index) ? $0[h.index].count : nil } ?? 0
      guard k < segments else {
        return ("stackIndex", "stack segment \(k) is out of range: entry \(h.index) has \(segments) segments")
      }
    }
    return nil
  }

  /// The data sets as read, each with its position in `dataSets` (for diagnostics after a failure).
  private static func dataSets(_ o: SpecObject, limits: SpecLimits) -> [(offset: Int, element: DataSetSpec)] {
    guard let a = o.array("dataSets") else { return [] }
    guard a.count <= limits.maxDataSets else {
      o.log.error(o.path / "dataSets", SpecLimits.exceeded("data set count", count: a.count, limit: "maxDataSets",
                                                           value: limits.maxDataSets))
      return []
    }
    return a.enumerated().compactMap { i, v in
      DataSetSpec.parse(v, at: o.path / "dataSets" / i, log: o.log, limits: limits).map { (i, $0) }
    }
  }

  /// Checks unique ids and what each data set needs for the chart's kind; a pie keeps only the first.
  private static func checkedDataSets(_ sets: [(offset: Int, element: DataSetSpec)], kind: ChartKind,
                                      radar: RadarSpec, paneCount: Int, spec o: SpecObject) -> [DataSetSpec] {
    let base = o.path / "dataSets"
    var firstUse: [String: Int] = [:]
    for (i, ds) in sets {
      if let previous = firstUse[ds.id] {
        let explicit = o["dataSets"]?.arrayValue.flatMap { $0.indices.contains(i) ? $0[i]["id"] : nil } != nil
        let key = explicit || o["dataSets"] == nil ? "id" : "label"
        let origin = key == "id" ? "" : " (taken from the label; set a distinct 'id')"
        o.log.error(base / i / key, "duplicate data set id '\(ds.id)'\(origin): \(base / previous) has it too")
      } else {
        firstUse[ds.id] = i
      }
      ds.check(in: kind, radar: radar, paneCount: paneCount, at: base / i, log: o.log)
    }
    var kept = sets.map(\.element)
    if kind == .pie, kept.count > 1 {
      o.log.warning(base / 1, "a pie chart draws one data set; the \(kept.count - 1) after the first are ignored")
      kept = Array(kept.prefix(1))
    }
    // Slices are shares of the positive values: without one the pie is only its legend.
    if kind == .pie, let first = kept.first, !first.entries.isEmpty, !first.entries.y.contains(where: { $0 > 0 && $0.isFinite }) {
      o.log.warning(base / 0 / "entries", "no slice is drawn: a pie draws positive values, and none of these is")
    }
    return kept
  }

  /// `panes`: at most `PaneSpec.maxPanes`; a warning where the chart kind has no shared x axis to split along.
  private static func panes(_ o: SpecObject) -> [PaneSpec] {
    guard let a = o.array("panes") else { return [] }
    let path = o.path / "panes"
    guard a.count <= PaneSpec.maxPanes else {
      o.log.error(path, "at most \(PaneSpec.maxPanes) panes are allowed (maxPanes), got \(a.count)")
      return []
    }
    let panes = a.indices.compactMap { i in SpecObject(a[i], at: path / i, log: o.log).map { PaneSpec($0, index: i) } }
    return panes.count == a.count ? panes : []
  }

  /// The limit lines read, each with its index in `limitLines` (diagnostics point there).
  private static func limitLines(_ o: SpecObject) -> [(Int, LimitLineSpec)] {
    guard let a = o.array("limitLines") else { return [] }
    return a.enumerated().compactMap { i, v in LimitLineSpec.parse(v, at: o.path / "limitLines" / i, log: o.log).map { (i, $0) } }
  }

  /// `{xMin, xMax, autoScaleY}`: either end may be null (open); xMin must be below xMax.
  private static func viewport(_ o: SpecObject?) -> Viewport? {
    guard let o else { return nil }
    o.warnUnknownKeys(SpecTable.viewport.keys)
    let v = Viewport(xMin: o.optionalNumber("xMin"), xMax: o.optionalNumber("xMax"),
                     autoScaleY: o.bool("autoScaleY", default: true))
    if let lo = v.xMin, let hi = v.xMax, lo >= hi {
      o.log.error(o.path / "xMax", "must be greater than xMin (\(SpecObject.format(lo))), got \(SpecObject.format(hi))")
    }
    return v
  }

  private static func largeData(_ o: SpecObject?) -> LargeDataSpec {
    var l = LargeDataSpec()
    guard let o else { return l }
    let t = SpecTable.largeData
    o.warnUnknownKeys(t.keys)
    l.mode = o.choice("mode", default: l.mode)
    l.threshold = o.int("threshold", default: l.threshold, in: t.integers("threshold"))
    l.devicePixelRatio = o.number("devicePixelRatio", default: l.devicePixelRatio, in: t.range("devicePixelRatio"))
    l.chunkSize = o.int("chunkSize", default: l.chunkSize, in: t.integers("chunkSize"))
    return l
  }

  private static func locale(_ o: SpecObject?) -> LocaleSpec {
    var l = LocaleSpec()
    guard let o else { return l }
    o.warnUnknownKeys(SpecTable.locale.keys)
    if let d = o.optionalString("decimalSeparator", maxLength: 8) {
      if d.isEmpty { o.log.error(o.path / "decimalSeparator", "must not be empty") } else { l.decimalSeparator = d }
    }
    l.groupingSeparator = o.optionalString("groupingSeparator", maxLength: 8) ?? l.groupingSeparator
    l.useGrouping = o.bool("useGrouping", default: l.useGrouping)
    if l.useGrouping, l.groupingSeparator == l.decimalSeparator {
      o.log.error(o.path / "groupingSeparator", "must differ from the decimal separator '\(l.decimalSeparator)'")
    }
    return l
  }

  /// A number for all four sides, or `{top, left, bottom, right}` (missing sides keep the default).
  private static func padding(_ o: SpecObject, default def: Insets) -> Insets {
    guard let v = o["padding"] else { return def }
    if case .number = v {
      let p = o.number("padding", default: def.top, in: paddingRange)
      return Insets(top: p, left: p, bottom: p, right: p)
    }
    guard let p = o.object("padding") else { return def }
    p.warnUnknownKeys(SpecTable.padding.keys)
    return Insets(top: p.number("top", default: def.top, in: paddingRange),
                  left: p.number("left", default: def.left, in: paddingRange),
                  bottom: p.number("bottom", default: def.bottom, in: paddingRange),
                  right: p.number("right", default: def.right, in: paddingRange))
  }
}

extension HighlightSpec {
  /// Reads `{dataSet, index, stackIndex?}` (shape only; `ChartSpec.checkHighlight` checks it names something).
  public static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog,
                           limits: SpecLimits = SpecLimits()) -> HighlightSpec? {
    let errorsBefore = log.errorCount
    guard let o = SpecObject(v, at: path, log: log) else {
      if v.isNull { log.error(path, "expected a highlight object {dataSet, index}, got null") }
      return nil
    }
    o.warnUnknownKeys(SpecTable.highlight.keys)
    let dataSet = o.requiredName("dataSet", limits: limits)
    let index = o.required("index") != nil ? o.optionalInt("index", atLeast: 0) : nil
    let stackIndex = o.optionalInt("stackIndex", atLeast: 0)
    guard log.errorCount == errorsBefore, let dataSet, let index else { return nil }
    return HighlightSpec(dataSet: dataSet, index: index, stackIndex: stackIndex)
  }
}
