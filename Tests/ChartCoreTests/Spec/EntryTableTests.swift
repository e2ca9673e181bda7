import ChartdJSON
import Testing
@testable import ChartCore

/// Entries the JSON reader held as a table read exactly as the same rows held as general values:
/// same columns, same diagnostics.
@Suite struct EntryTableTests {
  /// Reads `json` as entries twice: as parsed (a table when it fits) and as general values.
  func bothWays(_ json: JSONValue) -> (table: EntryBatch?, general: EntryBatch?, tableLog: [Diagnostic], generalLog: [Diagnostic]) {
    let a = DiagnosticLog(), b = DiagnosticLog()
    let limits = SpecLimits(maxEntriesPerDataSet: 5, maxLabelBytes: 8)
    let t = EntryColumns.parseBatch(json, at: JSONPointer(["entries"]), log: a, limits: limits)
    let g = EntryColumns.parseBatch(Self.general(json), at: JSONPointer(["entries"]), log: b, limits: limits)
    return (t, g, a.items, b.items)
  }

  /// The value with every table (at any depth) replaced by the general array it stands for.
  static func general(_ v: JSONValue) -> JSONValue {
    switch v {
    case .table(let t): return .array(t.elements.map(general))
    case .array(let a): return .array(a.map(general))
    case .object(let o): return .object(o.mapValues(general))
    default: return v
    }
  }

  @Test(arguments: [
    #"[{"x":1,"y":2},{"x":2,"y":null},{"x":4,"y":3}]"#, #"[{"y":2},{"y":5}]"#, #"[[0,1],[1,null],[5,2]]"#,
    #"[{"x":1,"open":1,"high":3,"low":0,"close":2},{"x":2,"open":2,"high":4,"low":1,"close":3}]"#,
    #"[{"x":1,"y":2,"size":3}]"#, #"[{"x":null,"y":2}]"#, #"[[null,1]]"#,
    #"[{"x":1,"y":2,"z":3}]"#, #"[{"x":1,"labels":2}]"#, #"[[1,2,3],[4,5,6]]"#, #"[[1],[2]]"#, #"[{"y":1,"close":2}]"#,
    // Labels: a text column of rows, and the columnar list of strings.
    #"[{"y":1,"label":"a"},{"y":2,"label":null},{"y":3,"label":"é\n"}]"#, #"[{"x":1,"y":2,"label":"a"}]"#,
    #"[{"label":"a","y":1},{"label":"b","y":2}]"#, #"[{"y":1,"label":null},{"y":2,"label":"b"}]"#,
    #"{"y":[1,2,3],"labels":["a",null,"c"]}"#, #"{"labels":["a","b"]}"#, #"{"y":[1,2],"labels":["a","b","c"]}"#,
    #"[{"y":1,"label":"a","color":"red"}]"#, #"[{"x":"a","y":1}]"#, #"["a","b"]"#, #"[{"y":1,"label":"a"},{"y":2,"label":3}]"#,
    // Bad labels, reported at their pointer: too long (limit 8 bytes here), not a string; too many entries.
    #"[{"y":1,"label":"a"},{"y":2,"label":"123456789"}]"#, #"{"y":[1,2],"labels":["a","123456789"]}"#,
    #"{"y":[1,2],"labels":["a",2]}"#, #"[{"y":1,"label":"a"},{"y":2,"label":true}]"#,
    #"[{"y":1,"label":"a"},{"y":2,"label":"b"},{"y":3,"label":"c"},{"y":4,"label":"d"},{"y":5,"label":"e"},{"y":6,"label":"f"}]"#,
    #"[{"x":null,"y":1,"label":"a"}]"#,
  ])
  func tableAndGeneralRowsReadAlike(text: String) throws {
    let json = try JSONReader.parse(text)
    let r = bothWays(json)
    // Compared as JSON: NaN (a missing value) is never == itself.
    #expect(r.table.map { JSONWriter.string($0.columns.json) } == r.general.map { JSONWriter.string($0.columns.json) })
    #expect(r.table?.explicitX == r.general?.explicitX)
    #expect(r.tableLog == r.generalLog)
  }

  @Test func aMillionRowsCostColumnsOnly() throws {
    var text = "["
    for i in 0..<100_000 { text += (i > 0 ? "," : "") + #"{"x":\#(i),"y":\#(i % 97).5}"# }
    text += "]"
    let json = try JSONReader.parse(text)
    guard case .table = json else { Issue.record("rows were not read as a table"); return }
    let log = DiagnosticLog()
    let batch = try #require(EntryColumns.parseBatch(json, at: .root, log: log))
    #expect(batch.columns.count == 100_000)
    #expect(batch.columns.y[1] == 1.5)
    #expect(log.items.isEmpty)
  }

  @Test func badLabelsAreReportedAtTheirPointer() throws {
    let cases: [(String, String)] = [
      (#"[{"y":1,"label":"a"},{"y":2,"label":"123456789"}]"#, "/entries/1/label"),
      (#"{"y":[1,2],"labels":["a","123456789"]}"#, "/entries/labels/1"),
      (#"{"y":[1,2],"labels":["a",2]}"#, "/entries/labels/1"),
      (#"[{"y":1,"label":"a"},{"y":2,"label":3}]"#, "/entries/1/label"),
    ]
    for (text, pointer) in cases {
      let r = bothWays(try JSONReader.parse(text))
      #expect(r.table == nil)
      #expect(r.tableLog.map(\.path) == [pointer], "\(text)")
    }
  }

  @Test func labelsOfRowsAndColumnsBecomeOneTextColumn() throws {
    let rows = try JSONReader.parse(#"[{"y":1,"label":"a"},{"y":2,"label":null},{"y":3,"label":"c"}]"#)
    guard case .table(let t) = rows else { Issue.record("rows with labels were not read as a table"); return }
    #expect(t.strings("label") == ["a", nil, "c"])
    let columns = try JSONReader.parse(#"{"y":[1,2,3],"labels":["a",null,"c"]}"#)
    guard case .table(let list)? = columns["labels"] else { Issue.record("labels were not read as a column"); return }
    #expect(list.rows == .strings)
    let log = DiagnosticLog()
    #expect(EntryColumns.parse(rows, at: .root, log: log)?.labels == ["a", nil, "c"])
    #expect(EntryColumns.parse(columns, at: .root, log: log)?.labels == ["a", nil, "c"])
    #expect(log.items.isEmpty)
  }
}
