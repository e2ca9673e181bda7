import ChartdJSON

/// A diagnostic as LSP publishes it: a range, a severity, a stable code, the message, and where
/// useful the other places involved.
public struct LanguageDiagnostic: Sendable, Equatable {
  public enum Severity: Int, Sendable { case error = 1, warning = 2, information = 3, hint = 4 }

  public var range: TextRange
  public var severity: Severity
  public var code: DiagnosticCode
  public var message: String
  /// The JSON Pointer (from the spec's root) the reader reported, for clients that show it.
  public var path: String
  /// Other places that explain this one (the first data set with a duplicated id).
  public var related: [(range: TextRange, message: String)]
  /// The replacement the message suggests ("did you mean …"), applied by the quick fix.
  public var fix: Fix?
  /// Whether the text is unused (LSP tag `Unnecessary`): editors fade it rather than underline it.
  public var unnecessary = false

  /// A suggested edit of the text: replace `range` with `newText`, or several such.
  public struct Fix: Sendable, Equatable {
    public var title: String
    public var edits: [(range: TextRange, newText: String)]
    /// Whether an editor may apply it unasked (LSP `isPreferred`): false where the author's intent
    /// is one guess of several.
    public var preferred = true

    public init(title: String, edits: [(range: TextRange, newText: String)], preferred: Bool = true) {
      self.title = title
      self.edits = edits
      self.preferred = preferred
    }

    public static func == (a: Fix, b: Fix) -> Bool {
      a.title == b.title && a.edits.map(\.newText) == b.edits.map(\.newText) && a.edits.map(\.range) == b.edits.map(\.range)
        && a.preferred == b.preferred
    }
  }

  public static func == (a: LanguageDiagnostic, b: LanguageDiagnostic) -> Bool {
    a.range == b.range && a.severity == b.severity && a.code == b.code && a.message == b.message && a.path == b.path
      && a.related.map(\.range) == b.related.map(\.range) && a.related.map(\.message) == b.related.map(\.message) && a.fix == b.fix
      && a.unnecessary == b.unnecessary
  }

  /// The LSP `Diagnostic` object (`relatedInformation` locations are in document `uri`).
  public func json(uri: String) -> JSONValue {
    var o: [String: JSONValue] = [
      "range": range.json, "severity": .number(Double(severity.rawValue)), "code": .string(code.rawValue),
      "source": "chartd", "message": .string(message),
    ]
    if !path.isEmpty || code != .jsonSyntax { o["data"] = ["path": .string(path)] }
    if unnecessary { o["tags"] = [1] }
    if !related.isEmpty {
      o["relatedInformation"] = .array(related.map {
        ["location": ["uri": .string(uri), "range": $0.range.json], "message": .string($0.message)]
      })
    }
    return .object(o)
  }
}
