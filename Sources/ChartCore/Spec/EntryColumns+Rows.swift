import ChartdJSON

// The row entry form `[{"x": 1, "y": 2, "label": "a"}, …]`.

extension EntryReader {
  static let rowKeys: Set<String> = SpecTable.entryRow.keys
  /// Columnar names used by mistake in the row form.
  static let rowAliases = ["labels": "label", "colors": "color", "stacks": "values"]

  /// A row's members by name, found in one pass over the row: a row names two or three of the ten,
  /// and looking each of the ten up cost more than reading the rest of the row. (`switch` compares
  /// with String's `==`; no other spelling of these lowercase ASCII names is canonically
  /// equivalent to one, so it matches exactly what JSON calls the same name.)
  struct RowMembers {
    var x, y, size, open, high, low, close, label, color, values: JSONValue?
    /// Whether the row has a member that is none of these (then warned about, once per name).
    var hasUnknown = false

    init(_ o: [String: JSONValue]) {
      for (key, value) in o {
        switch key {
        case "x": x = value
        case "y": y = value
        case "size": size = value
        case "open": open = value
        case "high": high = value
        case "low": low = value
        case "close": close = value
        case "label": label = value
        case "color": color = value
        case "values": values = value
        default: hasUnknown = true
        }
      }
    }
  }

  /// Reads row objects into columns. A column exists when any row has its key; rows without the
  /// key get the missing value (NaN / no label / no colour / not stacked), exactly as with `null`.
  /// x is given by every row or by none (then x = index). Members are checked in a fixed order
  /// (x, y, size, open, high, low, close, label, color, values), so a row with two faults always
  /// reports the same one.
  func rows(_ a: [JSONValue]) -> EntryBatch? {
    let n = a.count
    var c = EntryColumns()
    c.x.reserveCapacity(ColumnRoom.capacity(for: n))
    var y: EntryColumn<Double>? = nil
    var xGiven: Bool? = nil
    var unknown: [String: Int] = [:]
    for (i, e) in a.enumerated() {
      // Pointers are made only for a diagnostic: a row is read in a few hundred instructions.
      guard case .object(let o) = e else {
        log.error(path / i, "expected an entry object like the first entry, got \(e.typeName)")
        return nil
      }
      let m = RowMembers(o)
      if let vx = m.x {
        guard case .number(let d) = vx, d.isFinite else {
          log.error(path / i / "x", "x must be a finite number, got \(Column.describe(vx))")
          return nil
        }
        if xGiven == false {
          log.error(path / i / "x", "earlier entries have no 'x'; give x for every entry or for none")
          return nil
        }
        xGiven = true
        c.x.append(d)
      } else {
        if xGiven == true {
          log.error(path / i, "missing 'x': earlier entries give x, so every entry must")
          return nil
        }
        xGiven = false
        c.x.append(Double(i))
      }
      guard number(&y, m.y, "y", row: i, of: n),
        number(&c.size, m.size, "size", row: i, of: n),
        number(&c.open, m.open, "open", row: i, of: n),
        number(&c.high, m.high, "high", row: i, of: n),
        number(&c.low, m.low, "low", row: i, of: n),
        number(&c.close, m.close, "close", row: i, of: n)
      else { return nil }
      if let v = m.label {
        guard let s = label(v, at: path / i / "label") else { return nil }
        Self.put(&c.labels, s, fill: nil, row: i, of: n)
      } else {
        c.labels?.append(nil)
      }
      if let v = m.color {
        guard let color = color(v, at: path / i / "color") else { return nil }
        Self.put(&c.colors, color, fill: nil, row: i, of: n)
      } else {
        c.colors?.append(nil)
      }
      if let v = m.values {
        guard let s = segments(v, at: path / i / "values") else { return nil }
        Self.put(&c.stacks, s, fill: [], row: i, of: n)
      } else {
        c.stacks?.append([])
      }
      if m.hasUnknown {
        for key in o.keys where !Self.rowKeys.contains(key) && unknown[key] == nil { unknown[key] = i }
      }
    }
    for (key, i) in unknown.sorted(by: { $0.key < $1.key }) {
      let hint = Self.rowAliases[key].map { " (did you mean '\($0)'?)" } ?? ""
      log.warning(path / i / key, "unknown property '\(key)' is ignored\(hint)")
    }
    guard let values = derivedY(y: y?.array, columns: c, count: n, yPath: { path / $0 / "y" }) else { return nil }
    c.y = EntryColumn(values)
    return EntryBatch(columns: c, explicitX: xGiven ?? false)
  }

  /// Appends row `i`'s number `value` under `key` (or NaN for null / absent) to a column created on first use.
  private func number(_ column: inout EntryColumn<Double>?, _ value: JSONValue?, _ key: String, row i: Int, of n: Int) -> Bool {
    guard let v = value else {
      column?.append(.nan)
      return true
    }
    switch v {
    case .number(let d) where !d.isInfinite: Self.put(&column, d, fill: .nan, row: i, of: n)
    case .null: Self.put(&column, .nan, fill: .nan, row: i, of: n)
    default:
      log.error(path / i / key, "expected a number or null, got \(Column.describe(v))")
      return false
    }
    return true
  }

  /// Appends `value` for row `i`, creating the column (earlier rows filled with `fill`) on first use.
  private static func put<T>(_ column: inout EntryColumn<T>?, _ value: T, fill: T, row i: Int, of n: Int) {
    if column == nil {
      column = EntryColumn(repeating: fill, count: i)
      column?.reserveCapacity(ColumnRoom.capacity(for: n))
    }
    column?.append(value)
  }
}
