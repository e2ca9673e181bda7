import ChartdJSON
import ChartdLanguage
import Testing

/// A keystroke inside a number or string updates the JSON and its source map exactly as parsing the
/// whole new text would; anything else asks for the full parse.
@Suite struct ScalarEditTests {
  static let text = """
    {"kind": "line", "title": "売上 😀", "dataSets": [
      {"id": "a", "entries": [[0, 12.5], [1, 13.25], [2, -4]], "visible": true},
      {"id": "b", "entries": {"y": [1, 2, 3e2]}, "color": null}
    ], "width": 640}
    """

  /// Duplicate keys, at the top and in a data set: the last member of each name is the one kept.
  static let duplicates = """
    {"kind": "line", "title": "first", "dataSets": [
      {"id": "a", "entries": [[0, 12.5], [1, 13.25]], "label": "x", "entries": [[5, 6]], "label": "y"}
    ], "width": 640, "title": "last", "wid\\u0074h": 320}
    """

  @Test(arguments: [text, duplicates])
  func randomKeystrokesMatchAFullParse(_ start: String) throws {
    var rng = SplitMix64(seed: 3)
    var text = Array(start.utf8)
    var analysis = SpecAnalysis(text)
    var fast = 0
    for _ in 0..<2_000 {
      let at = Int(rng.next() % UInt64(text.count + 1))
      let length = Int(rng.next() % 3)
      let range = at..<min(text.count, at + length)
      let inserted = Array(["1", "9", "x", ".", "-", "e", " ", "", "\"", "日", "0"][Int(rng.next() % 11)].utf8)
      guard String(validating: text.replacing(range, inserted), as: UTF8.self) != nil else { continue }
      let edited = analysis.scalarEdit(replacing: range, with: inserted, in: text)
      text.replaceSubrange(range, with: inserted)
      let full = SpecAnalysis(text)
      if let edited {
        fast += 1
        #expect(edited.value == full.value, "\(String(decoding: text, as: UTF8.self))")
        #expect(edited.map.nodes == full.map?.nodes, "\(String(decoding: text, as: UTF8.self))")
        analysis = SpecAnalysis(value: edited.value, map: edited.map)
        #expect(analysis.diagnostics == full.diagnostics)
      } else {
        analysis = full
      }
      if full.value == nil {  // back to a text that parses, to keep editing values
        text = Array(start.utf8)
        analysis = SpecAnalysis(text)
      }
    }
    #expect(fast > 100, "only \(fast) keystrokes took the scalar path")
  }

  @Test func structureChangesNeedAFullParse() {
    let text = Array(#"{"a": [1, 2], "b": "x"}"#.utf8)
    let analysis = SpecAnalysis(text)
    func edit(_ at: Int, _ length: Int, _ s: String) -> Bool { analysis.scalarEdit(replacing: at..<(at + length), with: Array(s.utf8), in: text) != nil }
    #expect(edit(7, 1, "15"))       // 1 → 15
    #expect(edit(20, 0, "yz"))      // "x" → "yzx"
    #expect(!edit(8, 0, ","))       // a new element
    #expect(!edit(7, 1, "\"s\""))   // a number becomes a string
    #expect(!edit(2, 1, "c"))       // a key
    #expect(!edit(8, 0, " "))       // whitespace inside the token's range
  }

  /// A value in a member that a later member of the same key replaces is not in the parsed value:
  /// its path names the later one, so an edit of it is parsed again, and one of the kept member is not.
  @Test func aValueOfAReplacedMemberIsParsedAgain() throws {
    let text = Array(Self.duplicates.utf8)
    let analysis = SpecAnalysis(text)
    let source = Self.duplicates
    func offset(of needle: String, from: String.Index? = nil) throws -> Int {
      let r = try #require(source.range(of: needle, range: (from ?? source.startIndex)..<source.endIndex))
      return source.utf8.distance(from: source.startIndex, to: r.lowerBound)
    }
    func edit(_ at: Int) -> Bool { analysis.scalarEdit(replacing: at..<at, with: Array("9".utf8), in: text) != nil }
    #expect(!edit(try offset(of: "first") + 1))       // the top-level "title" replaced by "last"
    #expect(edit(try offset(of: "last") + 1))
    #expect(!edit(try offset(of: "12.5") + 1))        // the first "entries" of data set a
    #expect(edit(try offset(of: "[5, 6]") + 1))
    #expect(!edit(try offset(of: "\"x\"") + 1))      // "label": "x", replaced by "y"
    #expect(!edit(try offset(of: "640") + 1))          // "width" replaced by "wid\u0074h"
    #expect(edit(try offset(of: "320") + 1))
  }
}

extension Array where Element == UInt8 {
  fileprivate func replacing(_ range: Range<Int>, _ with: [UInt8]) -> [UInt8] {
    var out = self
    out.replaceSubrange(range, with: with)
    return out
  }
}
