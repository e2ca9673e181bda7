import ChartdJSON

/// `textDocument/inlayHint`: the hints to show inside a range of a spec file (an entry's x as its
/// axis writes it). Result: `InlayHint[]`.
public struct InlayHintRequest: RequestMessage {
  public static let method = "textDocument/inlayHint"
  public var uri: String
  public var range: DocumentRange

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    range = try p.range("range")
  }
}
