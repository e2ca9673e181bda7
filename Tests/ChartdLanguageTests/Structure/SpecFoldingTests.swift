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

  /// A number beyond a double's range is JSON chartd cannot read, not broken structure: the text
  /// folds as it would with any other number there (it folded nowhere).
  @Test func aNumberOutOfRangeLeavesTheFolds() {
    let text = "{\n  \"viewport\": {\n    \"xMin\": 1,\n    \"xMax\": 23.2e2964448\n  },\n  \"dataSets\": [\n    1e-400\n  ]\n}"
    #expect(ranges(text) == ranges(text.replacingOccurrences(of: "23.2e2964448", with: "2")))
    #expect(ranges(text).count == 3)
  }

  @Test func nothingWhileTheTextIsNotJSON() {
    #expect(ranges("{\n\"a\": [\n1,\n2\n]\n").isEmpty)
    #expect(ranges("{\"a\": [1, 2]}").isEmpty)
  }
}
