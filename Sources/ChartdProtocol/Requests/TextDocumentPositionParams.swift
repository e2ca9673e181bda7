import ChartdJSON

/// The params of the requests about one place of a text document: `{textDocument: {uri}, position}`.
public struct TextDocumentPositionParams: Sendable {
  public var uri: String
  public var position: DocumentPosition

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    position = try p.position("position")
  }
}
