import ChartdJSON

/// `textDocument/completion`: what may be written at a position. Result: `CompletionItem[]`.
public struct CompletionRequest: RequestMessage {
  public static let method = "textDocument/completion"
  public var at: TextDocumentPositionParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentPositionParams(params: params) }
}
