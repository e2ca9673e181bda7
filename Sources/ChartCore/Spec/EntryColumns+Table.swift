import ChartdJSON

// Entries the JSON reader already holds by column (`JSONTable`): rows of numbers become the data
// set's columns without a value per row. Anything the fast path does not cover goes through the
// general readers, so results and diagnostics are the same as for any other form.

extension EntryReader {
  /// The numeric row keys, in the order their columns are read.
  static let numericRowKeys: Set<String> = ["x", "y", "size", "open", "high", "low", "close"]

  /// Entries given as a table of rows.
  func table(_ t: JSONTable) -> EntryBatch? {
    // Values the general readers report (an infinite number, a null x) are left to them, so the
    // diagnostics are theirs word for word.
    if t.columns.contains(where: { $0.contains(where: \.isInfinite) }) { return array(t.elements) }
    switch t.rows {
    case .arrays(let width) where width == 2:
      return pairs(t)
    case .objects(let keys) where keys.allSatisfy(Self.numericRowKeys.contains):
      return numericRows(t)
    default:
      return array(t.elements)
    }
  }

  /// `[[x, y], …]` held as two columns.
  private func pairs(_ t: JSONTable) -> EntryBatch? {
    let x = t.columns[0], y = t.columns[1]
    if x.contains(where: \.isNaN) { return array(t.elements) }
    return EntryBatch(columns: EntryColumns(x: x, y: y), explicitX: true)
  }

  /// Row objects whose keys are all numeric columns (x, y, size, open, high, low, close).
  private func numericRows(_ t: JSONTable) -> EntryBatch? {
    let n = t.count
    var c = EntryColumns()
    if let x = t.column("x") {
      if x.contains(where: \.isNaN) { return array(t.elements) }
      c.x = x
    } else {
      c.x = Column.indices(n)
    }
    c.size = t.column("size")
    c.open = t.column("open")
    c.high = t.column("high")
    c.low = t.column("low")
    c.close = t.column("close")
    guard let values = derivedY(y: t.column("y"), columns: c, count: n, yPath: { path / $0 / "y" }) else { return nil }
    c.y = values
    return EntryBatch(columns: c, explicitX: t.column("x") != nil)
  }
}
