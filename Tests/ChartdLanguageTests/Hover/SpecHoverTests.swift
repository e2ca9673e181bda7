import ChartCore
import ChartdLanguage
import Testing

@Suite struct SpecHoverTests {
  func hover(_ marked: String) -> HoverResult? {
    let m = Marked(marked)
    return SpecHover.hover(at: m.position, in: m.document, encoding: .utf16)
  }

  @Test func onAKey() {
    let h = try! #require(hover(#"{"dataSets": [{"line": {"cubic‸Intensity": 0.3}}]}"#))
    #expect(h.markdown.contains("**`cubicIntensity`**") && h.markdown.contains("default `0.2`") && h.markdown.contains("0 … 1"))
    #expect(h.markdown.contains("Tangent length"))
    #expect(h.range?.start.character == 24)
  }

  @Test func onAValueNamesTheChoices() {
    let h = try! #require(hover(#"{"kind": "ar‸ea"}"#))
    #expect(h.markdown.contains("`area` is not one of the accepted values"))
    #expect(h.markdown.contains("`candlestick`"))
  }

  @Test func onAColourItsOtherNotations() {
    let value = try! #require(hover(#"{"dataSets": [{"id": "a", "color": "to‸mato"}]}"#))
    #expect(value.markdown.hasPrefix("`tomato` = `#ff6347` · `rgb(255, 99, 71)` · `hsl(9, 100%, 64%)`\n\n"))
    let element = try! #require(hover(##"{"dataSets": [{"id": "a", "colors": ["#fff", "rgba(0, 0, 255, 0.‸5)"]}]}"##))
    #expect(element.markdown.hasPrefix("`rgba(0, 0, 255, 0.5)` = `#0000ff80` · `hsla(240, 100%, 50%, 0.5)` (alpha 0.5)"))
    #expect(element.markdown.contains("**`colors`**"))
    let typo = try! #require(hover(#"{"xAxis": {"gridColor": "lightgrye‸"}}"#))
    #expect(typo.markdown.hasPrefix("'lightgrye' is not a colour (did you mean 'lightgrey'?)."))
    // On the key: the property alone.
    #expect(hover(#"{"dataSets": [{"id": "a", "co‸lor": "tomato"}]}"#)?.markdown.contains("#ff6347") == false)
  }

  @Test func onAnElementOfAList() {
    #expect(hover(#"{"dataSets": [{"colors": ["re‸d"]}]}"#)?.markdown.contains("**`colors`**") == true)
  }

  @Test func nothingOutsideTheSpec() {
    #expect(hover(#"{"zzz": ‸1}"#) == nil)
    #expect(hover(#"{"zzz": [1, ‸2]}"#) == nil)
    #expect(hover(#"{"dataSets": [{"entries": [1, ‸2]}]}"#)?.markdown.contains("**`entries`**") == true)
  }

