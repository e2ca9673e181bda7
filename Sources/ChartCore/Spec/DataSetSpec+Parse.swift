import ChartdJSON

extension DataSetSpec {
  /// The keys a data set object may have (`SpecTable.dataSet`).
  public static let keys: Set<String> = SpecTable.dataSet.keys
  /// Accepted `entryOffset` (a count of entries that ever left the front; exact as a double).
  public static let entryOffsetRange: ClosedRange<Int> = SpecTable.dataSet.integers("entryOffset")
  /// Accepted `pane` indices (the chart's `panes` bound them further: `check(in:)`).
  static let paneRange: ClosedRange<Int> = SpecTable.dataSet.integers("pane")

  /// Reads one data set: shape and types only. The chart checks what its kind needs (`check(in:)`)
  /// and that ids are unique. Returns nil when an error was logged.
  public static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog,
                           limits: SpecLimits = SpecLimits()) -> DataSetSpec? {
    let errorsBefore = log.errorCount
    guard let o = SpecObject(v, at: path, log: log) else {
      if v.isNull { log.error(path, "expected a data set object, got null") }
      return nil
    }
    o.warnUnknownKeys(keys)
    // Without an id the data set is not read, but the rest of it still is: every error of a spec
    // is reported together (chart-spec.md), not only the first one.
    let named = identity(o, limits: limits)
    var ds = DataSetSpec(id: named?.id ?? "", label: named?.label ?? "")
    ds.kind = o.optionalChoice("kind", SeriesKind.self)
    ds.axis = o.choice("axis", default: .left)
    ds.pane = o.int("pane", default: 0, in: paneRange)
    ds.visible = o.bool("visible", default: true)
    ds.hiddenEntries = hiddenEntries(o, limits: limits)
    ds.color = o.color("color")
    ds.colors = o.colors("colors") ?? []
    ds.line = LineStyle(o.object("line"))
    ds.bar = BarStyle(o.object("bar"))
    ds.scatter = ScatterStyle(o.object("scatter"))
    ds.bubble = BubbleStyle(o.object("bubble"))
    ds.candle = CandleStyle(o.object("candle"))
    ds.valueLabels = ValueLabelStyle(o.object("valueLabels"))
    ds.stackLabels = o.strings("stackLabels", limits: limits) ?? []
    ds.stack = o.text("stack", limits: limits)
    if ds.stack?.isEmpty == true {
      log.error(path / "stack", "must not be empty (leave 'stack' out for a data set that does not stack)")
    }
    ds.entries = EntryColumns.parse(o["entries"], at: path / "entries", log: log, limits: limits) ?? EntryColumns()
    ds.entryOffset = o.int("entryOffset", default: 0, in: entryOffsetRange)
    if var source = v.objectValue {
      source["entries"] = nil
      ds.source = source
    }
    return log.errorCount == errorsBefore ? ds : nil
  }

  /// `hiddenEntries`: entry indices (integers ≥ 0), at most `maxEntries` of them; sorted, repeats dropped.
  private static func hiddenEntries(_ o: SpecObject, limits: SpecLimits) -> [Int] {
    guard let a = o.array("hiddenEntries") else { return [] }
    let path = o.path / "hiddenEntries"
    guard a.count <= limits.maxEntriesPerDataSet else {
      o.log.error(path, "at most \(limits.maxEntriesPerDataSet) indices are allowed (maxEntriesPerDataSet), got \(a.count)")
      return []
    }
    var out: [Int] = []
    for (k, v) in a.enumerated() {
      guard let i = v.intValue else {
        o.log.error(path / k, v.notAnIntegerMessage)
        return []
      }
      guard i >= 0 else {
        o.log.error(path / k, "an entry index must be 0 or more, got \(i)")
        return []
      }
      out.append(i)
    }
    return Array(Set(out)).sorted()
  }

  /// The id and label: each defaults to the other; one of them is required and the id is not empty.
  private static func identity(_ o: SpecObject, limits: SpecLimits) -> (id: String, label: String)? {
    let errorsBefore = o.log.errorCount
    let id = o.text("id", limits: limits)
    let label = o.text("label", limits: limits)
    guard o.log.errorCount == errorsBefore else { return nil }
    if let id {
      guard !id.isEmpty else {
        o.log.error(o.path / "id", "must not be empty")
        return nil
      }
      return (id, label ?? id)
    }
    guard let label else {
      o.log.error(o.path, "a data set needs an 'id' or a 'label' (the id defaults to the label)")
      return nil
    }
    guard !label.isEmpty else {
      o.log.error(o.path / "label", "must not be empty when there is no 'id' (the label is then the id)")
      return nil
    }
    return (label, label)
  }

  /// What this data set is drawn as in a chart of `chartKind` (nil in pie and radar charts).
  public func seriesKind(in chartKind: ChartKind) -> SeriesKind? {
    switch chartKind {
    case .combined: return kind ?? .line
    case .pie, .radar: return nil
    case .line: return .line
    case .bar: return .bar
    case .scatter: return .scatter
    case .bubble: return .bubble
    case .candlestick: return .candlestick
    }
  }

  /// Reports what this data set lacks in a chart of `chartKind` (candles need open, high, low and
  /// close; bubbles need size; a radar's values must fit its categories, see `RadarSpec.check`) and
  /// warns about a per-data-set kind that such a chart ignores. Returns false when an error was reported.
  @discardableResult
  public func check(in chartKind: ChartKind, radar: RadarSpec = RadarSpec(), paneCount: Int = 1, at path: JSONPointer,
                    log: DiagnosticLog) -> Bool {
    if let problem = PaneSpec.missing(pane, paneCount: paneCount) {
      log.error(path / "pane", problem)
      return false
    }
    if chartKind != .combined, let kind, kind.rawValue != chartKind.rawValue {
      log.warning(path / "kind", "'\(kind.rawValue)' is ignored: only combined charts draw data sets with their own kind")
    }
    if chartKind == .pie { warnNegativePieValues(at: path / "entries", log: log) }
    if stack != nil, seriesKind(in: chartKind) != .line {
      log.warning(path / "stack", "'stack' is ignored: only line data sets stack (bars stack the segments of their entries' 'stacks')")
    }
    if chartKind == .radar { return radar.check(self, at: path, log: log) }
    guard let drawn = seriesKind(in: chartKind) else { return true }
    return entries.checkRequirements(of: drawn, at: path / "entries", log: log)
  }
}

extension DataSetSpec {
  /// Most negative pie values reported one by one; a data set with more gets one summary after them.
  static let negativePieWarningLimit = 10

  /// Warns at every negative value of a pie data set: it draws no slice (a share cannot be negative).
  /// The pointer names the entry (`entries/i`), whichever form the entries were written in.
  func warnNegativePieValues(at path: JSONPointer, log: DiagnosticLog) {
    var count = 0
    for (i, v) in entries.y.enumerated() where v < 0 {
      count += 1
      if count <= Self.negativePieWarningLimit {
        let text = ValueFormatter.format(v, nil)
        log.warning(path / i, "negative value \(text) is not drawn: a pie slice cannot show a negative share")
      }
    }
    if count > Self.negativePieWarningLimit {
      log.warning(path, "\(count - Self.negativePieWarningLimit) more negative values are not drawn")
    }
  }
}
