import ChartdJSON

/// `textDocument/didSave`: the document was saved; chartd already has its text, so nothing changes.
public struct DidSaveTextDocumentNotification: IncomingNotification {
  public static let method = "textDocument/didSave"
  public var uri: String

  public init(params: JSONValue?) throws(ResponseError) {
    uri = try ParamsReader(params).object("textDocument").uri()
  }
}
