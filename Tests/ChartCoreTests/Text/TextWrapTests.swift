import Testing
@testable import ChartCore

/// `TextMetrics.wrap`: lines at spaces and between CJK characters, long words broken, the last
/// line shortened with "…" when text is left over, every line within the width.
@Suite struct TextWrapTests {
  func expectWithin(_ lines: [String], _ width: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    for l in lines { #expect(TextMetrics.width(l, fontSize: 11) <= width + 1e-9, "\(l)", sourceLocation: sourceLocation) }
  }

  @Test func breaksAtSpaces() {
    let lines = TextMetrics.wrap("Quarterly revenue in thousands of euros", toWidth: 100, fontSize: 11, maxLines: 5)
    #expect(lines.count > 1)
    #expect(lines.joined(separator: " ") == "Quarterly revenue in thousands of euros")
    #expect(lines.allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
    expectWithin(lines, 100)
  }

  @Test func leftOverTextEndsTheLastLineWithAnEllipsis() {
    let lines = TextMetrics.wrap(String(repeating: "word ", count: 60), toWidth: 80, fontSize: 11, maxLines: 2)
    #expect(lines.count == 2)
    #expect(lines[1].hasSuffix("…"))
    #expect(!lines[0].hasSuffix("…"))
    expectWithin(lines, 80)
  }

  @Test func cjkBreaksBetweenCharactersAndLongWordsBreakInside() {
    let cjk = TextMetrics.wrap("研究開発部門東京本社営業所", toWidth: 45, fontSize: 11, maxLines: 10)
    #expect(cjk.count == 4)
    #expect(cjk.joined() == "研究開発部門東京本社営業所")
    expectWithin(cjk, 45)
    let word = "Customer-success-and-onboarding-operations"
    let broken = TextMetrics.wrap(word, toWidth: 60, fontSize: 11, maxLines: 10)
    #expect(broken.count > 2 && broken.joined() == word)
    expectWithin(broken, 60)
    // Kept whole when words may not be broken: shortened instead.
    let whole = TextMetrics.wrap("a " + word, toWidth: 60, fontSize: 11, maxLines: 10, breakWords: false)
    #expect(whole == ["a", TextMetrics.truncate(word, toWidth: 60, fontSize: 11)])
  }

  @Test func explicitBreaksAndEdgeCases() {
    #expect(TextMetrics.wrap("one\ntwo", toWidth: 200, fontSize: 11, maxLines: 3) == ["one", "two"])
    #expect(TextMetrics.wrap("one\ntwo\nthree", toWidth: 200, fontSize: 11, maxLines: 2) == ["one", "two…"])
    #expect(TextMetrics.wrap("", toWidth: 200, fontSize: 11, maxLines: 2).isEmpty)
    #expect(TextMetrics.wrap("text", toWidth: 200, fontSize: 11, maxLines: 0).isEmpty)
    #expect(TextMetrics.wrap("W", toWidth: 2, fontSize: 11, maxLines: 3).isEmpty, "no room for one character")
  }
}
