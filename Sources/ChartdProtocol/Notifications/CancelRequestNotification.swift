import ChartdJSON

/// `$/cancelRequest`: the request with this id is answered with -32800 unless it already ran.
public struct CancelRequestNotification: IncomingNotification {
  public static let method = "$/cancelRequest"
  public var id: RequestID
  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    guard let id = RequestID(try p.value("id")) else { throw ResponseError.invalidParam("/id", "expected an integer or a string") }
    self.id = id
  }
}
