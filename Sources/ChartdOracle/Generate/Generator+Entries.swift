import ChartdJSON

/// Entries in the four wire forms (bare values, pairs, rows, columns) for every series kind.
extension Generator {
  /// How many entries: usually a handful, sometimes enough for chunking and M4 at small thresholds.
  func entryCount() -> Int {
    switch choose(10) {
    case 0...5: return choose(9)
    case 6, 7: return 5 + choose(30)
    case 8: return 30 + choose(90)
    default: return choose(3)
    }
  }

  /// Entries for a data set drawn as `kind` ("line", "bar", "scatter", "bubble", "candlestick",
  /// "pie", "radar": y values); `xFrom` gives explicit x values from there on (nil: sometimes none, so x = index).
  func entries(kind: String, count: Int, xFrom: Double? = nil, stacked: Bool = false) -> JSONValue {
    var columns: [(String, [JSONValue])] = []
    // Half the lines have no gaps: only those are drawn through M4.
    let nulls = chance(1, in: 2)
    if let x = xValues(count, from: xFrom) { columns.append(("x", x)) }
    switch kind {
    case "candlestick":
      var o: [JSONValue] = [], h: [JSONValue] = [], l: [JSONValue] = [], c: [JSONValue] = []
      for _ in 0..<count {
        if chance(1, in: 12) {
          o.append(.null); h.append(.null); l.append(.null); c.append(.null)
          continue
        }
        let open = Double(choose(41)) - 10, close = Double(choose(41)) - 10
        o.append(.number(open)); c.append(.number(close))
        h.append(.number(max(open, close) + Double(choose(6))))
        l.append(.number(min(open, close) - Double(choose(6))))
      }
      columns += [("open", o), ("high", h), ("low", l), ("close", c)]
    case "bubble":
      columns.append(("y", (0..<count).map { _ in value(nulls: nulls) }))
      columns.append(("size", (0..<count).map { _ in chance(1, in: 10) ? .null : .number(Double(choose(40)) / 2) }))
    case "bar" where stacked:
      columns.append(("stacks", (0..<count).map { _ in stack() }))
    default:
      columns.append(("y", (0..<count).map { _ in value(nulls: nulls) }))
    }
    if chance(1, in: 3) || kind == "pie" && chance(2, in: 3) {
      columns.append(("labels", (0..<count).map { i in chance(1, in: 8) ? .null : .string(i % 3 == 0 ? label() : "E\(i)") }))
    }
    if chance(1, in: 8) { columns.append(("colors", (0..<count).map { _ in chance(1, in: 3) ? .null : color() })) }
    return encode(columns, count: count)
  }

  /// Segments of one stacked bar: numbers and nulls, or not stacked at all.
  func stack() -> JSONValue {
    switch choose(8) {
    case 0: return .null
    case 1: return []
    default: return .array((0..<(1 + choose(4))).map { _ in chance(1, in: 8) ? .null : .number(Double(choose(21)) - 4) })
    }
  }

  /// x values: none (the index), increasing, unsorted, repeated, dates, or extreme.
  func xValues(_ count: Int, from start: Double?) -> [JSONValue]? {
    if let start { return (0..<count).map { .number(start + Double($0)) } }
    switch choose(10) {
    case 0...3: return nil
    case 4, 5:
      let base = Double(choose(21) - 10)
      return (0..<count).map { .number(base + Double($0)) }
    case 6:
      var x = Double(choose(10))
      return (0..<count).map { _ in x += Double(choose(5)) / 2; return .number(x) }
    case 7: return (0..<count).map { _ in .number(Double(choose(12)) - 2) }
    case 8: return (0..<count).map { .number(1_700_000_000 + Double($0) * pick([60, 3600, 86400, 2_592_000])) }
    default: return (0..<count).map { _ in chance(1, in: 2) ? .number(Double(choose(100))) : value().orZero }
    }
  }

  /// Writes the columns in one of the four forms (bare and pairs only when they can hold them).
  func encode(_ columns: [(String, [JSONValue])], count: Int) -> JSONValue {
    let keys = columns.map(\.0)
    let form = choose(4)
    if form == 0, keys == ["y"] { return .array(columns[0].1) }
    if form == 1, keys == ["x", "y"] || keys == ["y"] {
      let x = keys.count == 2 ? columns[0].1 : (0..<count).map { JSONValue.number(Double($0)) }
      return .array((0..<count).map { [x[$0], columns[keys.count - 1].1[$0]] })
    }
    if form == 2 {
      let rowKey = ["labels": "label", "colors": "color", "stacks": "values"]
      return .array((0..<count).map { i in
        var row: [String: JSONValue] = [:]
        for (key, values) in columns where !(values[i].isNull && key != "x" && chance(1, in: 2)) {
          row[rowKey[key] ?? key] = values[i]
        }
        return .object(row)
      })
    }
    var o: [String: JSONValue] = [:]
    for (key, values) in columns { o[key] = .array(values) }
    return .object(o)
  }
}

extension JSONValue {
  /// The value, or 0 for null (x must be a number).
  var orZero: JSONValue { isNull ? .number(0) : self }
}
