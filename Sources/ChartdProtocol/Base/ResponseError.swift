import ChartdJSON

/// A JSON-RPC error object: code, human message and optional structured data.
public struct ResponseError: Error, Sendable, Equatable {
  public var code: ErrorCode
  public var message: String
  public var data: JSONValue?

  public init(_ code: ErrorCode, _ message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var json: JSONValue {
    var o: [String: JSONValue] = ["code": .number(Double(code.rawValue)), "message": .string(message)]
    if let data { o["data"] = data }
    return .object(o)
  }

  /// -32602 with located diagnostics (`[{path, message, severity}]`).
  public static func invalidParams(_ diagnostics: [JSONValue], summary: String? = nil) -> ResponseError {
    let first = diagnostics.first.flatMap { d -> String? in
      guard let path = d["path"]?.stringValue, let message = d["message"]?.stringValue else { return nil }
      return "\(path.isEmpty ? "/" : path): \(message)"
    }
    let count = diagnostics.count
    let text = summary ?? "invalid params" + (first.map { ": " + $0 } ?? "") + (count > 1 ? " (and \(count - 1) more)" : "")
    return ResponseError(.invalidParams, text, data: ["diagnostics": .array(diagnostics)])
  }

  /// -32602 for a single field.
  public static func invalidParam(_ path: String, _ message: String) -> ResponseError {
    invalidParams([["path": .string(path), "message": .string(message), "severity": "error"]])
  }

  /// -32803 with `data.kind` naming what failed.
  public static func failed(_ kind: FailureKind, _ message: String, extra: [String: JSONValue] = [:]) -> ResponseError {
    var data = extra
    data["kind"] = .string(kind.rawValue)
    return ResponseError(.requestFailed, message, data: .object(data))
  }
}
