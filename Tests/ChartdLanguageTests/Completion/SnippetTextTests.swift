import ChartCore
import ChartdJSON
import Testing
@testable import ChartdLanguage

/// What a completion inserts for a client that cannot expand snippets.
@Suite struct SnippetTextTests {
  @Test func tabStopsBecomeTheirPlaceholderTheirFirstChoiceOrNothing() {
    #expect(SnippetText.plain(#""width": ${1:800}"#) == #""width": 800"#)
    #expect(SnippetText.plain(#""kind": "${1|line,bar,pie|}""#) == #""kind": "line""#)
    #expect(SnippetText.plain(#"{"y": ${1|true|}}"#) == #"{"y": true}"#)
    #expect(SnippetText.plain("[$1]$0") == "[]")
    #expect(SnippetText.plain("\"${2}\", ${10:a}") == "\"\", a")
    // Nested placeholders, escapes inside and outside them, and a `$` that starts no tab stop.
    #expect(SnippetText.plain(#"${1:a ${2:b} c}"#) == "a b c")
    #expect(SnippetText.plain(#"\$1 \} \\ ${1:x\}y} ${1|a\,b,c|} $x ${"#) == #"$1 } \ x}y a,b $x ${"#)
  }

  /// Every value snippet completion inserts after a property name, read as plain text, is JSON:
  /// the default where the property has one, else a value of its type.
  @Test func everyPropertySnippetReadsAsJSON() throws {
    for table in SpecTable.all {
      for p in table.properties {
        let text = "{\"\(p.name)\": " + SnippetText.plain(ValueSnippet.of(p)) + "}"
        let value = try #require(try? JSONReader.parse(Array(text.utf8)), "\(table.name).\(p.name): \(text)")
        if let d = p.defaultValue, case .number = d { #expect(value[p.name] == d, "\(table.name).\(p.name): \(text)") }
      }
    }
    let starter = SpecCompletion.starter(TextRange(start: TextPosition(line: 0, character: 0), end: TextPosition(line: 0, character: 0)))
    let spec = try JSONReader.parse(Array(SnippetText.plain(starter.newText).utf8))
    #expect(spec["kind"] == "line" && spec["dataSets"]?.arrayValue?.first?["entries"]?.arrayValue?.count == 3)
  }
}
