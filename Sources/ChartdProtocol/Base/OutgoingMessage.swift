import ChartdJSON

/// A JSON-RPC message the server sends, written straight into the outgoing bytes.
///
/// The members are written in sorted key order, so the text is what `JSONWriter` gives for the
/// same message as a value (`OutgoingMessageTests` checks it).
public struct OutgoingMessage: JSONWritable {
  private enum Body: Sendable {
    case result(RequestID, any JSONWritable)
    /// `id` nil is written as `null` (the id could not be read).
    case error(RequestID?, ResponseError)
    case notification(String, any JSONWritable)
  }

  private let body: Body

  public static func response(id: RequestID, result: some JSONWritable) -> OutgoingMessage {
    OutgoingMessage(body: .result(id, result))
  }

  /// An error response; `id` nil is written as `null` (the id could not be read).
  public static func error(id: RequestID?, _ error: ResponseError) -> OutgoingMessage {
    OutgoingMessage(body: .error(id, error))
  }

  public static func notification(_ method: String, params: some JSONWritable) -> OutgoingMessage {
    OutgoingMessage(body: .notification(method, params))
  }

  public func write(into out: inout [UInt8]) {
    JSONStream.write(into: &out) { s in
      s.beginObject()
      switch body {
      case .result(let id, let result):
        s.key("id")
        s.value(id.json)
        s.member("jsonrpc", "2.0")
        s.key("result")
        s.value(result)
      case .error(let id, let error):
        s.key("error")
        s.value(error.json)
        s.key("id")
        s.value(id?.json ?? .null)
        s.member("jsonrpc", "2.0")
      case .notification(let method, let params):
        s.member("jsonrpc", "2.0")
        s.member("method", method)
        s.key("params")
        s.value(params)
      }
      s.endObject()
    }
  }

  public var jsonValue: JSONValue {
    switch body {
    case .result(let id, let result): ["jsonrpc": "2.0", "id": id.json, "result": result.jsonValue]
    case .error(let id, let error): ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    case .notification(let method, let params): ["jsonrpc": "2.0", "method": .string(method), "params": params.jsonValue]
    }
  }
}
