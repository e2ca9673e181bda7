import ChartdJSON

/// An LSP quick fix: a title, the diagnostic it fixes, and the text edits.
public struct CodeAction: Sendable {
  public var title: String
  public var diagnostic: LanguageDiagnostic
  public var edits: [(range: TextRange, newText: String)]
  public var isPreferred: Bool

  public func json(uri: String) -> JSONValue {
    [
      "title": .string(title), "kind": "quickfix", "isPreferred": .bool(isPreferred),
      "diagnostics": [diagnostic.json(uri: uri)],
      "edit": ["changes": .object([uri: .array(edits.map { ["range": $0.range.json, "newText": .string($0.newText)] })])],
    ]
  }
}

/// The quick fixes for a range: those of the document's diagnostics there that suggest one.
public enum SpecCodeActions {
  public static func actions(for range: TextRange, diagnostics: [LanguageDiagnostic]) -> [CodeAction] {
    diagnostics.filter { $0.range.overlaps(range) }.compactMap { d in
      guard let fix = d.fix else { return nil }
      // Removing an unused member is offered, not preferred: the author may mean to change the kind.
      return CodeAction(title: fix.title, diagnostic: d, edits: fix.edits, isPreferred: fix.preferred && d.code != .unused)
    }
  }
}
