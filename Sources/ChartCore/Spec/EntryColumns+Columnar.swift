import ChartdJSON

// The columnar entry form `{"x": […], "y": […], "size": […], …}`: the fast path for large data.

extension EntryReader {
  /// Columns in the order that decides the entry count when `x` is absent.
  static let columnKeys = SpecTable.entryColumns.properties.map(\.name)
  /// Row-form names used by mistake in the columnar form.
  static let columnAliases = ["label": "labels", "color": "colors", "values": "stacks"]

  /// Reads columns; all must have the same length (x absent → x = index).
  func columnar(_ o: [String: JSONValue]) -> EntryBatch? {
    let errorsBefore = log.errorCount
    guard let object = SpecObject(.object(o), at: path, log: log) else { return nil }
    object.warnUnknownKeys(Set(Self.columnKeys), aliases: Self.columnAliases)
    let present = Self.columnKeys.filter { object[$0] != nil }
    guard let first = present.first else { return EntryBatch(columns: EntryColumns(), explicitX: false) }
    guard let n = object[first]?.arrayCount else {
      log.error(path / first, "expected an array, got \(object[first]?.typeName ?? "null")")
      return nil
    }
    guard count(n) else { return nil }
    for key in present.dropFirst() {
      guard let v = object[key], let m = v.arrayCount else {
        log.error(path / key, "expected an array, got \(object[key]?.typeName ?? "null")")
        return nil
      }
      if m != n {
        log.error(path / key, "has \(m) values but '\(first)' has \(n); every column needs one value per entry")
        return nil
      }
    }
    var c = EntryColumns()
    let explicitX = object["x"] != nil
    if let v = object["x"] {
      guard let x = numbers(v, at: path / "x", missingAllowed: false) else { return nil }
      c.x = EntryColumn(x)
    } else {
      c.x = EntryColumn(Column.indices(n))
    }
    let y = object["y"].flatMap { numbers($0, at: path / "y", missingAllowed: true) }
    c.size = object["size"].flatMap { numbers($0, at: path / "size", missingAllowed: true) }.map(EntryColumn.init)
    c.open = object["open"].flatMap { numbers($0, at: path / "open", missingAllowed: true) }.map(EntryColumn.init)
    c.high = object["high"].flatMap { numbers($0, at: path / "high", missingAllowed: true) }.map(EntryColumn.init)
    c.low = object["low"].flatMap { numbers($0, at: path / "low", missingAllowed: true) }.map(EntryColumn.init)
    c.close = object["close"].flatMap { numbers($0, at: path / "close", missingAllowed: true) }.map(EntryColumn.init)
    c.stacks = object["stacks"].flatMap { stacks($0, at: path / "stacks") }.map(EntryColumn.init)
    c.labels = object["labels"].flatMap { labels($0, at: path / "labels") }.map(EntryColumn.init)
    c.colors = object["colors"].flatMap { colors($0, at: path / "colors") }.map(EntryColumn.init)
    guard log.errorCount == errorsBefore,
      let values = derivedY(y: y, columns: c, count: n, yPath: { _ in path / "y" })
    else { return nil }
    c.y = EntryColumn(values)
    return EntryBatch(columns: c, explicitX: explicitX)
  }

  /// The y column: the stack totals for stacked entries, the close for candles, else `y` as given.
  ///
  /// Reports entries that give no value at all, and warns (at `yPath(i)` of the first such entry)
  /// when a given `y` is overridden.
  func derivedY(y: [Double]?, columns c: EntryColumns, count n: Int, yPath: (Int) -> JSONPointer) -> [Double]? {
    if let close = c.close {
      if let i = y?.firstIndex(where: { !$0.isNaN }) {
        log.warning(yPath(i), "'y' is ignored: candle entries use 'close' as their value")
      }
      return close.array
    }
    guard var out = y ?? (c.stacks != nil ? [Double](repeating: .nan, count: n) : nil) else {
      if n == 0 { return [] }
      log.error(path, "entries give no values: add 'y' (or 'close' for candles, 'values' / 'stacks' for stacked bars)")
      return nil
    }
    if let stacks = c.stacks {
      var overridden: Int? = nil
      for (i, s) in stacks.enumerated() where !s.isEmpty && i < out.count {
        if y != nil, !out[i].isNaN, overridden == nil { overridden = i }
        out[i] = Column.stackTotal(s)
      }
      if let i = overridden {
        log.warning(yPath(i), "'y' of a stacked entry is ignored: its value is the sum of its segments")
      }
    }
    return out
  }

