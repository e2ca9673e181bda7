import ChartdJSON

/// `chart/close`: forgets an open document.
public struct CloseChartRequest: RequestMessage {
  public static let method = "chart/close"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).uri() }
}
