import ChartdJSON

/// `chart/render`: the full SVG of an open document at its current version.
public struct RenderChartRequest: RequestMessage {
  public static let method = "chart/render"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).uri() }
}
