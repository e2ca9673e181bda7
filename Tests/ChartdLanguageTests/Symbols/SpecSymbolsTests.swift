import ChartdLanguage
import Testing

@Suite struct SpecSymbolsTests {
  @Test func dataSetsAxesAndLimitLines() {
    let d = doc("""
      {
        "kind": "bar",
        "dataSets": [
          {"id": "north", "label": "North", "entries": [1, 2, 3]},
          {"label": "south", "axis": "right", "entries": {"y": [4, 5]}}
        ],
        "xAxis": {"title": "Month"},
        "limitLines": [{"value": 100, "label": "Target"}]
      }
      """)
    let symbols = SpecSymbols.symbols(SpecAnalysis(d.bytes), in: d, encoding: .utf16)
    #expect(symbols.map(\.name) == ["dataSets", "xAxis", "limitLines"])
    let sets = symbols[0].children
    #expect(sets.map(\.name) == ["north", "south"])
    #expect(sets[0].detail == "North · bar · 3 entries")
    #expect(sets[1].detail == "bar · 2 entries · right axis")
    #expect(slice(d, sets[0].selectionRange) == "\"north\"")
    #expect(sets[0].range.start.line == 3)
    #expect(symbols[1].detail == "Month")
    #expect(symbols[2].children.map(\.name) == ["Target (100)"])
  }

  @Test func noneWhileTheTextIsNotJSON() {
    let d = doc(#"{"dataSets": ["#)
    #expect(SpecSymbols.symbols(SpecAnalysis(d.bytes), in: d, encoding: .utf16).isEmpty)
  }
}
