import ChartCore
import ChartdLanguage
import Testing

@Suite struct SpecColorsTests {
  func colors(_ text: String, _ encoding: PositionEncoding = .utf16) -> [(String, ColorComponents)] {
    let d = doc(text)
    return SpecColors.colors(SpecAnalysis(d.bytes), in: d, encoding: encoding).map { (slice(d, $0.range, encoding), $0.color) }
  }

  @Test func everyColourPlaceInDocumentOrderAndNothingElse() {
    let text = """
      {"title": "red", "kind": "bar", "xAxis": {"gridColor": "#abc", "labels": ["tomato"]},
       "dataSets": [{"id": "navy", "color": "rgb(0 0 255 / 50%)", "colors": ["hsl(120, 100%, 25%)", 3, "nope", "Gold"],
                     "entries": [{"y": 1, "color": "transparent"}, 2, {"y": 3, "colors": "red"}],
                     "bar": {"gradient": {"stops": [{"offset": 0, "color": "\\u0072ed"}]}}}],
       "limitLines": [{"value": 1, "color": "steelblue", "label": "white"}]}
      """
    let found = colors(text)
    #expect(found.map(\.0) == ["\"#abc\"", "\"rgb(0 0 255 / 50%)\"", "\"hsl(120, 100%, 25%)\"", "\"Gold\"", "\"transparent\"",
                               "\"\\u0072ed\"", "\"steelblue\""])
    #expect(found[1].1 == ColorComponents(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(found[2].1 == ColorComponents(red: 0, green: 128.0 / 255, blue: 0, alpha: 1))
    #expect(found[4].1.alpha == 0)
    #expect(found[5].1 == ColorComponents(red: 1, green: 0, blue: 0, alpha: 1))
  }

  @Test func columnsOfEntriesPanesAndDuplicateKeys() {
    let text = ##"{"panes": [{"weight": 1}, {"weight": 1, "axis": {"gridColor": "#010203"}}], "##
      + ##""dataSets": [{"id": "a", "entries": {"y": [1, 2], "colors": ["red", "#00f"]}, "color": "blue", "color": "lime"}], "##
      + ##""xAxis": {"gridColor": "#111"}, "\u0078Axis": {"gridColor": "#222", "labelColor": "#333", "gridColor": "#444"}}"##
    // Of a key given twice only the member that counts shows its colours, also when the two
    // spell the key differently or hold whole objects.
    #expect(colors(text).map(\.0) == ["\"#010203\"", "\"red\"", "\"#00f\"", "\"lime\"", "\"#333\"", "\"#444\""])
  }

  @Test func rangesCountTheNegotiatedUnits() {
    let text = "{\"title\": \"売上😀\", \"dataSets\": [{\"id\": \"a\", \"color\": \"red\"}]}"
    let d = doc(text)
    let utf16 = SpecColors.colors(SpecAnalysis(d.bytes), in: d, encoding: .utf16)
    let utf8 = SpecColors.colors(SpecAnalysis(d.bytes), in: d, encoding: .utf8)
    #expect(utf16.first?.range.start.character == 52 && utf8.first?.range.start.character == 58)
    #expect(slice(d, utf8[0].range, .utf8) == "\"red\"")
  }

  @Test func noneWhileTheTextIsNotJSON() {
    #expect(colors("{\"dataSets\": [{\"id\": \"a\", \"color\": \"red\"}").isEmpty)
    #expect(colors("").isEmpty)
  }

  /// Each presentation, written back into the spec, reads as the picked colour.
  @Test func presentationsReadBackAsThePickedColour() {
    let d = doc(##"{"dataSets": [{"id": "a", "color": "#4e79a7"}]}"##)
    let range = SpecColors.colors(SpecAnalysis(d.bytes), in: d, encoding: .utf16)[0].range
    for (r, g, b, a) in [(0x4e, 0x79, 0xa7, 1.0), (0x66, 0x33, 0x99, 1.0), (0, 0, 0, 0.0), (255, 128, 1, 0.25), (1, 2, 3, 1.0)] {
      let picked = ColorComponents(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
      let list = SpecColors.presentations(of: picked, replacing: range, in: d, encoding: .utf16)
      #expect(list.count >= 3)
      for p in list {
        #expect(p.range == range && p.newText == "\"\(p.label)\"")
        let back = try! #require(Color(parsing: p.label), "\(p.label)")
        #expect([back.red, back.green, back.blue] == [UInt8(r), UInt8(g), UInt8(b)], "\(p.label)")
        #expect(abs(back.alpha - a) < 0.002, "\(p.label)")
      }
    }
  }

  @Test func theNotationAlreadyWrittenComesFirst() {
    func labels(_ written: String, _ c: ColorComponents) -> [String] {
      let d = doc("{\"dataSets\": [{\"id\": \"a\", \"color\": \"\(written)\"}]}")
      let range = SpecColors.colors(SpecAnalysis(d.bytes), in: d, encoding: .utf16)[0].range
      return SpecColors.presentations(of: c, replacing: range, in: d, encoding: .utf16).map(\.label)
    }
    let purple = ColorComponents(red: 0.4, green: 0.2, blue: 0.6, alpha: 1)
    #expect(labels("#000", purple) == ["#663399", "rebeccapurple", "rgb(102, 51, 153)", "hsl(270, 50%, 40%)"])
    #expect(labels("rgb(0, 0, 0)", purple).first == "rgb(102, 51, 153)")
    #expect(labels("hsl(0 0% 0%)", purple).first == "hsl(270, 50%, 40%)")
    #expect(labels("black", purple).first == "rebeccapurple")
    let glass = ColorComponents(red: 0.4, green: 0.2, blue: 0.6, alpha: 0.5)
    #expect(labels("black", glass) == ["#66339980", "rgba(102, 51, 153, 0.5)", "hsla(270, 50%, 40%, 0.5)"])
    // hsl() takes the decimals it needs to read back exactly.
    #expect(labels("hsl(0 0% 0%)", ColorComponents(red: 0x4e / 255, green: 0x79 / 255, blue: 0xa7 / 255, alpha: 1)).first
      == "hsl(211, 36.3%, 48%)")
  }

  @Test func colourNamesAreOfferedWhereAColourGoes() {
    func items(_ marked: String) -> [CompletionItem] {
      let m = Marked(marked)
      return SpecCompletion.items(at: m.position, in: m.document, encoding: .utf16, dataSetIDs: [])
    }
    let value = items(#"{"dataSets": [{"id": "a", "color": "reb‸"}]}"#)
    #expect(value.count == 149)
    let purple = try! #require(value.first { $0.label == "rebeccapurple" })
    #expect(purple.kind == .color && purple.documentation == "#663399" && purple.newText == "\"rebeccapurple\"")
    #expect(purple.json()["documentation"] == "#663399")
    #expect(items(#"{"dataSets": [{"id": "a", "colors": ["red", ‸]}]}"#).count == 149)
    #expect(items(#"{"xAxis": {"gridColor": ‸}}"#).contains { $0.label == "transparent" && $0.documentation == "#00000000" })
    #expect(!items(#"{"dataSets": [{"id": "a", "label": "‸"}]}"#).contains { $0.kind == .color })
  }
}
