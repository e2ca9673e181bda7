import ChartdJSON

/// `textDocument/foldingRange`: the blocks of a spec file an editor can fold. Result: `FoldingRange[]`.
public struct FoldingRangeRequest: RequestMessage {
  public static let method = "textDocument/foldingRange"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).object("textDocument").uri() }
}
