import ChartdJSON
import Foundation
import Testing
@testable import ChartCore
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Labels are text, never markup: hostile strings in every place a label is drawn stay text.
@Suite struct XMLEscapeTests {
  static let hostile = [
    "<script>alert(1)</script>", "a & b", "\"quoted\" 'single'", "]]><img src=x onerror=alert(1)>",
    "ctl\u{1}\u{0}\u{1f}end", "line\nbreak\ttab", "\u{202e}evil\u{202c} ltr", "שלום עולם", "مرحبا", "漢字とかな",
    "emoji 📈 ok", "\u{fffe}\u{ffff}",
  ]

  /// Collects element names and text of a document.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var text = ""
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) { elements.append(name) }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
  }

  static func spec(_ label: String, kind: String) -> JSONValue {
    let entries: JSONValue = kind == "pie"
      ? [["y": 3, "label": .string(label)], ["y": 2, "label": "b"]]
      : [1, 3, 2]
    return [
      "kind": .string(kind), "title": .string(label), "description": .string(label),
      "dataSets": [["id": .string(label), "label": .string(label), "entries": entries, "valueLabels": ["show": true]]],
      "xAxis": ["format": ["type": "category", "labels": [.string(label), .string(label), .string(label)]], "title": .string(label)],
      "limitLines": [["value": 2, "label": .string(label), "labelPosition": "axis"]],
      "highlights": [["dataSet": .string(label), "index": 1]],
      "pie": ["centerText": .string(label)],
    ]
  }

  @Test(arguments: ["line", "bar", "pie"])
  func hostileLabelsStayText(kind: String) throws {
    for label in Self.hostile {
      let log = DiagnosticLog()
      let spec = try #require(ChartSpec.parse(Self.spec(label, kind: kind), log: log), "\(label): \(log.items)")
      let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "x").svg
      let parser = XMLParser(data: Data(svg.utf8))
      let collector = Collector()
      parser.delegate = collector
      #expect(parser.parse(), "\(kind) / \(label.debugDescription): not well-formed")
      let allowed: Set = ["svg", "title", "desc", "defs", "clipPath", "rect", "g", "path", "text", "tspan", "line",
                          "circle", "linearGradient", "stop", "polyline"]
      #expect(Set(collector.elements).isSubset(of: allowed), "\(label.debugDescription) created \(Set(collector.elements).subtracting(allowed))")
      #expect(!svg.contains("<script"))
      #expect(!svg.contains("<img"))
      // One line per region: a newline in a label never splits a region.
      #expect(svg.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("<") })
      // Readable text survives (control characters become U+FFFD).
      let shown = label.unicodeScalars.map { u -> Unicode.Scalar in
        (u.value < 0x20 && u != "\n" && u != "\t" && u != "\r") || u.value == 0xfffe || u.value == 0xffff ? "\u{fffd}" : u
      }
      let probe = String(String.UnicodeScalarView(shown.prefix(4)))
      #expect(collector.text.contains(probe), "\(label.debugDescription): text \(probe.debugDescription) lost")
    }
  }

  @Test func escapingRules() {
    #expect(XMLEscape.text("<a & b>") == "&lt;a &amp; b&gt;")
    var attr = ""
    XMLEscape.appendAttribute("say \"hi\" & 'bye'", to: &attr)
    #expect(attr == "say &quot;hi&quot; &amp; &#39;bye&#39;")
    #expect(XMLEscape.text("a\nb\tc\rd") == "a&#10;b&#9;c&#13;d")
    #expect(XMLEscape.text("x\u{0}y\u{1b}z") == "x\u{fffd}y\u{fffd}z")
    #expect(XMLEscape.text("漢字 שלום") == "漢字 שלום")
  }

  @Test func theWriterEscapesAttributesAndTextByteForByte() {
    var svg = SVGWriter()
    svg.open("text")
    svg.attr("aria-label", "a<b & \"c\" 'd'\té\u{1}\u{ffff}📈")
    svg.close()
    svg.text("x > y & 'z' \"q\"\n漢")
    svg.end("text")
    #expect(svg.output == "<text aria-label=\"a&lt;b &amp; &quot;c&quot; &#39;d&#39;&#9;é\u{fffd}\u{fffd}📈\">"
      + "x &gt; y &amp; 'z' \"q\"&#10;漢</text>")
    #expect(svg.bytes == Array(svg.output.utf8))
    #expect(XMLEscape.text("<é>") == "&lt;é&gt;")
  }
}
