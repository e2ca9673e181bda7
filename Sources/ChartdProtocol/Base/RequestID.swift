import ChartdJSON

/// A JSON-RPC request id: an integer or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case number(Int)
  case string(String)

  /// Reads an id; nil for any other JSON type (fractions, booleans, objects…) and for an integer
  /// beyond `maxInteger`, which could not be answered with the id the client wrote.
  public init?(_ json: JSONValue) {
    switch json {
    case .string(let s): self = .string(s)
    case .number: guard let i = json.intValue, i.magnitude <= Self.maxInteger else { return nil }; self = .number(i)
    default: return nil
    }
  }

  /// The largest integer id in magnitude, 2^53 − 1: every integer up to it is read exactly as a
  /// double, while a larger one may be its neighbour (9007199254740993 reads as 9007199254740992), so
  /// the answer would carry an id the client never sent.
  public static let maxInteger = (1 << 53) - 1

  /// Why `json` is not an id, for the error that says so.
  static func refusal(_ json: JSONValue) -> String {
    guard case .number(let d) = json else { return "got \(json.typeName)" }
    return d.rounded(.towardZero) == d ? "got an integer beyond ±\(maxInteger) (2^53 − 1), which a double does not hold exactly"
      : "got the fraction \(JSONWriter.string(json))"
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
