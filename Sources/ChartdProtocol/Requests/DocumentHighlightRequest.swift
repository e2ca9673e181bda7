import ChartdJSON

/// `textDocument/documentHighlight`: the data set named at a position, everywhere it is named.
/// Result: `DocumentHighlight[]`.
public struct DocumentHighlightRequest: RequestMessage {
  public static let method = "textDocument/documentHighlight"
  public var at: TextDocumentPositionParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentPositionParams(params: params) }
}
