import ChartdJSON

/// `$/cancelRequest`: the request with this id is answered with -32800 unless it already ran.
public struct CancelRequestNotification: IncomingNotification {
  public static let method = "$/cancelRequest"
  public var id: RequestID
  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    let raw = try p.value("id")
    guard let id = RequestID(raw) else {
      throw ResponseError.invalidParam("/id", "expected a string or an integer within ±\(RequestID.maxInteger), \(RequestID.refusal(raw))")
    }
    self.id = id
  }
}
