/// An RFC 6901 JSON Pointer, used to locate the offending field in diagnostics.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens.
  public private(set) var tokens: [String]

  public init(_ tokens: [String] = []) { self.tokens = tokens }

  /// Parses the string form ("" is the whole document, "/a/0/b~1c").
  public init?(parsing text: String) {
    if text.isEmpty { tokens = []; return }
    guard text.hasPrefix("/") else { return nil }
    var parsed: [String] = []
    for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      // "~1" → "/" before "~0" → "~", as RFC 6901 requires; any other "~" sequence is invalid.
      var token = ""
      var it = raw.makeIterator()
      while let c = it.next() {
        guard c == "~" else { token.append(c); continue }
        switch it.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: return nil
        }
      }
      parsed.append(token)
    }
    tokens = parsed
  }

  public static let root = JSONPointer()

  public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
  public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }
  public static func / (lhs: JSONPointer, rhs: String) -> JSONPointer { lhs.appending(rhs) }
  public static func / (lhs: JSONPointer, rhs: Int) -> JSONPointer { lhs.appending(rhs) }

  /// The RFC 6901 string form.
  public var description: String {
    var out = ""
    for token in tokens {
      out += "/"
      for c in token {
        switch c {
        case "~": out += "~0"
        case "/": out += "~1"
        default: out.append(c)
        }
      }
    }
    return out
  }

  /// Resolves the pointer against a value; nil when any step is missing.
  public func resolve(in value: JSONValue) -> JSONValue? {
    var current = value
    for token in tokens {
      switch current {
      case .object(let o):
        guard let next = o[token] else { return nil }
        current = next
      case .table(let t):
        guard let i = Int(token), i >= 0, i < t.count else { return nil }
        current = t.element(i)
      case .array, .numbers:
        guard let i = Int(token), i >= 0, let a = current.arrayValue, i < a.count else { return nil }
        current = a[i]
      default: return nil
      }
    }
    return current
  }
}
