import ChartdJSON

/// `textDocument/codeAction`: quick fixes for the diagnostics in a range. Result: `CodeAction[]`.
public struct CodeActionRequest: RequestMessage {
  public static let method = "textDocument/codeAction"
  public var at: TextDocumentRangeParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentRangeParams(params: params) }
}
