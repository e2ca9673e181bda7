import ChartdJSON

/// `chart/hitTest`: what lies at a point of an open document's SVG (legend item, entry, plot, axis).
public struct HitTestRequest: RequestMessage {
  public static let method = "chart/hitTest"
  public var uri: String
  public var x: Double
  public var y: Double
  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.uri()
    x = try p.number("x")
    y = try p.number("y")
  }
}
