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
    guard error.offset < text.count,
          let (_, tokens) = map.innermost(containing: error.offset..<(error.offset + 1), in: text),
          let first = tokens.first, first != "id"
    else { return nil }
    let problem = "number \(literal(at: error.offset, in: text)) is out of range (a number must lie within ±\(Double.greatestFiniteMagnitude))"
    guard first == "params" else {
      return InvalidMessage(id: id, error: ResponseError(.invalidRequest, "\(JSONPointer(tokens)): \(problem)"))
    }
    return InvalidMessage(id: id, error: .invalidParam(JSONPointer(Array(tokens.dropFirst())).description, problem))
  }

  /// The number literal starting at `offset`, shortened to 40 characters.
  private static func literal(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
    var end = offset
    while end < text.count, end - offset < 40, isNumberByte(text[end]) { end += 1 }
    let shown = String(decoding: UnsafeBufferPointer(rebasing: text[offset..<end]), as: UTF8.self)
    return end < text.count && isNumberByte(text[end]) ? shown + "…" : shown
  }

  private static func isNumberByte(_ b: UInt8) -> Bool {
    (b &- 0x30) < 10 || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b | 0x20 == UInt8(ascii: "e")
  }
}
