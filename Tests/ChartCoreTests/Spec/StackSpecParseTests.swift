import ChartCore
import ChartdJSON
import Testing

/// `stack` on data sets and the chart's `stackMode`: read, defaulted, and warned about where no line stacks.
@Suite struct StackSpecParseTests {
  func parse(_ json: JSONValue) -> (ChartSpec?, DiagnosticLog) {
    let log = DiagnosticLog()
    return (ChartSpec.parse(json, log: log), log)
  }

  @Test func stackAndModeAreRead() throws {
    let (spec, log) = parse(["stackMode": "percent", "dataSets": [["id": "a", "stack": "total", "entries": [1]], ["id": "b", "entries": [2]]]])
    let s = try #require(spec)
    #expect(log.items.isEmpty)
    #expect(s.stackMode == .percent)
    #expect(s.dataSets.map(\.stack) == ["total", nil])
  }

  @Test func defaultsAreNormalAndUnstacked() throws {
    let s = try #require(parse(["dataSets": [["id": "a", "stack": .null, "entries": [1]]]]).0)
    #expect(s.stackMode == .normal)
    #expect(s.dataSets[0].stack == nil)
  }

  @Test func stackOnADataSetThatIsNotALineIsAWarning() throws {
    let (spec, log) = parse(["kind": "combined", "dataSets": [["id": "a", "kind": "bar", "stack": "s", "entries": [1]],
                                                             ["id": "b", "stack": "s", "entries": [2]]]])
    #expect(spec != nil)
    #expect(log.warnings.map(\.path) == ["/dataSets/0/stack"])
    #expect(log.warnings.first?.message.contains("only line data sets stack") == true)
    let (_, pie) = parse(["kind": "pie", "dataSets": [["id": "a", "stack": "s", "entries": [1]]]])
    #expect(pie.warnings.map(\.path) == ["/dataSets/0/stack"])
  }

  @Test func anEditIsCheckedLikeASpec() throws {
    // The edit reader shares the data set reader: a bad stack name is an error at the edit's path.
    let log = DiagnosticLog()
    let edits: JSONValue = [["op": "addDataSet", "dataSet": ["id": "n", "stack": 3, "entries": [1]]]]
    #expect(ChartEdit.parseEdits(edits, at: JSONPointer(["edits"]), log: log) == nil)
    #expect(log.errors.map(\.path) == ["/edits/0/dataSet/stack"])
  }
}
