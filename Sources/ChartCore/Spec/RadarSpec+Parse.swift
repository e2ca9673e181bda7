import ChartdJSON

extension RadarSpec {
  /// Most spokes a radar draws: beyond this the web is a grey disc and no label is readable.
  public static let maxSpokes = 1_000

  /// Reads a `radar` object; nil gives the defaults.
  public init(_ o: SpecObject?, limits: SpecLimits = SpecLimits()) {
    self.init()
    guard let o else { return }
    let t = SpecTable.radar
    o.warnUnknownKeys(t.keys)
    categories = o.strings("categories", limits: limits) ?? []
    if categories.count > Self.maxSpokes {
      o.log.error(o.path / "categories", "\(categories.count) categories: a radar chart draws at most \(Self.maxSpokes) spokes")
      categories = []
    }
    rotation = o.number("rotation", default: rotation, in: t.range("rotation"))
    min = o.optionalNumber("min")
    max = o.optionalNumber("max")
    if let hi = max, hi <= (min ?? 0) {
      let lo = SpecObject.format(min ?? 0)
      o.log.error(o.path / "max", "must be greater than \(min == nil ? "the centre value 0 (set 'min' below it)" : "min (\(lo))"), got \(SpecObject.format(hi))")
    }
    ringCount = o.int("ringCount", default: ringCount, in: t.integers("ringCount"))
    drawWeb = o.bool("drawWeb", default: drawWeb)
    webLineWidth = o.number("webLineWidth", default: webLineWidth, in: t.range("webLineWidth"))
    innerWebLineWidth = o.number("innerWebLineWidth", default: innerWebLineWidth, in: t.range("innerWebLineWidth"))
    webColor = o.color("webColor")
    innerWebColor = o.color("innerWebColor")
    webOpacity = o.number("webOpacity", default: webOpacity, in: t.range("webOpacity"))
    skipWebLineCount = o.int("skipWebLineCount", default: skipWebLineCount, in: t.integers("skipWebLineCount"))
    drawRingLabels = o.bool("drawRingLabels", default: drawRingLabels)
    format = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    labelFontSize = o.optionalNumber("labelFontSize", in: t.range("labelFontSize"))
    labelColor = o.color("labelColor")
  }

  /// The value at the centre.
  public var centreValue: Double { min ?? 0 }

  /// Most negative-value warnings reported one by one; a data set with more gets one summary.
  static let lowValueWarningLimit = 10

  /// Checks one data set of a radar chart: plain values only (no x-less columns of other kinds), no
  /// more entries than categories (an error at the first entry without one), fewer is a warning, and
  /// values below the centre are warned about (they are drawn at the centre).
  /// Returns false when an error was reported.
  @discardableResult
  public func check(_ ds: DataSetSpec, at path: JSONPointer, log: DiagnosticLog) -> Bool {
    let entries = path / "entries"
    guard checkColumns(ds.entries, at: entries, log: log) else { return false }
    guard checkCount(ds.entries.count, at: entries, log: log) else { return false }
    let n = ds.entries.count
    if !categories.isEmpty, n > 0, n < categories.count {
      log.warning(entries, "\(n) value\(n == 1 ? "" : "s") for \(categories.count) categories (radar/categories): "
        + "spoke\(categories.count - n == 1 ? "" : "s") \(n)…\(categories.count - 1) get\(categories.count - n == 1 ? "s" : "") no vertex")
    }
    warnLowValues(ds.entries, at: entries, log: log)
    return true
  }

  /// Reports entry columns a radar has no use for (its entries are values: numbers or `{y}`).
  func checkColumns(_ e: EntryColumns, at path: JSONPointer, log: DiagnosticLog) -> Bool {
    let extra: [(String, Bool)] = [("size", e.size != nil), ("open", e.open != nil), ("high", e.high != nil),
                                   ("low", e.low != nil), ("close", e.close != nil), ("values (stacks)", e.stacks != nil)]
    let found = extra.filter(\.1).map { "'\($0.0)'" }
    guard found.isEmpty else {
      log.error(path, "radar entries are values (numbers or {\"y\": …}, one per category); \(found.joined(separator: ", ")) has no place on a radar")
      return false
    }
    return true
  }

  /// Reports a data set longer than the categories (or than `maxSpokes`), at its first entry without a spoke.
  func checkCount(_ n: Int, at path: JSONPointer, log: DiagnosticLog) -> Bool {
    if !categories.isEmpty, n > categories.count {
      log.error(path / categories.count,
                "entry \(categories.count) has no category: the radar has \(categories.count) (radar/categories), this data set \(n) values")
      return false
    }
    if n > Self.maxSpokes {
      log.error(path / Self.maxSpokes, "a radar chart draws at most \(Self.maxSpokes) spokes; this data set has \(n) values")
      return false
    }
    return true
  }

  /// Warns at every value below the centre: a radius cannot be negative, so it is drawn at the centre.
  func warnLowValues(_ e: EntryColumns, at path: JSONPointer, log: DiagnosticLog) {
    let lo = centreValue
    var count = 0
    for (i, v) in e.y.enumerated() where v < lo {
      count += 1
      guard count <= Self.lowValueWarningLimit else { continue }
      let text = ValueFormatter.format(v, nil)
      let hint = min == nil ? "; set radar/min to show it" : ""
      log.warning(path / i, "value \(text) is below the centre value \(ValueFormatter.format(lo, nil)): drawn at the centre\(hint)")
    }
    if count > Self.lowValueWarningLimit {
      log.warning(path, "\(count - Self.lowValueWarningLimit) more values below the centre are drawn at the centre")
    }
  }
}
