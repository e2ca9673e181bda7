import ChartdJSON
import Testing
@testable import ChartCore

/// Entries the JSON reader held as a table read exactly as the same rows held as general values:
/// same columns, same diagnostics.
@Suite struct EntryTableTests {
  /// Reads `json` as entries twice: as parsed (a table when it fits) and as general values.
  func bothWays(_ json: JSONValue) -> (table: EntryBatch?, general: EntryBatch?, tableLog: [Diagnostic], generalLog: [Diagnostic]) {
    let a = DiagnosticLog(), b = DiagnosticLog()
    let general: JSONValue = json.arrayValue.map { .array($0) } ?? json
    let t = EntryColumns.parseBatch(json, at: JSONPointer(["entries"]), log: a)
    let g = EntryColumns.parseBatch(general, at: JSONPointer(["entries"]), log: b)
    return (t, g, a.items, b.items)
  }

  @Test(arguments: [
    #"[{"x":1,"y":2},{"x":2,"y":null},{"x":4,"y":3}]"#, #"[{"y":2},{"y":5}]"#, #"[[0,1],[1,null],[5,2]]"#,
    #"[{"x":1,"open":1,"high":3,"low":0,"close":2},{"x":2,"open":2,"high":4,"low":1,"close":3}]"#,
    #"[{"x":1,"y":2,"size":3}]"#, #"[{"x":null,"y":2}]"#, #"[[null,1]]"#,
    #"[{"x":1,"y":2,"z":3}]"#, #"[{"x":1,"labels":2}]"#, #"[[1,2,3],[4,5,6]]"#, #"[[1],[2]]"#, #"[{"y":1,"close":2}]"#,
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
}
