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

  /// The symbols as a flat list of LSP `SymbolInformation`, for a client without
  /// `hierarchicalDocumentSymbolSupport`: each symbol, then its children, with the whole range as
  /// its `location` in `uri` and its parent's name as `containerName`.
  public static func flat(_ symbols: [DocumentSymbol], uri: String) -> [JSONValue] {
    var out: [JSONValue] = []
    func add(_ s: DocumentSymbol, container: String?) {
      var o: [String: JSONValue] = [
        "name": .string(s.name), "kind": .number(Double(s.kind.rawValue)),
        "location": ["uri": .string(uri), "range": s.range.json],
      ]
      if let container { o["containerName"] = .string(container) }
      out.append(.object(o))
      for c in s.children { add(c, container: s.name) }
    }
    for s in symbols { add(s, container: nil) }
    return out
  }
}
