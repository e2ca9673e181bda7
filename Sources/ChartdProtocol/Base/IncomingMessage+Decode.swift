import ChartdJSON

extension IncomingMessage {
  /// The envelope's members, by their index here (every reader of an envelope takes them from here).
  public static let envelopeNames = JSONNames(["jsonrpc", "id", "method", "params"])

  /// Reads and classifies one message body; throws when it is not JSON.
  ///
  /// A body that is a plain envelope (an object of `jsonrpc`, `id`, `method` and `params` only, each
  /// once, names without escapes) is classified from its members as they are read, without making
  /// the envelope's object; any other body is parsed whole and then classified. Both give the same
  /// result for the same text (`IncomingMessageDecodeTests` holds them to it).
  public static func decode(_ body: UnsafeRawBufferPointer, shapes: JSONShapeCache? = nil) throws -> Result<IncomingMessage, InvalidMessage> {
    var jsonrpc: JSONValue?, id: JSONValue?, method: JSONValue?, params: JSONValue?
    let read = JSONReader.parseMembers(body, names: envelopeNames, shapes: shapes) { k, value in
      switch k {
      case 0: jsonrpc = value
      case 1: id = value
      case 2: method = value
      default: params = value
      }
    }
    guard read else { return classify(try JSONReader.parse(body, shapes: shapes)) }
    return classify(jsonrpc: jsonrpc, id: id, method: method, params: params, answers: false)
  }
}
