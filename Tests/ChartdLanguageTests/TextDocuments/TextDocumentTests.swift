import ChartdLanguage
import Testing

@Suite struct TextDocumentTests {
  @Test func utf16ColumnsCountSurrogatePairs() {
    let d = doc("{\"title\": \"日本😀x\"}\n  \"é\"")
    // 'x' is after `{"title": "` (11 units), 日本 (2) and 😀 (2 units).
    let x = d.bytes.firstIndex(of: UInt8(ascii: "x"))!
    #expect(d.position(of: x, encoding: .utf16) == TextPosition(line: 0, character: 15))
    #expect(d.position(of: x, encoding: .utf32) == TextPosition(line: 0, character: 14))
    #expect(d.position(of: x, encoding: .utf8) == TextPosition(line: 0, character: x))
    #expect(d.offset(of: TextPosition(line: 0, character: 15), encoding: .utf16) == x)
    // A column inside the surrogate pair moves to the emoji's start.
    #expect(d.offset(of: TextPosition(line: 0, character: 14), encoding: .utf16) == x - 4)
    #expect(d.position(of: d.bytes.count, encoding: .utf16) == TextPosition(line: 1, character: 5))
  }

  @Test func positionsAreClamped() {
    let d = doc("ab\ncd")
    #expect(d.offset(of: TextPosition(line: 0, character: 99), encoding: .utf16) == 2)
    #expect(d.offset(of: TextPosition(line: 9, character: 0), encoding: .utf16) == 5)
    #expect(d.offset(of: TextPosition(line: -1, character: 3), encoding: .utf16) == 0)
    #expect(d.offset(of: TextPosition(line: 1, character: Int.max), encoding: .utf16) == 5)
    #expect(doc("é").offset(of: TextPosition(line: 0, character: Int.max), encoding: .utf32) == 2)
  }

  @Test func lineBreaksOfEveryKind() {
    let d = doc("a\r\nb\rc\nd")
    #expect(d.lineStarts == [0, 3, 5, 7])
    #expect(d.offset(of: TextPosition(line: 0, character: 5), encoding: .utf16) == 1)
    #expect(d.position(of: 6, encoding: .utf16) == TextPosition(line: 2, character: 1))
  }

  /// No position lies between the `\r` and the `\n` of a line break: an offset there is the next
  /// line's start, as after a lone `\n` or `\r`.
  @Test(arguments: [PositionEncoding.utf16, .utf8, .utf32])
  func noPositionInsideACRLF(_ encoding: PositionEncoding) {
    let d = doc("ab\r\ncd\r\n")
    #expect(d.position(of: 2, encoding: encoding) == TextPosition(line: 0, character: 2))
    #expect(d.position(of: 3, encoding: encoding) == TextPosition(line: 1, character: 0))
    #expect(d.position(of: 7, encoding: encoding) == TextPosition(line: 2, character: 0))
    #expect(d.range(of: 2..<3, encoding: encoding).end == TextPosition(line: 1, character: 0))
  }

  @Test func incrementalChangesApplyInOrder() {
    var d = doc("{\n  \"kind\": \"line\"\n}")
    d.apply([
      TextChange(range: TextRange(start: .init(line: 1, character: 11), end: .init(line: 1, character: 15)), text: "bar"),
      TextChange(range: TextRange(start: .init(line: 1, character: 15), end: .init(line: 1, character: 15)), text: ",\n  \"title\": \"日本\""),
      TextChange(range: TextRange(start: .init(line: 2, character: 13), end: .init(line: 2, character: 14)), text: "本本"),
    ], version: 2, encoding: .utf16)
    #expect(d.text == "{\n  \"kind\": \"bar\",\n  \"title\": \"日本本\"\n}")
    #expect(d.version == 2)
    #expect(d.lineStarts == doc(d.text).lineStarts)
    d.apply([TextChange(range: nil, text: "{}")], version: 3, encoding: .utf16)
    #expect(d.text == "{}" && d.lineStarts == [0])
  }

