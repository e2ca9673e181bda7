import ChartdJSON

/// `initialize`: the first request; tells the server the client's process and capabilities.
public struct InitializeRequest: RequestMessage {
  public static let method = "initialize"
  /// The client's process id; the server exits when it dies. `null` when there is none.
  public var processId: Int?
  public var clientName: String?
  public var capabilities: JSONValue?

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    processId = try p.optionalInt("processId")
    if let info = p.optionalValue("clientInfo") {
      guard info.objectValue != nil else { throw ResponseError.invalidParam("/clientInfo", "expected an object, got \(info.typeName)") }
      clientName = info["name"]?.stringValue
    }
    capabilities = p.optionalValue("capabilities")
  }
}