  /// The position is the character under the mouse: its first one hovers the whole key or value,
  /// a comma or a space after one hovers nothing.
  @Test func fromTheFirstCharacterOfATokenToItsLast() throws {
    let text = #"{"kind": "bar", "width": 300, "dataSets": [{"id": "a", "entries": [7, 8]}]}"#
    let d = doc(text)
    let analysis = SpecAnalysis(d.bytes)
    func hover(_ offset: Int) -> (String, String?)? {
      SpecHover.hover(at: d.position(of: offset, encoding: .utf16), in: d, encoding: .utf16, analysis: analysis).map {
        (String($0.markdown.split(separator: "\n").first ?? ""), $0.range.map { slice(d, $0) })
      }
    }
    for (token, first) in [(#""kind""#, "**`kind`**"), (#""bar""#, "**`kind`**"), ("300", "**`width`**"),
                           (#""id""#, "**`id`**"), ("7", "**Entry 0** of `a`: x `0`, y `7`")] {
      let start = text.distance(from: text.startIndex, to: text.range(of: token)!.lowerBound)
      for offset in start..<(start + token.count) {
        let h = try #require(hover(offset), "\(token) at \(offset - start)")
        #expect(h.0.hasPrefix(first) && h.1 == token, "\(token) at \(offset - start): \(h)")
      }
    }
    let comma = text.distance(from: text.startIndex, to: text.range(of: "7, 8")!.lowerBound) + 1
    #expect(hover(comma) == nil)
    #expect(hover(comma + 1) == nil)
    #expect(hover(comma + 2)?.0 == "**Entry 1** of `a`: x `1`, y `8`")
    #expect(hover(0) == nil)
  }

  /// After a string broken by a line break, hover answers for what is under the mouse: the string
  /// ends at its line's end.
  @Test func belowAStringBrokenByALineBreak() throws {
    let d = doc("{\n  \"title\": \"Sales\nreport\",\n  \"width\": 300,\n  \"legend\": {\n    \"enabled\": true\n  }\n}\n")
    func hover(_ line: Int, _ character: Int) -> HoverResult? {
      SpecHover.hover(at: TextPosition(line: line, character: character), in: d, encoding: .utf16)
    }
    let width = try #require(hover(3, 5))
    #expect(width.markdown.hasPrefix("**`width`**") && width.range.map { slice(d, $0) } == #""width""#)
    #expect(try #require(hover(3, 13)).markdown.hasPrefix("**`width`**"))
    let enabled = try #require(hover(5, 7))
    #expect(enabled.markdown.hasPrefix("**`enabled`**") && enabled.range?.start.line == 5)
    // On the broken string: the string as far as its line goes.
    let title = try #require(hover(1, 13))
    #expect(title.markdown.hasPrefix("**`title`**") && title.range.map { slice(d, $0) } == #""Sales"#)
  }

  /// The first line of the hover at the marked place of a text that reads as a spec.
  func firstLine(_ marked: String) throws -> String {
    let m = Marked(marked)
    let analysis = SpecAnalysis(m.document.bytes)
    try #require(analysis.spec != nil, "\(m.document.text)")
    let h = try #require(SpecHover.hover(at: m.position, in: m.document, encoding: .utf16, analysis: analysis))
    return String(h.markdown.split(separator: "\n").first ?? "")
  }

  /// On an entry, in each way entries are written, a first line gives its values as the chart's
  /// axes write them: dates on a date axis, the axis's own number format, OHLC for a candle.
  @Test func onAnEntryItsValuesAsTheAxesWriteThem() throws {
    let axes = #""xAxis": {"format": {"type": "date", "pattern": "MMM d"}}, "leftAxis": {"format": {"type": "number", "suffix": " €"}}"#
    // Rows, pairs and columns, with a date x and the left axis's suffix.
    #expect(try firstLine(#"{"#+axes+#", "dataSets": [{"id": "sales", "entries": [{"x": 1718236800, "y": 12.5}, {"x": 1718323200, "y": 1‸3}]}]}"#)
      == "**Entry 1** of `sales`: x `Jun 14`, y `13 €`")
    #expect(try firstLine(#"{"#+axes+#", "dataSets": [{"id": "sales", "entries": [[1718236800, 12.‸5]]}]}"#)
      == "**Entry 0** of `sales`: x `Jun 13`, y `12.5 €`")
    #expect(try firstLine(#"{"#+axes+#", "dataSets": [{"id": "s", "entries": {"x": [1718236800, 1718323‸200], "y": [1, 2]}}]}"#)
      == "**Entry 1** of `s`: x `Jun 14`, y `2 €`")
    // Bare values: x is the index; a label; a candle's prices.
    #expect(try firstLine(#"{"dataSets": [{"id": "a", "entries": [5, 6, ‸7]}]}"#) == "**Entry 2** of `a`: x `2`, y `7`")
    #expect(try firstLine(#"{"kind": "bar", "dataSets": [{"id": "a", "entries": [{"y": 4, "label": "Q‸1"}]}]}"#)
      == "**Entry 0** of `a`: x `0`, y `4`, label `Q1`")
    #expect(try firstLine(#"{"kind": "candlestick", "dataSets": [{"id": "k", "entries": [{"open": 1, "high": 3, "low": 0.5, "close": ‸2}]}]}"#)
      == "**Entry 0** of `k`: x `0`, open `1` high `3` low `0.5` close `2`")
    // Not on an entry: the property's text alone.
    let m = Marked(#"{"dataSets": [{"id": "a", "entr‸ies": [5]}]}"#)
    let analysis = SpecAnalysis(m.document.bytes)
    try #require(analysis.spec != nil)
    let h = try #require(SpecHover.hover(at: m.position, in: m.document, encoding: .utf16, analysis: analysis))
    #expect(h.markdown.hasPrefix("**`entries`**"))
  }

  /// Entries under a key given again later are not the spec's (the later member counts, and a
  /// diagnostic says so): a hover there does not give the kept entries' values as theirs.
  @Test func onAnEntryOfAReplacedMemberNoValues() throws {
    let replaced = try firstLine(#"{"dataSets": [{"id": "a", "entries": [5, ‸6], "entries": [7, 8]}]}"#)
    #expect(replaced.hasPrefix("**`entries`**"), "\(replaced)")
    #expect(try firstLine(#"{"dataSets": [{"id": "a", "entries": [5, 6], "entries": [7, ‸8]}]}"#)
      == "**Entry 1** of `a`: x `1`, y `8`")
    // A replaced row member, and a replaced `dataSets` as a whole.
    let row = try firstLine(#"{"dataSets": [{"id": "a", "entries": [{"y": ‸1, "y": 2}]}]}"#)
    #expect(row.hasPrefix("**`y`**"), "\(row)")
    let sets = try firstLine(#"{"dataSets": [{"id": "a", "entries": [‸1]}], "dataSets": [{"id": "b", "entries": [2]}]}"#)
    #expect(sets.hasPrefix("**`entries`**"), "\(sets)")
  }
}
