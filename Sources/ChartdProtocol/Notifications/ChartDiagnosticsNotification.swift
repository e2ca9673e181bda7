import ChartdJSON

/// `chart/diagnostics`: warnings for a document version; replaces the previous set (`[]` clears).
public struct ChartDiagnosticsNotification: OutgoingNotification {
  public static let method = "chart/diagnostics"
  public var uri: String
  public var version: Int
  /// `[{path, message, severity}]`.
  public var diagnostics: [JSONValue]
  public init(uri: String, version: Int, diagnostics: [JSONValue]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }
  public var params: JSONValue {
    ["uri": .string(uri), "version": .number(Double(version)), "diagnostics": .array(diagnostics)]
  }
}
