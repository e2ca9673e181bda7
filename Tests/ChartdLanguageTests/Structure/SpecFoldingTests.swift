import ChartdLanguage
import Testing

@Suite struct SpecFoldingTests {
  func ranges(_ text: String, limit: Int? = nil) -> [FoldingRange] {
    let d = doc(text)
    return SpecFolding.ranges(SpecAnalysis(d.bytes), in: d, limit: limit)
  }

  @Test func blocksFoldToTheLineBeforeTheirClosingBracket() {
    let text = """
      {
        "kind": "line",
        "dataSets": [{
          "id": "a",
          "entries": [1, 2,
            3, 4]
        }],
        "xAxis": {"labelCount": 5},
        "legend": {
          "enabled": true
        }
      }
      """
    // The root; dataSets and its first element start on one line: the outer one is kept; the
    // entries array closes on the line after it opens (nothing to fold without hiding `]`).
    #expect(ranges(text) == [FoldingRange(startLine: 0, endLine: 10), FoldingRange(startLine: 2, endLine: 5),
                             FoldingRange(startLine: 8, endLine: 9)])
    #expect(ranges(text, limit: 2) == [FoldingRange(startLine: 0, endLine: 10), FoldingRange(startLine: 2, endLine: 5)])
  }

  @Test func nothingWhileTheTextIsNotJSON() {
    #expect(ranges("{\n\"a\": [\n1,\n2\n]\n").isEmpty)
    #expect(ranges("{\"a\": [1, 2]}").isEmpty)
  }
}
