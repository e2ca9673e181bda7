import ChartdJSON

/// `textDocument/rangeFormatting`: the formatting edits inside a range. Result: `TextEdit[]`.
public struct DocumentRangeFormattingRequest: RequestMessage {
  public static let method = "textDocument/rangeFormatting"
  public var uri: String
  public var range: DocumentRange
  public var options: FormattingOptionsParams

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    range = try p.range("range")
    options = try FormattingOptionsParams(p)
  }
}
