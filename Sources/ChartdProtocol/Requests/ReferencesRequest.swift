import ChartdJSON

/// `textDocument/references`: every string naming the data set named at a position. Result: `Location[]`.
public struct ReferencesRequest: RequestMessage {
  public static let method = "textDocument/references"
  public var at: TextDocumentPositionParams
  /// `context.includeDeclaration`: the data set's own id too.
  public var includeDeclaration: Bool

  public init(params: JSONValue?) throws(ResponseError) {
    at = try TextDocumentPositionParams(params: params)
    includeDeclaration = try ParamsReader(params).object("context").optionalBool("includeDeclaration") ?? false
  }
}
