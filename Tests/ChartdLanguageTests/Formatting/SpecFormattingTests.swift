import ChartdJSON
@testable import ChartdLanguage
import Testing

@Suite struct SpecFormattingTests {
  static let twoSpaces = SpecFormatting.Options(tabSize: 2, insertSpaces: true)

  /// `d` with `edits` applied (each against the original text, as LSP's edits are).
  func applied(_ d: TextDocument, _ edits: [TextEdit], _ e: PositionEncoding = .utf16) -> TextDocument {
    var out = d
    out.apply(edits.reversed().map { TextChange(range: $0.range, text: $0.newText) }, version: d.version + 1, encoding: e)
    return out
  }

  func format(_ text: String, _ options: SpecFormatting.Options = twoSpaces, range: TextRange? = nil) -> (String, [TextEdit]) {
    let d = doc(text)
    let edits = SpecFormatting.edits(SpecAnalysis(d.bytes), in: d, options: options, range: range, encoding: .utf16)
    return (applied(d, edits).text, edits)
  }

  /// The tokens of a text, whitespace left out.
  func tokens(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { b in
      (JSONTokens(b)?.tokens ?? []).map { String(decoding: b[$0.start..<$0.end], as: UTF8.self) }
    }
  }

  @Test func layoutOfASpec() {
    let text = """
      {"kind":"line","title":{"text":"Sales — 2026"},"dataSets":[{"id":"a","color":"tomato","entries":[1,3,2,5,4,6,5,7,6,8,7,9,8,10,9,11,10,12,11,13,12,14,13,15,14,16]},
      {"id":"b","entries":[{"x":0,"y":1.50},{"x":1,"y":2e3}]}],
        "xAxis": {
            "labelCount": 5},
        "limitLines":[],"legend":{"enabled":true,"form":"circle"}}

      """
    let expected = """
      {
        "kind": "line",
        "title": {"text": "Sales — 2026"},
        "dataSets": [
          {
            "id": "a",
            "color": "tomato",
            "entries": [
              1, 3, 2, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10, 9, 11, 10, 12, 11, 13, 12,
              14, 13, 15, 14, 16
            ]
          },
          {"id": "b", "entries": [{"x": 0, "y": 1.50}, {"x": 1, "y": 2e3}]}
        ],
        "xAxis": {
          "labelCount": 5
        },
        "limitLines": [],
        "legend": {"enabled": true, "form": "circle"}
      }

      """
    let (out, _) = format(text)
    #expect(out == expected)
    #expect(format(out).1.isEmpty, "formatting a formatted text changes nothing")
  }

  @Test func tabsCRLFAndAByteOrderMarkAreKept() {
    let text = "\u{FEFF}{\"a\": [1, 2],\r\n \"b\": {\"c\": true}, \"d\": {\r\n\"e\": null}}"
    let (out, _) = format(text, SpecFormatting.Options(tabSize: 4, insertSpaces: false))
    #expect(out == "\u{FEFF}{\r\n\t\"a\": [1, 2],\r\n\t\"b\": {\"c\": true},\r\n\t\"d\": {\r\n\t\t\"e\": null\r\n\t}\r\n}")
    let (withEnd, _) = format(text, SpecFormatting.Options(tabSize: 4, insertSpaces: false, insertFinalNewline: true))
    #expect(withEnd.hasSuffix("}\r\n}\r\n"))
  }

  @Test func loneCarriageReturnsAreKept() {
    let (out, _) = format("{\"a\": 1,\r\"b\": [2]}", SpecFormatting.Options(tabSize: 2, insertSpaces: true))
    #expect(out == "{\r  \"a\": 1,\r  \"b\": [2]\r}")
    // A text of one line has no line break of its own: `\n`.
    #expect(format("{\"a\": 1, \"b\": 2}", SpecFormatting.Options(tabSize: 2, insertSpaces: true)).0 == "{\n  \"a\": 1,\n  \"b\": 2\n}")
  }

  @Test func aTextThatIsNotJSONGetsNoEdits() {
    #expect(format("{\"kind\": \"line\",, }").1.isEmpty)
    #expect(format("").1.isEmpty)
  }

