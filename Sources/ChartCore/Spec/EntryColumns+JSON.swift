import ChartdJSON

extension EntryColumns {
  /// The entries in the columnar form, reading back to exactly these columns.
  ///
  /// `x` is always written (it may no longer be 0, 1, 2, … after appends and windows); `y` is left
  /// out for candles (their value is the close) and is null for stacked entries (their value is the
  /// sum of the segments), so reading it back raises no warning. Missing values are `null`.
  public var json: JSONValue {
    var o: [String: JSONValue] = ["x": .numbers(x.array)]
    if close == nil {
      if let stacks {
        o["y"] = .numbers(zip(y, stacks).map { $1.isEmpty ? $0 : .nan })
      } else {
        o["y"] = .numbers(y.array)
      }
    }
    if let stacks { o["stacks"] = .array(stacks.map { .numbers($0) }) }
    if let size { o["size"] = .numbers(size.array) }
    if let open { o["open"] = .numbers(open.array) }
    if let high { o["high"] = .numbers(high.array) }
    if let low { o["low"] = .numbers(low.array) }
    if let close { o["close"] = .numbers(close.array) }
    // Labels stay one column (no JSON value per label), as the reader makes them of a list of strings.
    if let labels { o["labels"] = .table(JSONTable(rows: .strings, columns: [.strings(labels.array)])) }
    if let colors { o["colors"] = .array(colors.map { $0.map { .string($0.cssString) } ?? .null }) }
    return .object(o)
  }
}

extension Color {
  /// `#rrggbb` when opaque, else `rgba(r,g,b,a)` with the alpha written exactly: reads back to this colour.
  public var cssString: String {
    alpha >= 1 ? hexString : "rgba(\(red),\(green),\(blue),\(JSONWriter.string(.number(alpha))))"
  }
}
