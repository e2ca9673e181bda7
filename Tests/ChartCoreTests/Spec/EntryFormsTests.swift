import ChartCore
import ChartdJSON
import Testing

/// Reads entries at `/entries`; fails the test when errors are logged.
private func entries(_ v: JSONValue, limits: SpecLimits = SpecLimits(), sourceLocation: SourceLocation = #_sourceLocation)
  -> (EntryBatch?, DiagnosticLog)
{
  let log = DiagnosticLog()
  let batch = EntryColumns.parseBatch(v, at: JSONPointer(["entries"]), log: log, limits: limits)
  #expect(!log.hasErrors, "unexpected errors: \(log.errors)", sourceLocation: sourceLocation)
  return (batch, log)
}

/// True when both arrays hold the same values, NaN matching NaN (missing values).
private func same(_ a: EntryColumn<Double>?, _ b: [Double]?) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}

@Suite struct EntryFormsTests {
  static let simpleForms: [(String, JSONValue)] = [
    ("bare", [3, 1, 4]),
    ("bare packed", .numbers([3, 1, 4])),
    ("pairs", [[0, 3], [1, 1], [2, 4]]),
    ("packed pairs", [.numbers([0, 3]), .numbers([1, 1]), .numbers([2, 4])]),
    ("rows without x", [["y": 3], ["y": 1], ["y": 4]]),
    ("rows with x", [["x": 0, "y": 3], ["x": 1, "y": 1], ["x": 2, "y": 4]]),
    ("columns without x", ["y": [3, 1, 4]]),
    ("columns with x", ["x": [0, 1, 2], "y": [3, 1, 4]]),
    ("packed columns", ["x": .numbers([0, 1, 2]), "y": .numbers([3, 1, 4])]),
  ]

  @Test(arguments: simpleForms.map(\.0))
  func everyFormGivesTheSameColumns(_ name: String) throws {
    let json = try #require(Self.simpleForms.first { $0.0 == name }?.1)
    let (batch, _) = entries(json)
    #expect(batch?.columns == EntryColumns(x: [0, 1, 2], y: [3, 1, 4]))
  }

  @Test func explicitXIsRememberedPerForm() {
    #expect(entries([1, 2]).0?.explicitX == false)
    #expect(entries([[5, 1]]).0?.explicitX == true)
    #expect(entries([["y": 1]]).0?.explicitX == false)
    #expect(entries([["x": 5, "y": 1]]).0?.explicitX == true)
    #expect(entries(["y": [1]]).0?.explicitX == false)
    #expect(entries(["x": [5], "y": [1]]).0?.explicitX == true)
  }

  @Test func rowsAndColumnsWithEveryColumnAgree() {
    let rows: JSONValue = [
      ["x": 1, "y": 2, "size": 3, "label": "a", "color": "#ff0000"],
      ["x": 2, "values": [1, 2], "size": 4, "label": "b", "color": "#00ff00"],
    ]
    let columns: JSONValue = [
      "x": [1, 2], "y": [2, .null], "size": [3, 4], "labels": ["a", "b"], "colors": ["#ff0000", "#00ff00"],
      "stacks": [.null, [1, 2]],
    ]
    let r = entries(rows).0?.columns
    let c = entries(columns).0?.columns
    #expect(r == c)
    #expect(r?.y == [2, 3])
    #expect(r?.stacks == [[], [1, 2]])
    #expect(r?.labels == ["a", "b"])
    #expect(r?.colors == [Color(hex: 0xff0000), Color(hex: 0x00ff00)])
  }

  @Test func candlesTakeTheirValueFromClose() {
    let rows: JSONValue = [["x": 0, "open": 1, "high": 4, "low": 0.5, "close": 3], ["x": 1, "open": 3, "high": 3.5, "low": 2, "close": 2.5]]
    let columns: JSONValue = ["open": [1, 3], "high": [4, 3.5], "low": [0.5, 2], "close": [3, 2.5]]
    let r = entries(rows).0?.columns
    #expect(r == entries(columns).0?.columns)
    #expect(r?.y == [3, 2.5])
    #expect(r?.close == [3, 2.5])
    #expect(r?.checkRequirements(of: .candlestick, at: .root, log: DiagnosticLog()) == true)
  }

  @Test func nullValuesAreMissing() {
    let bare = entries([1, .null, 3]).0?.columns
    #expect(bare?.x == [0, 1, 2])
    #expect(same(bare?.y, [1, .nan, 3]))
    #expect(same(entries([[0, 1], [1, .null]]).0?.columns.y, [1, .nan]))
    let rows = entries([["x": 1, "y": .null, "open": .null, "label": .null, "color": .null, "values": .null]]).0?.columns
    #expect(same(rows?.y, [.nan]))
    #expect(same(rows?.open, [.nan]))
    #expect(rows?.labels == [nil])
    #expect(rows?.colors == [nil])
    #expect(rows?.stacks == [[]])
    let columns = entries(["y": [1, .null], "size": [.null, 2], "labels": [.null, "b"], "colors": ["red", .null]]).0?.columns
    #expect(same(columns?.y, [1, .nan]))
    #expect(same(columns?.size, [.nan, 2]))
    #expect(columns?.labels == [nil, "b"])
    #expect(columns?.colors == [Color(parsing: "red"), nil])
  }

  @Test func allNullBareValuesAreGaps() {
    let c = entries([.null, .null]).0?.columns
    #expect(c?.x == [0, 1])
    #expect(c?.y.allSatisfy(\.isNaN) == true)
  }

