import ChartdJSON

/// `textDocument/didClose`: the client closed the document; its diagnostics are cleared and its
/// preview (if any) is closed.
public struct DidCloseTextDocumentNotification: IncomingNotification {
  public static let method = "textDocument/didClose"
  public var uri: String

  public init(params: JSONValue?) throws(ResponseError) {
    uri = try ParamsReader(params).object("textDocument").uri()
  }
}
