import ChartdJSON

/// The params of the requests about a range of a text document: `{textDocument: {uri}, range}`.
public struct TextDocumentRangeParams: Sendable {
  public var uri: String
  public var range: DocumentRange

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    range = try p.range("range")
  }
}