  /// Many random small edits (inserts, deletes, replacements with line breaks and wide characters)
  /// give the text a model edit of the string gives, with the same line starts as a fresh document.
  @Test(arguments: [PositionEncoding.utf16, .utf8, .utf32])
  func randomEditsMatchAModel(_ encoding: PositionEncoding) {
    var rng = SplitMix64(seed: 11)
    var model = Array("{\n  \"kind\": \"line\",\n  \"dataSets\": []\n}".unicodeScalars)
    var d = doc(String(String.UnicodeScalarView(model)))
    // No carriage returns: a position cannot fall between the two halves of "\r\n" (lineBreaksOfEveryKind).
    let pieces = ["a", "\n", "日", "😀", "\"x\": 1,\n", "", "é"]
    for step in 0..<500 {
      let a = Int(rng.next() % UInt64(model.count + 1)), b = Int(rng.next() % UInt64(model.count + 1))
      let (lo, hi) = (min(a, b), min(max(a, b), min(a, b) + 3))
      let insert = pieces[Int(rng.next() % UInt64(pieces.count))]
      let current = d
      func position(_ scalarIndex: Int) -> TextPosition {
        current.position(of: String(String.UnicodeScalarView(model[..<scalarIndex])).utf8.count, encoding: encoding)
      }
      let range = TextRange(start: position(lo), end: position(hi))
      d.apply([TextChange(range: range, text: insert)], version: step + 2, encoding: encoding)
      let startOffset = String(String.UnicodeScalarView(model[..<lo])).utf8.count
      let endOffset = String(String.UnicodeScalarView(model[..<hi])).utf8.count
      let expected = Array(String(String.UnicodeScalarView(model)).utf8)
      var bytes = expected
      bytes.replaceSubrange(startOffset..<endOffset, with: Array(insert.utf8))
      model.replaceSubrange(lo..<hi, with: Array(insert.unicodeScalars))
      #expect(d.bytes == bytes, "step \(step)")
      #expect(d.lineStarts == doc(d.text).lineStarts, "step \(step)")
      if d.bytes != bytes { return }
    }
  }

  /// Positions of a document edited many times, against positions counted here with Swift's own
  /// string views: every character boundary both ways, a column inside a character, and a column
  /// past a line's end. Lines of wide characters a few thousand bytes long, as a minified spec has.
  @Test(arguments: [PositionEncoding.utf16, .utf8, .utf32])
  func positionsOfAnEditedDocumentMatchStringViews(_ encoding: PositionEncoding) {
    var rng = SplitMix64(seed: 5)
    let pieces = ["a", "\n", "日本", "😀", "é", "{\"x\": 1}", String(repeating: "z😀é", count: 40), ""]
    var d = doc("")
    func units(_ s: Substring) -> Int {
      switch encoding {
      case .utf8: return s.utf8.count
      case .utf16: return s.utf16.count
      case .utf32: return s.unicodeScalars.count
      }
    }
    for step in 0..<300 {
      let text = d.text
      let at = Int(rng.next() % UInt64(text.unicodeScalars.count + 1))
      let index = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: at)
      let start = d.position(of: text.utf8.distance(from: text.startIndex, to: index), encoding: encoding)
      d.apply([TextChange(range: TextRange(start: start, end: start), text: pieces[Int(rng.next() % UInt64(pieces.count))])],
              version: step + 2, encoding: encoding)
      guard step % 30 == 29 else { continue }
      let now = d.text
      var offset = 0
      for (line, content) in now.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var prefix = content.startIndex
        while true {
          let p = TextPosition(line: line, character: units(content[..<prefix]))
          let o = offset + content.utf8.distance(from: content.startIndex, to: prefix)
          #expect(d.position(of: o, encoding: encoding) == p, "step \(step) offset \(o)")
          #expect(d.offset(of: p, encoding: encoding) == o, "step \(step) \(p)")
          if prefix == content.endIndex { break }
          let scalar = content.unicodeScalars[prefix]
          let width = units(Substring(String(scalar)))
          if width > 1 {
            #expect(d.offset(of: TextPosition(line: line, character: p.character + 1), encoding: encoding) == o, "inside a character")
          }
          prefix = content.unicodeScalars.index(after: prefix)
        }
        let end = TextPosition(line: line, character: units(content) + 7)
        #expect(d.offset(of: end, encoding: encoding) == offset + content.utf8.count, "past the end of line \(line)")
        offset += content.utf8.count + 1
      }
    }
  }

  @Test func encodingNegotiation() {
    #expect(PositionEncoding.negotiate(offered: nil) == .utf16)
    #expect(PositionEncoding.negotiate(offered: ["utf-8", "utf-16"]) == .utf16)
    #expect(PositionEncoding.negotiate(offered: ["utf-32", "utf-8"]) == .utf32)
    #expect(PositionEncoding.negotiate(offered: ["latin-1"]) == .utf16)
  }

  @Test func chartSpecFilesAreRecognised() {
    #expect(TextDocument.isChartSpec(uri: "file:///a/b.chart.json", languageId: "json"))
    #expect(TextDocument.isChartSpec(uri: "untitled:1", languageId: "chart-json"))
    #expect(!TextDocument.isChartSpec(uri: "file:///a/package.json", languageId: "json"))
  }
}

/// A small deterministic generator for the random edits.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
