import ChartdJSON

/// `textDocument/definition`: from a highlight's `dataSet` to the id of the data set it names.
/// Result: `Location` or `null`.
public struct DefinitionRequest: RequestMessage {
  public static let method = "textDocument/definition"
  public var at: TextDocumentPositionParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentPositionParams(params: params) }
}
