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

  @Test func emptyDocument() {
    #expect(context("  ‸ ").slot == .root)
  }
}