  /// A numeric column: packed arrays are taken as they are; `null` elements are missing values (NaN)
  /// unless `missingAllowed` is false (x).
  func numbers(_ v: JSONValue, at path: JSONPointer, missingAllowed: Bool) -> [Double]? {
    switch v {
    case .numbers(let a):
      return Column.checked(a, at: path, log: log, missingAllowed: missingAllowed)
    case .array, .table:
      let a = v.arrayValue ?? []
      var out = [Double]()
      out.reserveCapacity(ColumnRoom.capacity(for: a.count))
      for (i, e) in a.enumerated() {
        switch e {
        case .number(let d) where d.isFinite || (missingAllowed && d.isNaN): out.append(d)
        case .null where missingAllowed: out.append(.nan)
        default:
          let expected = missingAllowed ? "a number or null" : "a finite number"
          log.error(path / i, "expected \(expected), got \(Column.describe(e))")
          return nil
        }
      }
      return out
    default:
      log.error(path, "expected an array of numbers, got \(v.typeName)")
      return nil
    }
  }

  /// The `stacks` column: per entry an array of segment values (null segments are missing), or
  /// null / `[]` for an entry that is not stacked.
  func stacks(_ v: JSONValue, at path: JSONPointer) -> [[Double]]? {
    guard let a = v.arrayValue else { return nil }
    var out: [[Double]] = []
    out.reserveCapacity(ColumnRoom.capacity(for: a.count))
    for (i, e) in a.enumerated() {
      guard let s = segments(e, at: path / i) else { return nil }
      out.append(s)
    }
    return out
  }

  /// One entry's stack segments (`null` → not stacked).
  func segments(_ e: JSONValue, at path: JSONPointer) -> [Double]? {
    if e.isNull { return [] }
    guard e.arrayCount != nil else {
      log.error(path, "expected an array of segment values or null, got \(e.typeName)")
      return nil
    }
    return numbers(e, at: path, missingAllowed: true)
  }

  /// The `labels` column: strings or null, each within `maxLabelBytes`.
  func labels(_ v: JSONValue, at path: JSONPointer) -> [String?]? {
    // A list of strings the reader holds as one column is taken as it is when every label is valid.
    if case .table(let t) = v, t.rows == .strings, case .strings(let texts)? = t.columns.first, validLabels(texts) {
      return texts
    }
    guard let a = v.arrayValue else { return nil }
    var out: [String?] = []
    out.reserveCapacity(ColumnRoom.capacity(for: a.count))
    for (i, e) in a.enumerated() {
      guard let s = label(e, at: path / i) else { return nil }
      out.append(s)
    }
    return out
  }

  /// One label: `.some(nil)` for null, nil (reported) when invalid.
  func label(_ e: JSONValue, at path: JSONPointer) -> String?? {
    switch e {
    case .null: return .some(nil)
    case .string(let s): return SpecObject.checkedText(s, at: path, log: log, limits: limits) ? .some(s) : nil
    default:
      log.error(path, "expected a string or null, got \(e.typeName)")
      return nil
    }
  }

  /// The `colors` column: colour strings or null (the data set's colour).
  func colors(_ v: JSONValue, at path: JSONPointer) -> [Color?]? {
    guard let a = v.arrayValue else { return nil }
    var out: [Color?] = []
    out.reserveCapacity(ColumnRoom.capacity(for: a.count))
    for (i, e) in a.enumerated() {
      guard let c = color(e, at: path / i) else { return nil }
      out.append(c)
    }
    return out
  }

  /// One colour: `.some(nil)` for null, nil (reported) when invalid.
  func color(_ e: JSONValue, at path: JSONPointer) -> Color?? {
    if e.isNull { return .some(nil) }
    guard let c = SpecObject.color(e, at: path, log: log) else { return nil }
    return .some(c)
  }
}
