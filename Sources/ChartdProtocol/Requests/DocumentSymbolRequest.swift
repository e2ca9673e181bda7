import ChartdJSON

/// `textDocument/documentSymbol`: the outline of a spec (data sets, axes, limit lines).
/// Result: `DocumentSymbol[]`, or a flat `SymbolInformation[]` for a client without hierarchical support.
public struct DocumentSymbolRequest: RequestMessage {
  public static let method = "textDocument/documentSymbol"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).object("textDocument").uri() }
}