  @Test func rangeFormattingTouchesOnlyTheRange() {
    let text = "{\"a\":1,\n\"b\":{\"c\":2},\n\"d\":[3,4]}"
    let d = doc(text)
    // The second line only.
    let range = TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 11))
    let (out, edits) = format(text, range: range)
    #expect(!edits.isEmpty)
    for e in edits { #expect(e.range.start.line >= 0 && e.range.end.line <= 1) }
    #expect(out == "{\"a\":1,\n  \"b\": {\"c\": 2},\n\"d\":[3,4]}")
    #expect(d.text == text)
  }

  @Test func positionsCountUTF16OnALongMinifiedLine() {
    // Thousands of edits on one line after a character outside the BMP.
    let values = (0..<3000).map { "\($0)" }.joined(separator: ",")
    let text = "{\"title\":\"😀 売上\",\"dataSets\":[{\"id\":\"a\",\"entries\":[\(values)]}]}"
    let (out, edits) = format(text)
    #expect(edits.count > 3000)
    #expect(tokens(out) == tokens(text))
    #expect(out.contains("\"title\": \"😀 売上\",\n"))
    #expect(format(out).1.isEmpty)
  }

  @Test func aTextOfManyChangesIsReplacedWhole() {
    let values = (0..<12_000).map { "\($0 % 97)" }.joined(separator: ",")
    let text = "{\"title\":\"😀\",\"dataSets\":[{\"id\":\"a\",\"entries\":[\(values)]}]}"
    let d = doc(text)
    let edits = SpecFormatting.edits(SpecAnalysis(d.bytes), in: d, options: Self.twoSpaces, encoding: .utf16)
    #expect(edits.count == 1)
    #expect(edits.first?.range == TextRange(start: TextPosition(line: 0, character: 0), end: d.position(of: d.bytes.count, encoding: .utf16)))
    #expect(applied(d, edits).text == SpecFormatting.formatted(SpecAnalysis(d.bytes), in: d, options: Self.twoSpaces))
    // A range asks for its own edits, however many.
    let all = TextRange(start: TextPosition(line: 0, character: 0), end: TextPosition(line: 0, character: 1_000_000))
    #expect(SpecFormatting.edits(SpecAnalysis(d.bytes), in: d, options: Self.twoSpaces, range: all, encoding: .utf16).count > 12_000)
  }

  /// Random JSON with random whitespace: the edits change whitespace only, give the formatted
  /// text, are idempotent, and no line passes the width unless it holds a single value.
  @Test func randomTextsKeepTheirTokens() {
    var rng = SplitMix64(seed: 7)
    for round in 0..<300 {
      let text = Self.randomJSON(&rng, depth: 0)
      let d = doc(text)
      let analysis = SpecAnalysis(d.bytes)
      #expect(analysis.syntaxError == nil, "\(text)")
      let options = SpecFormatting.Options(tabSize: Int(rng.next() % 5), insertSpaces: rng.next() % 4 != 0)
      let edits = SpecFormatting.edits(analysis, in: d, options: options, encoding: .utf16)
      let out = applied(d, edits).text
      #expect(out == SpecFormatting.formatted(analysis, in: d, options: options), "round \(round)")
      #expect(tokens(out) == tokens(text), "round \(round)")
      #expect((try? JSONReader.parse(Array(out.utf8))) == (try? JSONReader.parse(Array(text.utf8))))
      #expect(format(out, options).1.isEmpty, "idempotent, round \(round): \(out)")
      for line in out.split(whereSeparator: \.isNewline) where Self.columns(line, tabSize: options.tabSize) > SpecFormatting.printWidth {
        #expect(tokens(String(line)).count <= 4, "round \(round): \(line)")
      }
      // Edits are sorted and apart.
      for (a, b) in zip(edits, edits.dropFirst()) { #expect(a.range.end <= b.range.start) }
    }
  }

  static func columns(_ line: Substring, tabSize: Int) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ($1 == "\t" ? tabSize : 1) }
  }

  static func randomJSON(_ rng: inout SplitMix64, depth: Int) -> String {
    let spaces = [" ", "", "\n", "  ", "\r\n", "\t", "\n    "]
    func ws() -> String { spaces[Int(rng.next() % UInt64(spaces.count))] }
    let pick = depth > 3 ? rng.next() % 4 : rng.next() % 7
    switch pick {
    case 0: return ["0", "-1.5e3", "12345678901", "3.25"][Int(rng.next() % 4)]
    case 1: return ["\"a\"", "\"long label with words \(rng.next() % 1000)\"", "\"é😀\\\"\"", "\"\""][Int(rng.next() % 4)]
    case 2: return ["true", "false", "null"][Int(rng.next() % 3)]
    case 3: return "\(rng.next() % 100000)"
    case 4:
      let n = Int(rng.next() % 6)
      let items = (0..<n).map { _ in ws() + randomJSON(&rng, depth: depth + 1) + ws() }
      return "[" + items.joined(separator: ",") + ws() + "]"
    case 5:
      // A long list of numbers and strings: a filled array.
      let n = Int(rng.next() % 40)
      let items = (0..<n).map { _ in ws() + randomJSON(&rng, depth: 5) + ws() }
      return "[" + items.joined(separator: ",") + ws() + "]"
    default:
      let n = Int(rng.next() % 6)
      let members = (0..<n).map { k in ws() + "\"key\(k)\"" + ws() + ":" + ws() + randomJSON(&rng, depth: depth + 1) + ws() }
      return "{" + members.joined(separator: ",") + ws() + "}"
    }
  }
}
