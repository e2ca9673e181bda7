import ChartdJSON

/// `textDocument/rename`: a data set's id and every highlight naming it, renamed. Result: `WorkspaceEdit` or `null`.
public struct RenameRequest: RequestMessage {
  public static let method = "textDocument/rename"
  public var at: TextDocumentPositionParams
  public var newName: String

  public init(params: JSONValue?) throws(ResponseError) {
    at = try TextDocumentPositionParams(params: params)
    newName = try ParamsReader(params).string("newName")
  }
}
