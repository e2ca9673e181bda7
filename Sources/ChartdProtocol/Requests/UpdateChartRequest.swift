import ChartdJSON

/// `chart/update`: applies edits atomically and answers with a patch (as a notification: pushes `chart/patch`).
public struct UpdateChartRequest: RequestMessage {
  public static let method = "chart/update"
  public var uri: String
  public var version: Int
  /// The edits, read by ChartCore (diagnostic paths start at `/edits`).
  public var edits: JSONValue

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.uri()
    version = try p.version()
    edits = try p.value("edits")
    guard edits.arrayValue != nil else { throw ResponseError.invalidParam("/edits", "expected an array, got \(edits.typeName)") }
  }
}
