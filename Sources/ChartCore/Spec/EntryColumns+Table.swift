import ChartdJSON

// Entries the JSON reader already holds by column (`JSONTable`): rows of numbers and labels become
// the data set's columns without a value per row. Anything the fast path does not cover goes
// through the general readers, so results and diagnostics are the same as for any other form.

extension EntryReader {
  /// The numeric row keys, in the order their columns are read.
  static let numericRowKeys: Set<String> = ["x", "y", "size", "open", "high", "low", "close"]

  /// Entries given as a table of rows.
  func table(_ t: JSONTable) -> EntryBatch? {
    // Values the general readers report (an infinite number, a null x, a label too long) are left
    // to them, so the diagnostics are theirs word for word.
    if t.hasInfiniteNumber { return array(t.elements) }
    switch t.rows {
    case .arrays(let width) where width == 2:
      return pairs(t)
    case .objects(let keys) where keys.allSatisfy({ Self.numericRowKeys.contains($0) || $0 == "label" }):
      return numericRows(t, keys: keys)
    default:
      return array(t.elements)
    }
  }

  /// `[[x, y], …]` held as two columns.
  private func pairs(_ t: JSONTable) -> EntryBatch? {
    guard let x = t.numbers(at: 0), let y = t.numbers(at: 1), !x.contains(where: \.isNaN) else { return array(t.elements) }
    return EntryBatch(columns: EntryColumns(x: x, y: y), explicitX: true)
  }

  /// Row objects whose keys are numeric columns (x, y, size, open, high, low, close) and `label`.
  private func numericRows(_ t: JSONTable, keys: [String]) -> EntryBatch? {
    let n = t.count
    var c = EntryColumns()
    for key in keys where key != "label" && t.column(key) == nil { return array(t.elements) }
    if keys.contains("label") {
      guard let labels = t.strings("label"), validLabels(labels) else { return array(t.elements) }
      c.labels = EntryColumn(labels)
    }
    if let x = t.column("x") {
      if x.contains(where: \.isNaN) { return array(t.elements) }
      c.x = EntryColumn(x)
    } else {
      c.x = EntryColumn(Column.indices(n))
    }
    c.size = t.column("size").map(EntryColumn.init)
    c.open = t.column("open").map(EntryColumn.init)
    c.high = t.column("high").map(EntryColumn.init)
    c.low = t.column("low").map(EntryColumn.init)
    c.close = t.column("close").map(EntryColumn.init)
    guard let values = derivedY(y: t.column("y"), columns: c, count: n, yPath: { path / $0 / "y" }) else { return nil }
    c.y = EntryColumn(values)
    return EntryBatch(columns: c, explicitX: t.column("x") != nil)
  }

  /// True when every label is within `maxLabelBytes` (what `label` checks one by one).
  func validLabels(_ labels: [String?]) -> Bool {
    let limit = limits.maxLabelBytes
    return !labels.contains { $0.map { $0.utf8.count > limit } ?? false }
  }
}
