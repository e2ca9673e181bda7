/// An RFC 6901 JSON Pointer, used to locate the offending field in diagnostics.
///
/// A pointer is its last token and the pointer that token extends: readers make one for every
/// field they look at, so appending makes one small node and copies nothing, and an index stays a
/// number until the pointer is printed.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  private let last: Node?

  private final class Node: Sendable {
    let parent: Node?
    let token: Token
    let depth: Int

    init(parent: Node?, token: Token) {
      self.parent = parent
      self.token = token
      self.depth = (parent?.depth ?? 0) + 1
    }
  }

  private enum Token: Sendable {
    case key(String)
    case index(Int)

    var text: String {
      switch self {
      case .key(let s): s
      case .index(let i): String(i)
      }
    }

    /// Whether both print the same (an index equals the key of its digits).
    static func sameText(_ a: Token, _ b: Token) -> Bool {
      switch (a, b) {
      case (.key(let x), .key(let y)): x == y
      case (.index(let x), .index(let y)): x == y
      default: a.text == b.text
      }
    }
  }

  private init(last: Node?) { self.last = last }

  public init(_ tokens: [String] = []) {
    var node: Node? = nil
    for t in tokens { node = Node(parent: node, token: .key(t)) }
    last = node
  }

  /// Parses the string form ("" is the whole document, "/a/0/b~1c").
  public init?(parsing text: String) {
    if text.isEmpty { self.init(); return }
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
    self.init(parsed)
  }

  public static let root = JSONPointer()

  public func appending(_ key: String) -> JSONPointer { JSONPointer(last: Node(parent: last, token: .key(key))) }
  public func appending(_ index: Int) -> JSONPointer { JSONPointer(last: Node(parent: last, token: .index(index))) }
  public static func / (lhs: JSONPointer, rhs: String) -> JSONPointer { lhs.appending(rhs) }
  public static func / (lhs: JSONPointer, rhs: Int) -> JSONPointer { lhs.appending(rhs) }

  /// The unescaped reference tokens, first to last.
  public var tokens: [String] {
    var out: [String] = []
    out.reserveCapacity(last?.depth ?? 0)
    var node = last
    while let n = node {
      out.append(n.token.text)
      node = n.parent
    }
    return out.reversed()
  }

  public static func == (a: JSONPointer, b: JSONPointer) -> Bool {
    var x = a.last, y = b.last
    while let p = x, let q = y {
      if p === q { return true }
      guard p.depth == q.depth, Token.sameText(p.token, q.token) else { return false }
      x = p.parent
      y = q.parent
    }
    return x == nil && y == nil
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(last?.depth ?? 0)
    var node = last
    while let n = node {
      hasher.combine(n.token.text)
      node = n.parent
    }
  }

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
