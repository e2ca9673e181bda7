import ChartdJSON
import ChartdOracle
import Testing

/// The oracle's own patch applier, written from protocol/patch.md.
@Suite struct WirePatchTests {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" id="P" width="10" height="10">
    <title id="P-a11y-title">t</title>
    <g id="P-s-a-0" data-role="series"/>
    <g id="P-s-b-0" data-role="series"/>
    <g id="P-left-axis"><text x="1">0</text></g>
    </svg>

    """

  static func patch(_ text: String) throws -> WirePatch { try WirePatch(json: try JSONReader.parse(text)) }

  @Test func appliesRootRemovedInsertedFragmentsInThatOrder() throws {
    let doc = try SVGText(parsing: Self.svg)
    let p = try Self.patch("""
      {"uri":"u","baseVersion":4,"version":5,"root":"<svg xmlns=\\"http://www.w3.org/2000/svg\\" id=\\"P\\" width=\\"20\\" height=\\"10\\">",
       "removed":["P-s-b-0"],
       "inserted":[{"id":"P-s-c-0","svg":"<g id=\\"P-s-c-0\\"/>","after":"P-s-a-0"},{"id":"P-bg","svg":"<rect id=\\"P-bg\\"/>","after":null}],
       "fragments":[{"id":"P-left-axis","svg":"<g id=\\"P-left-axis\\"><text x=\\"1\\">5</text></g>"}],"stats":{}}
      """)
    let out = try p.apply(to: doc)
    #expect(out.regionIDs == ["P-bg", "P-a11y-title", "P-s-a-0", "P-s-c-0", "P-left-axis"])
    #expect(out.root.contains("width=\"20\""))
    #expect(out.text.hasSuffix("<g id=\"P-left-axis\"><text x=\"1\">5</text></g>\n</svg>\n"))
  }

  @Test func refusesPatchesThatDoNotFit() throws {
    let doc = try SVGText(parsing: Self.svg)
    let bad = [
      #"{"baseVersion":1,"version":2,"removed":["P-nope"],"inserted":[],"fragments":[]}"#,
      #"{"baseVersion":1,"version":2,"removed":[],"inserted":[{"id":"P-x","svg":"<g id=\"P-x\"/>","after":"P-nope"}],"fragments":[]}"#,
      #"{"baseVersion":1,"version":2,"removed":[],"inserted":[{"id":"P-s-a-0","svg":"<g id=\"P-s-a-0\"/>","after":null}],"fragments":[]}"#,
      #"{"baseVersion":1,"version":2,"removed":[],"inserted":[],"fragments":[{"id":"P-s-a-0","svg":"<g id=\"P-other\"/>"}]}"#,
      #"{"baseVersion":1,"version":2,"removed":[],"inserted":[],"fragments":[{"id":"P-s-a-0","svg":"<g id=\"P-s-a-0\" data-role=\"series\"/>"}]}"#,
      #"{"baseVersion":1,"version":2,"removed":[],"inserted":[],"fragments":[{"id":"P-s-a-0","svg":"<g id=\"P-s-a-0\">\n</g>"}]}"#,
    ]
    for text in bad {
      #expect(throws: OracleError.self, "\(text)") { try Self.patch(text).apply(to: doc) }
    }
    #expect(throws: OracleError.self) { try Self.patch(#"{"baseVersion":"1","version":2,"removed":[],"inserted":[],"fragments":[]}"#) }
  }

  @Test func documentShapeChecks() throws {
    _ = try SVGChecks.check(Self.svg, regions: ["P-a11y-title", "P-s-a-0", "P-s-b-0", "P-left-axis"])
    #expect(throws: OracleError.self) { try SVGChecks.check(Self.svg, regions: ["P-a11y-title"]) }
    let duplicate = Self.svg.replacingOccurrences(of: "P-s-b-0", with: "P-s-a-0")
    #expect(throws: OracleError.self) { try SVGChecks.check(duplicate, regions: nil) }
    let inner = Self.svg.replacingOccurrences(of: "<text x=\"1\">", with: "<text id=\"P-s-a-0\">")
    #expect(throws: OracleError.self) { try SVGChecks.check(inner, regions: nil) }
    let unescaped = Self.svg.replacingOccurrences(of: ">0</text>", with: ">a & b</text>")
    #expect(throws: OracleError.self) { try SVGChecks.check(unescaped, regions: nil) }
    let unclosed = Self.svg.replacingOccurrences(of: "0</text></g>", with: "0</g>")
    #expect(throws: OracleError.self) { try SVGChecks.check(unclosed, regions: nil) }
    #expect(throws: OracleError.self) { try SVGText(parsing: String(Self.svg.dropLast())) }
    #expect(SVGChecks.sharedID(Self.svg, Self.svg.replacingOccurrences(of: "\"P", with: "\"Q")) == nil)
    #expect(SVGChecks.sharedID(Self.svg, "<svg id=\"Q\">\n<g id=\"P-s-b-0\"/>\n</svg>\n") == "P-s-b-0")
  }
}

/// Spliced fragments as the oracle applies them: UTF-8 byte offsets on character boundaries.
@Suite struct WirePatchSpliceTests {
  static let label = "<text id=\"P-title\" x=\"10\" y=\"20\" font-size=\"14\" fill=\"#333\">Température 漢字 😀 long title</text>"
  static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"P\" width=\"10\" height=\"10\">\n\(label)\n</svg>\n"

  static func patch(start: Int, end: Int, text: String) throws -> WirePatch {
    let splice: JSONValue = ["start": .number(Double(start)), "end": .number(Double(end)), "text": .string(text)]
    return try WirePatch(json: ["baseVersion": 1, "version": 2, "removed": [], "inserted": [],
                                "fragments": [["id": "P-title", "splice": splice]]])
  }

  /// The byte offset of `part` in the label.
  static func offset(_ part: String) -> Int {
    label.utf8.count - label[label.range(of: part)!.lowerBound...].utf8.count
  }

  @Test func replacesTheBytesBetweenTheOffsets() throws {
    let doc = try SVGText(parsing: Self.svg)
    // "漢字" is six bytes after "Température " (whose "é" is two).
    let start = Self.offset("漢字"), end = start + 6
    let out = try Self.patch(start: start, end: end, text: "温度").apply(to: doc)
    #expect(out.regions[0].markup == Self.label.replacingOccurrences(of: "漢字", with: "温度"))
    let n = Self.label.utf8.count, title = Self.offset("long title")
    let shorter = try Self.patch(start: title, end: n - 7, text: "short").apply(to: doc)
    #expect(shorter.regions[0].markup == Self.label.replacingOccurrences(of: "long title", with: "short"))
  }

  @Test func refusesSplicesThatDoNotFit() throws {
    let doc = try SVGText(parsing: Self.svg)
    let n = Self.label.utf8.count, han = Self.offset("漢字"), emoji = Self.offset("😀")
    let bad: [(Int, Int, String)] = [
      (han + 1, han + 3, "x"),  // starts inside 漢
      (han, han + 4, "x"),  // ends inside 字
      (emoji + 2, emoji + 4, ""),  // inside the emoji
      (10, 5, "x"),  // start after end
      (n - 3, n + 1, "x"),  // past the end
      (-1, 3, "x"),
      (0, n - 20, "<text id=\"P-title\">"),  // keeps fewer than 64 bytes
      (han, han, ""),  // changes nothing
    ]
    for (start, end, text) in bad {
      #expect(throws: OracleError.self, "\(start)..<\(end)") { try Self.patch(start: start, end: end, text: text).apply(to: doc) }
    }
    let both: JSONValue = ["baseVersion": 1, "version": 2, "removed": [], "inserted": [],
                           "fragments": [["id": "P-title", "svg": .string(Self.label), "splice": ["start": 0, "end": 0, "text": ""]]]]
    #expect(throws: OracleError.self) { try WirePatch(json: both) }
    let extra: JSONValue = ["baseVersion": 1, "version": 2, "removed": [], "inserted": [],
                            "fragments": [["id": "P-title", "splice": ["start": 0, "end": 0, "text": "", "svg": ""]]]]
    #expect(throws: OracleError.self) { try WirePatch(json: extra) }
  }
}
