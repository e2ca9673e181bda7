import ChartdLanguage
import Testing

@Suite struct SpecSelectionRangesTests {
  /// The texts each step of "expand selection" covers, from the cursor (`‸`) out.
  func steps(_ marked: String, _ encoding: PositionEncoding = .utf16) -> [String] {
    let m = Marked(marked, encoding: encoding)
    let found = SpecSelectionRanges.ranges(SpecAnalysis(m.document.bytes), in: m.document, at: [m.position], encoding: encoding)
    return found[0].ranges.map { slice(m.document, $0, encoding) }
  }

  @Test func fromAValueOutToTheSpec() {
    let spec = #"{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2‸5, 3]}]}"#
    #expect(steps(spec) == ["25", #"[1, 25, 3]"#, #""entries": [1, 25, 3]"#, #"{"id": "a", "entries": [1, 25, 3]}"#,
                            #"[{"id": "a", "entries": [1, 25, 3]}]"#, #""dataSets": [{"id": "a", "entries": [1, 25, 3]}]"#,
                            #"{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 25, 3]}]}"#])
  }

  @Test func onAKeyBetweenTokensAndWithWideCharacters() {
    #expect(steps(#"{"ti‸tle": "x", "kind": "bar"}"#) == [#""title""#, #""title": "x""#, #"{"title": "x", "kind": "bar"}"#])
    #expect(steps(#"{"title": "x",  ‸ "kind": "bar"}"#) == [#"{"title": "x",   "kind": "bar"}"#])
    #expect(steps(#"{"title": "😀売‸上"}"#) == [#""😀売上""#, #""title": "😀売上""#, #"{"title": "😀売上"}"#])
    #expect(steps(#"{"title": "😀売‸上"}"#, .utf8) == [#""😀売上""#, #""title": "😀売上""#, #"{"title": "😀売上"}"#])
  }

  @Test func eachStepHoldsTheOneBefore() {
    let text = #"{"a": [[1, {"b": [true, null]}], "c"], "d": {"e": {"f": 1.5}}}"#
    let d = doc(text)
    let positions = (0...text.utf8.count).map { d.position(of: $0, encoding: .utf16) }
    let all = SpecSelectionRanges.ranges(SpecAnalysis(d.bytes), in: d, at: positions, encoding: .utf16)
    #expect(all.count == positions.count)
    for (p, s) in zip(positions, all) {
      #expect(s.ranges[0].start <= p && p <= s.ranges[0].end)
      for (inner, outer) in zip(s.ranges, s.ranges.dropFirst()) {
        #expect(outer.start <= inner.start && inner.end <= outer.end && outer != inner)
      }
    }
  }

  @Test func aTextThatIsNotJSONGivesTheCursorAlone() {
    let m = Marked(#"{"kind": ‸"#)
    let found = SpecSelectionRanges.ranges(SpecAnalysis(m.document.bytes), in: m.document, at: [m.position], encoding: .utf16)
    #expect(found == [SelectionRange(ranges: [TextRange(start: m.position, end: m.position)])])
    // A position past the end of the text is clamped to it, as every position is.
    let past = SpecSelectionRanges.ranges(SpecAnalysis(m.document.bytes), in: m.document,
                                          at: [TextPosition(line: 4, character: 9)], encoding: .utf16)
    let end = m.document.position(of: m.document.bytes.count, encoding: .utf16)
    #expect(past == [SelectionRange(ranges: [TextRange(start: end, end: end)])])
  }
}
