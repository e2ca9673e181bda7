import ChartdJSON

/// One LSP completion item: what to show, what it inserts (a snippet replacing `range`) and its documentation.
public struct CompletionItem: Sendable, Equatable {
  public enum Kind: Int, Sendable { case property = 10, value = 12, snippet = 15, color = 16, enumMember = 20 }

  public var label: String
  public var kind: Kind
  public var detail: String
  /// Markdown; for a `.color` item, the colour as `#rrggbb` (sent as plain text, which editors
  /// read to draw the item's swatch).
  public var documentation: String
  /// What replaces `range`; a snippet (`$1`, `${1:default}`, `$0`) when `isSnippet`.
  public var newText: String
  public var isSnippet: Bool
  public var range: TextRange
  /// What the client filters and sorts by (the text the range covers starts with a quote for strings).
  public var filterText: String
  public var sortText: String

  /// - Parameters:
  ///   - markdown: false for a client that reads only plain text (the Markdown is sent as is).
  ///   - snippets: false for a client that cannot expand snippets: a snippet goes as the plain text
  ///     it would insert (`SnippetText.plain`), so no `${1:…}` lands in the file.
  public func json(markdown: Bool = true, snippets: Bool = true) -> JSONValue {
    let snippet = isSnippet && snippets
    return [
      "label": .string(label), "kind": .number(Double(kind.rawValue)), "detail": .string(detail),
      "documentation": kind == .color ? .string(documentation)
        : ["kind": markdown ? "markdown" : "plaintext", "value": .string(documentation)],
      "textEdit": ["range": range.json, "newText": .string(isSnippet && !snippets ? SnippetText.plain(newText) : newText)],
      "insertTextFormat": .number(snippet ? 2 : 1), "filterText": .string(filterText), "sortText": .string(sortText),
    ]
  }
}
