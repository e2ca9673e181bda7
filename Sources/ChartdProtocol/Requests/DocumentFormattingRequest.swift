import ChartdJSON

/// `textDocument/formatting`: the edits that lay a spec file out. Result: `TextEdit[]`.
public struct DocumentFormattingRequest: RequestMessage {
  public static let method = "textDocument/formatting"
  public var uri: String
  public var options: FormattingOptionsParams

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    options = try FormattingOptionsParams(p)
  }
}
