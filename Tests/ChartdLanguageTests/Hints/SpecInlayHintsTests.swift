import ChartCore
import ChartdLanguage
import Testing

@Suite struct SpecInlayHintsTests {
  static let everything = TextRange(start: TextPosition(line: 0, character: 0), end: TextPosition(line: 1_000_000, character: 0))

  func hints(_ text: String, _ range: TextRange = everything) -> (TextDocument, [InlayHint]) {
    let d = doc(text)
    return (d, SpecInlayHints.hints(SpecAnalysis(d.bytes), in: d, range: range, encoding: .utf16))
  }

  /// The 12 characters before each hint in the text, and its label.
  func placed(_ text: String, _ range: TextRange = everything) -> [String] {
    let (d, list) = hints(text, range)
    return list.map { h in
      let upTo = slice(d, TextRange(start: TextPosition(line: h.position.line, character: 0), end: h.position))
      return "\(upTo.suffix(12))|\(h.label)"
    }
  }

  @Test func afterEachWrittenXOnADateAxisInEveryEntryForm() {
    let axis = #""xAxis": {"format": {"type": "date", "pattern": "MMM d"}}"#
    #expect(placed(#"{"# + axis + #", "dataSets": [{"id": "a", "entries": [[1718236800, 1], [1718323200, 2]]}]}"#)
      == ["[[1718236800|Jun 13", " [1718323200|Jun 14"])
    #expect(placed(#"{"# + axis + #", "dataSets": [{"id": "a", "entries": [{"y": 1, "x": 1718236800}]}]}"#)
      == [": 1718236800|Jun 13"])
    #expect(placed(#"{"# + axis + #", "dataSets": [{"id": "a", "entries": {"y": [1, 2], "x": [1718236800, 1718323200]}}]}"#)
      == [" [1718236800|Jun 13", ", 1718323200|Jun 14"])
  }

  @Test func afterTheEntryWhereXIsItsIndex() {
    let axis = #""xAxis": {"format": {"type": "category", "labels": ["Jan", "Feb"]}}"#
    // Bare values and rows without x: x is the index; past the labels, no hint.
    #expect(placed(#"{"kind": "bar", "# + axis + #", "dataSets": [{"id": "a", "entries": [12, 19, 7]}]}"#)
      == [#"ntries": [12|Jan"#, #"es": [12, 19|Feb"#])
    #expect(placed(#"{"kind": "bar", "# + axis + #", "dataSets": [{"id": "a", "entries": [{"y": 4}]}]}"#) == [#"": [{"y": 4}|Jan"#])
  }

  @Test func noneWhereTheAxisWritesNumbersOrThereIsNoAxisOrNoSpec() {
    #expect(hints(#"{"dataSets": [{"id": "a", "entries": [[1, 2]]}]}"#).1.isEmpty)
    #expect(hints(#"{"kind": "pie", "xAxis": {"format": {"type": "date"}}, "dataSets": [{"id": "a", "entries": [1]}]}"#).1.isEmpty)
    #expect(hints(#"{"xAxis": {"format": {"type": "date"}}, "dataSets": [{"id": "a", "entries": [[1, 2]]"#).1.isEmpty)
  }

  /// A range answers exactly the hints of the whole text that lie in it, on many lines and ranges.
  @Test func aRangeAnswersTheHintsInsideIt() throws {
    let rows = (0..<200).map { "    [\(1_700_000_000 + $0 * 86_400), \($0 % 7)]" }.joined(separator: ",\n")
    let text = "{\"xAxis\": {\"format\": {\"type\": \"date\"}},\n \"dataSets\": [{\"id\": \"a\", \"entries\": [\n" + rows + "\n]}]}"
    let all = hints(text).1
    #expect(all.count == 200)
    var rng = SplitMix64(seed: 3)
    for _ in 0..<100 {
      let l0 = Int(rng.next() % 210), l1 = l0 + Int(rng.next() % 30)
      let range = TextRange(start: TextPosition(line: l0, character: Int(rng.next() % 20)), end: TextPosition(line: l1, character: Int(rng.next() % 20)))
      let inside = all.filter { range.start <= $0.position && $0.position <= range.end }
      #expect(hints(text, range).1 == inside, "\(range)")
    }
  }

  @Test func atMostMaxHints() {
    let values = (0..<(SpecInlayHints.maxHints + 5)).map { "[\($0), 1]" }.joined(separator: ",")
    let text = #"{"xAxis": {"format": {"type": "date"}}, "dataSets": [{"id": "a", "entries": ["# + values + "]}]}"
    #expect(hints(text).1.count == SpecInlayHints.maxHints)
  }

  /// An analysis of a longer text than the document's (the text cut short after it was made)
  /// answers nothing, at every cut, rather than reading past the end; of the same text, hints.
  @Test func anAnalysisOfALongerTextAnswersNothing() {
    let text = #"{"xAxis": {"format": {"type": "date"}}, "dataSets": [{"id": "a", "entries": [[0, 1], [86400, 2]]}]}"#
    let analysis = SpecAnalysis(Array(text.utf8))
    #expect(SpecInlayHints.hints(analysis, in: doc(text), range: Self.everything, encoding: .utf16).count == 2)
    for cut in 0..<text.utf8.count {
      let short = doc(String(decoding: Array(text.utf8)[..<cut], as: UTF8.self))
      #expect(SpecInlayHints.hints(analysis, in: short, range: Self.everything, encoding: .utf16).isEmpty)
    }
  }
}
