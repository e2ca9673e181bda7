import ChartdJSON

/// `textDocument/hover`: the description of the key or value at a position. Result: `Hover` or `null`.
public struct HoverRequest: RequestMessage {
  public static let method = "textDocument/hover"
  public var at: TextDocumentPositionParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentPositionParams(params: params) }
}
