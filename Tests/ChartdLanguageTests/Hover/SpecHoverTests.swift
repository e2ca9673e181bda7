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
    #expect(hover(#"{"zzz": 1‸}"#) == nil)
    #expect(hover(#"{"zzz": [1, 2‸]}"#) == nil)
    #expect(hover(#"{"dataSets": [{"entries": [1, 2‸]}]}"#)?.markdown.contains("**`entries`**") == true)
  }
}
