import ChartdJSON

extension IncomingMessage {
  /// The answer to a request whose body is JSON but holds a number beyond a `Double`'s range
  /// (`error` of kind `.numberOutOfRange`): an error with the request's own id that names where the
  /// number is, so that the client's request is answered rather than left waiting for an id it
  /// cannot get (a parse error's id is `null`).
  ///
  /// Nil when no request id can be named: a notification, a response, the `id` itself out of range,
  /// an envelope that is not a request, or text that is not JSON further on. Such a body stays a
  /// parse error (`protocol/transport.md`, "Error codes").
  public static func numberOutOfRange(_ body: UnsafeRawBufferPointer, _ error: JSONParseError) -> InvalidMessage? {
    guard error.kind == .numberOutOfRange,
          let (value, map) = try? JSONReader.parseWithSourceMap(body, clampingNumbers: true),
          case .success(.request(let id, _, _)) = classify(value)
    else { return nil }
    let text = body.assumingMemoryBound(to: UInt8.self)
    guard let (_, tokens, problem) = map.outOfRangeNumber(at: error.offset, in: text), let first = tokens.first, first != "id"
    else { return nil }
    guard first == "params" else {
      return InvalidMessage(id: id, error: ResponseError(.invalidRequest, "\(JSONPointer(tokens)): \(problem)"))
    }
    return InvalidMessage(id: id, error: .invalidParam(JSONPointer(Array(tokens.dropFirst())).description, problem))
  }
}
