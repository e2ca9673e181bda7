import ChartdJSON
import ChartdLanguage
import Testing

@Suite struct CursorContextTests {
  func context(_ marked: String) -> CursorContext {
    let m = Marked(marked)
    return CursorContext.at(m.document.offset(of: m.position, encoding: .utf16), in: m.document.bytes)
  }

  @Test func keyInNestedObjectOfABrokenText() {
    let c = context(#"{"dataSets": [{"id": "a", "line": {"mo‸"#)
    #expect(c.path == ["dataSets", "0", "line"])
    #expect(c.slot == .key)
    #expect(c.tokenIsString)
  }

  @Test func valueOfAMember() {
    let c = context(#"{"legend": {"form": "ci‸rcle", "inside": true}}"#)
    #expect(c.path == ["legend"])
    #expect(c.slot == .value(key: "form"))
    #expect(c.siblingKeys == ["form", "inside"])
  }

  @Test func emptyValueAfterColon() {
    #expect(context(#"{"kind": ‸}"#).slot == .value(key: "kind"))
    #expect(context(#"{"kind": ‸"#).slot == .value(key: "kind"))
  }

  @Test func elementsCountCommas() {
    let c = context(#"{"limitLines": [{"value": 1}, ‸]}"#)
    #expect(c.path == ["limitLines"])
    #expect(c.slot == .element(index: 1))
  }

  @Test func keysAfterTheCursorAreSeen() {
    let c = context("{\n  ‸\n  \"kind\": \"bar\", \"xAxis\": {\"min\": 0}\n}")
    #expect(c.slot == .key)
    #expect(c.siblingKeys == ["kind", "xAxis"])
    #expect(!c.keyHasColon)
  }

  @Test func aKeyFollowedByAColon() {
    let c = context(#"{"wid‸th": 5}"#)
    #expect(c.slot == .key)
    #expect(c.keyHasColon)
  }

  @Test func bracketsInsideStringsDoNotCount() {
    let c = context(#"{"title": "a { [ b", "dataSets": [{"label": "x]}", ‸"#)
    #expect(c.path == ["dataSets", "0"])
    #expect(c.slot == .key)
  }

  /// A line break typed inside a string ends the string at its line's end (a JSON string holds
  /// none), and a name after it with no comma between starts the next member: what follows reads
  /// as written, scanned from the text's start or from a source map of the text before the break.
  @Test func aStringBrokenByALineBreakEndsWithItsLine() throws {
    let good = "{\n  \"title\": \"Sales report\",\n  \"width\": 300,\n  \"legend\": {\n    \"enabled\": true\n  }\n}\n"
    let text = good.replacingOccurrences(of: "Sales report", with: "Sales\nreport")
    let bytes = Array(text.utf8)
    /// The byte offset of `s` in the (ASCII) text.
    func offset(of s: String) -> Int { text.distance(from: text.startIndex, to: text.range(of: s)!.lowerBound) }
    let at = offset(of: "\nreport")
    var known = KnownPrefix(map: try JSONReader.parseWithSourceMap(Array(good.utf8)).map, textCount: good.utf8.count)
    known.changed(from: at)
    for k in [nil, known] {
      let width = CursorContext.at(offset(of: "\"width\"") + 2, in: bytes, known: k)
      #expect(width.slot == .key && width.path == [] && width.token.count == 7)
      #expect(CursorContext.at(offset(of: "300") + 1, in: bytes, known: k).slot == .value(key: "width"))
      let enabled = CursorContext.at(offset(of: "\"enabled\""), in: bytes, known: k)
      #expect(enabled.path == ["legend"] && enabled.slot == .key && enabled.siblingKeys == ["enabled"])
      // On the broken string's first line: its first part, the value being typed.
      let title = CursorContext.at(at, in: bytes, known: k)
      #expect(title.slot == .value(key: "title") && title.tokenIsString)
      #expect(String(decoding: bytes[title.token], as: UTF8.self) == "\"Sales")
    }
  }

  @Test func emptyDocument() {
    #expect(context("  ‸ ").slot == .root)
  }

  /// The scan that starts where a source map places the last value before the cursor finds what
  /// the scan from the text's first byte finds, at every offset: of the text the map was built
  /// from, and of that text after a change broke it somewhere (the map trusted only before it).
  @Test func aScanResumedFromTheSourceMapAgreesWithTheFullScan() throws {
    var rng = SplitMix64(seed: 11)
    let junk = ["\"", "{", "[", "}", "]", ",", ":", "\"ab", "x", "\n", "\\", " \"key0\": ", "1"]
    var resumedDeep = 0
    for round in 0..<150 {
      let text = SpecFormattingTests.randomJSON(&rng, depth: 0)
        .replacingOccurrences(of: "\"key2\"", with: "\"k\\u0065y2\"")
      let bytes = Array(text.utf8)
      let map = try JSONReader.parseWithSourceMap(bytes).map
      let known = KnownPrefix(map: map, textCount: bytes.count)
      for offset in 0...bytes.count {
        let full = CursorContext.at(offset, in: bytes)
        #expect(CursorContext.at(offset, in: bytes, known: known) == full, "round \(round) offset \(offset): \(text)")
        if full.path.count >= 2 { resumedDeep += 1 }
      }
      // A change at `at`: the bytes before it are still those of the map.
      let at = Int(rng.next() % UInt64(bytes.count + 1))
      let removed = min(bytes.count - at, Int(rng.next() % 4))
      let inserted = (0..<Int(rng.next() % 3)).map { _ in junk[Int(rng.next() % UInt64(junk.count))] }.joined()
      let changed = Array(bytes[..<at]) + Array(inserted.utf8) + Array(bytes[(at + removed)...])
      var after = known
      after.changed(from: at)
      for offset in 0...changed.count {
        #expect(CursorContext.at(offset, in: changed, known: after) == CursorContext.at(offset, in: changed),
                "round \(round) offset \(offset) after a change at \(at): \(String(decoding: changed, as: UTF8.self))")
      }
    }
    #expect(resumedDeep > 1_000)  // the texts nest: the walk down is exercised, not only the root
  }

  /// A text cut short after the map was made: a member whose key starts before the cut but whose
  /// value lay past the text's new end is scanned from its key, never looked up past the end.
  @Test func aMapOfALongerTextIsNotReadPastTheShorterOnesEnd() throws {
    let old = Array(#"{"a": 1, "bb": [1, 2], "c": {"d": 4}}"#.utf8)
    let map = try JSONReader.parseWithSourceMap(old).map
    for cut in 0...old.count {
      let text = Array(old[..<cut])
      var known = KnownPrefix(map: map, textCount: old.count)
      known.changed(from: cut)
      for offset in 0...text.count {
        #expect(CursorContext.at(offset, in: text, known: known) == CursorContext.at(offset, in: text), "cut \(cut) offset \(offset)")
      }
    }
  }

  /// At the end of a long list, the resumed scan reads only the list's last element.
  @Test func aCursorAtTheEndOfALongListNeedsNoFullScan() throws {
    let text = #"{"dataSets": [{"id": "a", "entries": ["# + (0..<50_000).map(String.init).joined(separator: ", ") + #"]}], "kind": "line"}"#
    let bytes = Array(text.utf8)
    let known = KnownPrefix(map: try JSONReader.parseWithSourceMap(bytes).map, textCount: bytes.count)
    let offset = bytes.count - #"]}], "kind": "line"}"#.utf8.count - 1
    let c = CursorContext.at(offset, in: bytes, known: known)
    #expect(c == CursorContext.at(offset, in: bytes))
    #expect(c.path == ["dataSets", "0", "entries"])
    #expect(c.slot == .element(index: 49_999))
    let kind = CursorContext.at(bytes.count - 3, in: bytes, known: known)
    #expect(kind.slot == .value(key: "kind"))
    #expect(kind.siblingKeys == ["dataSets", "kind"])
  }
}
