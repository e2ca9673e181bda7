import Testing
@testable import ChartCore

/// Attribute values written without the escape scan or an interpolated string must be the bytes
/// the escaping path writes for them.
@Suite struct SVGWriterShortcutTests {
  @Test func literalValuesAreWrittenAsEscapedOnes() {
    for value: StaticString in ["none", "round", "series", "m4", ""] {
      var fast = SVGWriter(), slow = SVGWriter()
      fast.attr("fill", literal: value)
      slow.attr("fill", "\(value)")
      #expect(fast.output == slow.output)
    }
  }

  @Test func clipURLIsTheEscapedURLOfTheClipID() {
    for prefix in ["c1", "a&b", "q\"'<>", "tab\there", "ü📈", "\u{fffe}x"] {
      for pane in [0, 1, 2, 12] {
        var fast = SVGWriter(), slow = SVGWriter()
        fast.attr("clip-path") { RegionRenderer.clipURL(prefix, pane: pane, into: &$0) }
        slow.attr("clip-path", "url(#\(RegionRenderer.clipID(prefix, pane: pane)))")
        #expect(fast.output == slow.output, "\(prefix) \(pane)")
      }
    }
  }
}
