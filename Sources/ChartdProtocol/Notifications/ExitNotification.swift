import ChartdJSON

/// `exit`: the process ends, with code 0 after `shutdown` and 1 otherwise.
public struct ExitNotification: IncomingNotification {
  public static let method = "exit"
  public init(params: JSONValue?) throws(ResponseError) {}
}
