import ChartdJSON

extension IncomingMessage {
  /// The envelope's members, by their index in `envelopeNames`.
  private static let envelopeNames: [StaticString] = ["jsonrpc", "id", "method", "params"]

  /// Reads and classifies one message body; throws when it is not JSON.
  ///
  /// A body that is a plain envelope (an object of `jsonrpc`, `id`, `method` and `params` only, each
  /// once, names without escapes) is classified from its members as they are read, without making
  /// the envelope's object; any other body is parsed whole and then classified. Both give the same
  /// result for the same text (`IncomingMessageDecodeTests` holds them to it).
  public static func decode(_ body: UnsafeRawBufferPointer, shapes: JSONShapeCache? = nil) throws -> Result<IncomingMessage, InvalidMessage> {
    if let members = JSONReader.parseMembers(body, names: envelopeNames, shapes: shapes) {
      return classify(jsonrpc: members[0], id: members[1], method: members[2], params: members[3], answers: false)
    }
    return classify(try JSONReader.parse(body, shapes: shapes))
  }
}
