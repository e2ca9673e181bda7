import ChartdJSON

/// `textDocument/codeAction`: quick fixes for the diagnostics in a range. Result: `CodeAction[]`.
public struct CodeActionRequest: RequestMessage {
  public static let method = "textDocument/codeAction"
  public var uri: String
  public var range: DocumentRange

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    range = try p.range("range")
  }
}
