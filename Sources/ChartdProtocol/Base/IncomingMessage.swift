import ChartdJSON

/// A JSON-RPC message read from the client, classified.
public enum IncomingMessage: Sendable, Equatable {
  case request(id: RequestID, method: String, params: JSONValue?)
  case notification(method: String, params: JSONValue?)
  /// A response to a request the server sent (chartd sends none; they are ignored).
  case response(id: RequestID?)

  /// Classifies a decoded JSON value, or gives the error to answer (with the id when one could be read).
  public static func classify(_ json: JSONValue) -> Result<IncomingMessage, InvalidMessage> {
    guard case .object(let o) = json else {
      if json.arrayValue != nil {
        return .failure(InvalidMessage(id: nil, error: ResponseError(.invalidRequest, "batches are not supported: send one message per frame")))
      }
      return .failure(InvalidMessage(id: nil, error: ResponseError(.invalidRequest, "a message must be a JSON object, got \(json.typeName)")))
    }
    return classify(jsonrpc: o.member("jsonrpc"), id: o.member("id"), method: o.member("method"), params: o.member("params"),
                    answers: o.member("result") != nil || o.member("error") != nil)
  }

  /// Classifies a message from its envelope's members (nil: absent); `answers`: it has a `result` or an `error`.
  static func classify(jsonrpc: JSONValue?, id rawID: JSONValue?, method methodValue: JSONValue?, params: JSONValue?,
                       answers: @autoclosure () -> Bool) -> Result<IncomingMessage, InvalidMessage> {
    let id: RequestID? = rawID.flatMap(RequestID.init)
    if let rawID, id == nil, !rawID.isNull {
      return .failure(InvalidMessage(id: nil, error: ResponseError(.invalidRequest,
        "'id' must be a string or an integer within ±\(RequestID.maxInteger), \(RequestID.refusal(rawID))")))
    }
    guard jsonrpc == .string("2.0") else {
      return .failure(InvalidMessage(id: id, error: ResponseError(.invalidRequest, "'jsonrpc' must be \"2.0\"")))
    }
    guard let methodValue else {
      if answers() { return .success(.response(id: id)) }
      return .failure(InvalidMessage(id: id, error: ResponseError(.invalidRequest, "missing 'method'")))
    }
    guard case .string(let method) = methodValue else {
      return .failure(InvalidMessage(id: id, error: ResponseError(.invalidRequest, "'method' must be a string, got \(methodValue.typeName)")))
    }
    if let params, !params.isNull, params.objectValue == nil, params.arrayValue == nil {
      return .failure(InvalidMessage(id: id, error: ResponseError(.invalidRequest, "'params' must be an object or an array, got \(params.typeName)")))
    }
    if let id { return .success(.request(id: id, method: method, params: params)) }
    if rawID?.isNull == true {
      return .failure(InvalidMessage(id: nil, error: ResponseError(.invalidRequest, "'id' must not be null in a request")))
    }
    return .success(.notification(method: method, params: params))
  }
}

/// A message that cannot be handled, with the error to answer it with.
public struct InvalidMessage: Error, Sendable, Equatable {
  public var id: RequestID?
  public var error: ResponseError
  public init(id: RequestID?, error: ResponseError) {
    self.id = id
    self.error = error
  }
}