  @Test func keysAbsentFromSomeRowsAreMissingThere() {
    let c = entries([["y": 1, "label": "a"], ["y": 2, "size": 5], ["y": 3]]).0?.columns
    #expect(c?.labels == ["a", nil, nil])
    #expect(same(c?.size, [.nan, 5, .nan]))
    #expect(same(c?.y, [1, 2, 3]))
    #expect(c?.open == nil)
  }

  @Test func stackTotalsIgnoreMissingSegments() {
    let c = entries([["values": [1, 2, 3]], ["values": [-1, 2]], ["values": [.null, 4]], ["values": [.null]], ["y": 7]]).0?.columns
    #expect(same(c?.y, [6, 1, 4, .nan, 7]))
    #expect(c?.stacks?.count == 5)
    #expect(c?.stacks?[4] == [])
    let columnar = entries(["stacks": [[1, 2], .null, []], "y": [.null, 5, 6]]).0?.columns
    #expect(same(columnar?.y, [3, 5, 6]))
  }

  @Test func givenYIsOverriddenWithAWarning() {
    let (stacked, log) = entries([["y": 1], ["y": 9, "values": [1, 2]]])
    #expect(stacked?.columns.y == [1, 3])
    #expect(log.warnings.contains { $0.path == "/entries/1/y" && $0.message.contains("sum of its segments") })
    let (candles, log2) = entries(["y": [5], "open": [1], "high": [2], "low": [0], "close": [1.5]])
    #expect(candles?.columns.y == [1.5])
    #expect(log2.warnings.contains { $0.path == "/entries/y" && $0.message.contains("use 'close'") })
  }

  @Test func unknownRowKeysWarnOnceWithAHint() {
    let rows = JSONValue.array((0..<500).map { ["y": .number(Double($0)), "z": 1, "labels": "a"] })
    let (batch, log) = entries(rows)
    #expect(batch?.columns.count == 500)
    #expect(log.warnings.count == 2)
    #expect(log.warnings.contains { $0.path == "/entries/0/z" && $0.message.contains("unknown property 'z'") })
    #expect(log.warnings.contains { $0.path == "/entries/0/labels" && $0.message.contains("did you mean 'label'") })
  }

  /// Every documented row member is read, none warned about as unknown; a row that also has an
  /// unknown member after the first row still gets its warning.
  @Test func everyDocumentedRowMemberIsKnown() {
    for key in SpecTable.entryRow.keys.sorted() {
      let value: JSONValue = switch key {
      case "label": "a"
      case "color": "#123456"
      case "values": [1, 2]
      default: 3
      }
      var row: [String: JSONValue] = ["y": 1]
      row[key] = value
      let log = DiagnosticLog()
      _ = EntryColumns.parseBatch([.object(row)], at: JSONPointer(["entries"]), log: log, limits: SpecLimits())
      #expect(!log.items.contains { $0.message.contains("unknown") }, "\(key): \(log.items)")
    }
    let (_, log) = entries([["y": 1], ["y": 2, "zz": 3]])
    #expect(log.warnings.map(\.path) == ["/entries/1/zz"])
  }

  @Test func unknownColumnsWarnWithAHint() {
    let (batch, log) = entries(["y": [1], "label": ["a"]])
    #expect(batch?.columns.labels == nil)
    #expect(log.warnings.map(\.path) == ["/entries/label"])
    #expect(log.warnings.first?.message.contains("did you mean 'labels'") == true)
  }

  @Test func absentOrEmptyEntriesAreEmpty() {
    #expect(entries(.null).0?.columns == EntryColumns())
    #expect(entries([]).0?.columns == EntryColumns())
    #expect(entries([:]).0?.columns == EntryColumns())
    let log = DiagnosticLog()
    #expect(EntryColumns.parse(nil, at: .root, log: log) == EntryColumns())
    #expect(!log.hasErrors)
  }

  @Test func requirementsOfKinds() {
    let log = DiagnosticLog()
    let plain = EntryColumns(x: [0], y: [1])
    #expect(!plain.checkRequirements(of: .bubble, at: JSONPointer(["e"]), log: log))
    #expect(plain.checkRequirements(of: .bar, at: JSONPointer(["e"]), log: log))
    #expect(EntryColumns().checkRequirements(of: .candlestick, at: .root, log: log))
    #expect(log.errors.map(\.path) == ["/e"])
  }

  @Test func limitsAreInclusive() {
    let limits = SpecLimits(maxEntriesPerDataSet: 3, maxLabelBytes: 3)
    #expect(entries([1, 2, 3], limits: limits).0?.columns.count == 3)
    #expect(entries(["y": [1], "labels": ["abc"]], limits: limits).0?.columns.labels == ["abc"])
  }

  @Test func aMillionPackedPointsParse() throws {
    let n = 1_000_000
    var xs = [Double](repeating: 0, count: n)
    var ys = [Double](repeating: 0, count: n)
    for i in 0..<n {
      xs[i] = Double(i) * 0.5
      ys[i] = Double(i % 1000) - 500
    }
    let (batch, _) = entries(["x": .numbers(xs), "y": .numbers(ys)])
    let c = try #require(batch?.columns)
    #expect(c.count == n)
    #expect(c.x.array == xs)
    #expect(c.y.array == ys)
    #expect(c.x[999_999] == 499_999.5)
    #expect(c.size == nil && c.stacks == nil && c.labels == nil)
    let bare = try #require(entries(.numbers(ys)).0?.columns)
    #expect(bare.count == n && bare.x[n - 1] == Double(n - 1) && bare.y.array == ys)
  }
}
