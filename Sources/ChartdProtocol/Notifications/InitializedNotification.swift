import ChartdJSON

/// `initialized`: the client received the initialize result.
public struct InitializedNotification: IncomingNotification {
  public static let method = "initialized"
  public init(params: JSONValue?) throws(ResponseError) {}
}
