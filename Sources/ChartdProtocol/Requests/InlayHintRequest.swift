import ChartdJSON

/// `textDocument/inlayHint`: the hints to show inside a range of a spec file (an entry's x as its
/// axis writes it). Result: `InlayHint[]`.
public struct InlayHintRequest: RequestMessage {
  public static let method = "textDocument/inlayHint"
  public var at: TextDocumentRangeParams
  public init(params: JSONValue?) throws(ResponseError) { at = try TextDocumentRangeParams(params: params) }
}
