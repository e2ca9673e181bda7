import ChartdJSON

/// `textDocument/documentColor`: the colours a spec file writes, for the editor's swatches.
/// Result: `ColorInformation[]`.
public struct DocumentColorRequest: RequestMessage {
  public static let method = "textDocument/documentColor"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).object("textDocument").uri() }
}
