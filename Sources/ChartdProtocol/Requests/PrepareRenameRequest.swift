import ChartdJSON

/// `textDocument/prepareRename`: whether the name at a position can be renamed, and its range.
/// Result: `{range, placeholder}` or `null`.
public struct PrepareRenameRequest: RequestMessage {
  public static let method = "textDocument/prepareRename"
  public var at: TextDocumentPositionParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentPositionParams(params: params) }
}
