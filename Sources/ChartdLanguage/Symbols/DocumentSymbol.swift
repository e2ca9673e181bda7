import ChartdJSON

/// An LSP document symbol: a named part of the spec, its whole range and the range of its name.
public struct DocumentSymbol: Sendable, Equatable {
  public enum Kind: Int, Sendable { case module = 2, field = 8, number = 16, array = 18, object = 19, variable = 13 }

  public var name: String
  public var detail: String
  public var kind: Kind
  public var range: TextRange
  public var selectionRange: TextRange
  public var children: [DocumentSymbol]

  public var json: JSONValue {
    var o: [String: JSONValue] = [
      "name": .string(name), "detail": .string(detail), "kind": .number(Double(kind.rawValue)),
      "range": range.json, "selectionRange": selectionRange.json,
    ]
    if !children.isEmpty { o["children"] = .array(children.map(\.json)) }
    return .object(o)
  }
}
