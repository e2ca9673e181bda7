import ChartdJSON

/// `chart/synchronize`: a barrier, answered after everything received before it is processed.
public struct SynchronizeRequest: RequestMessage {
  public static let method = "chart/synchronize"
  public init(params: JSONValue?) throws(ResponseError) {}
}
