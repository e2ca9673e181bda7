import ChartdJSON

/// `shutdown`: the server stops accepting work; only `exit` may follow.
public struct ShutdownRequest: RequestMessage {
  public static let method = "shutdown"
  public init(params: JSONValue?) throws(ResponseError) {}
}
