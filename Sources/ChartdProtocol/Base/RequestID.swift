import ChartdJSON

/// A JSON-RPC request id: an integer or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case number(Int)
  case string(String)

  /// Reads an id; nil for any other JSON type (fractions, booleans, objects…).
  public init?(_ json: JSONValue) {
    switch json {
    case .string(let s): self = .string(s)
    case .number: guard let i = json.intValue else { return nil }; self = .number(i)
    default: return nil
    }
  }

  public var json: JSONValue {
    switch self {
    case .number(let i): return .number(Double(i))
    case .string(let s): return .string(s)
    }
  }

  public var description: String {
    switch self {
    case .number(let i): return String(i)
    case .string(let s): return "\"\(s)\""
    }
  }
}
