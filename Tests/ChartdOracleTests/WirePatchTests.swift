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
