import ChartdJSON

/// `textDocument/colorPresentation`: the ways to write a colour picked for the text at a range.
/// Result: `ColorPresentation[]`.
public struct ColorPresentationRequest: RequestMessage {
  public static let method = "textDocument/colorPresentation"
  public var uri: String
  /// Red, green, blue and alpha, each 0 … 1.
  public var red: Double, green: Double, blue: Double, alpha: Double
  public var range: DocumentRange

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    let c = try p.object("color")
    func component(_ key: String) throws(ResponseError) -> Double {
      let v = try c.number(key)
      guard v >= 0, v <= 1 else { throw ResponseError.invalidParam(c.prefix + "/" + key, "must be between 0 and 1, got \(v)") }
      return v
    }
    red = try component("red")
    green = try component("green")
    blue = try component("blue")
    alpha = try component("alpha")
    range = try p.range("range")
  }
}
