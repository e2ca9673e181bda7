import ChartdLanguage

/// A text with the cursor marked by `‸`: the text without it, and the cursor as an LSP position.
struct Marked {
  let text: String
  let position: TextPosition
  let document: TextDocument

  init(_ marked: String, encoding: PositionEncoding = .utf16) {
    let parts = marked.components(separatedBy: "‸")
    precondition(parts.count == 2, "mark the cursor with exactly one ‸")
    text = parts.joined()
    document = TextDocument(uri: "file:///t.chart.json", languageId: "chart-json", version: 1, text: text)
    position = document.position(of: parts[0].utf8.count, encoding: encoding)
  }
}

/// A document of `text` (version 1).
func doc(_ text: String) -> TextDocument {
  TextDocument(uri: "file:///t.chart.json", languageId: "chart-json", version: 1, text: text)
}

/// The text a range of `d` covers.
func slice(_ d: TextDocument, _ r: TextRange, _ e: PositionEncoding = .utf16) -> String {
  String(decoding: d.bytes[d.offset(of: r.start, encoding: e)..<d.offset(of: r.end, encoding: e)], as: UTF8.self)
}

/// The text of `d` with `action`'s edits applied (last first, so that earlier ranges stay valid).
func applying(_ action: CodeAction, to d: TextDocument) -> String {
  var d = d
  let changes = action.edits.sorted { $0.range.start > $1.range.start }.map { TextChange(range: $0.range, text: $0.newText) }
  d.apply(changes, version: 2, encoding: .utf16)
  return d.text
}
