import ChartdJSON

/// `textDocument/didChange`: content changes, each a range and its new text or the whole text,
/// applied in order (each against the text the previous one left).
public struct DidChangeTextDocumentNotification: IncomingNotification {
  public static let method = "textDocument/didChange"

  /// One content change: `range` nil replaces the whole text.
  public struct Change: Sendable, Equatable {
    public var range: DocumentRange?
    public var text: String
  }

  public var uri: String
  public var version: Int
  public var changes: [Change]

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    let d = try p.object("textDocument")
    uri = try d.uri()
    version = try d.int("version")
    guard let list = p.optionalValue("contentChanges")?.arrayValue else {
      throw ResponseError.invalidParam("/contentChanges", "expected an array of content changes")
    }
    var changes: [Change] = []
    for (i, item) in list.enumerated() {
      let c = try ParamsReader(item, at: "/contentChanges/\(i)")
      changes.append(Change(range: c.optionalValue("range") == nil ? nil : try c.range("range"), text: try c.string("text")))
    }
    self.changes = changes
  }
}
