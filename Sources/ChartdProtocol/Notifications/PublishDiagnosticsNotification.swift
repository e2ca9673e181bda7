import ChartdJSON

/// `textDocument/publishDiagnostics`: every diagnostic of one version of a text document; each
/// notification replaces the previous set for that URI, `[]` clears it.
public struct PublishDiagnosticsNotification: OutgoingNotification {
  public static let method = "textDocument/publishDiagnostics"
  public var uri: String
  public var version: Int?
  /// LSP `Diagnostic` objects.
  public var diagnostics: [JSONValue]

  public init(uri: String, version: Int?, diagnostics: [JSONValue]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }

  public var params: JSONValue {
    var o: [String: JSONValue] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
    if let version { o["version"] = .number(Double(version)) }
    return .object(o)
  }
}
