import ChartdJSON
import ChartdProtocol

/// How messages are delimited on the byte stream.
public enum Framing: String, Sendable {
  /// LSP base protocol: `Content-Length: N\r\n\r\n` followed by N bytes of UTF-8 JSON.
  case lsp
  /// One JSON message per line.
  case ndjson
}

/// What the reader thread delivers, in stream order.
public enum IncomingEvent: Sendable {
  /// A JSON body, classified (`IncomingMessage.decode`), and its size in bytes (the server bounds
  /// the input it has queued).
  case message(Result<IncomingMessage, InvalidMessage>, bytes: Int)
  /// The body is not JSON (the server replies -32700 with id null); carries the parser's message.
  case parseError(String)
  /// The body exceeded the size limit and was skipped; `id` was sniffed from its first 64 KiB if possible.
  case tooLarge(id: JSONValue?, bytes: Int)
  /// The body was read but not parsed: parsing it would pass the memory budget (`admit` said no).
  case overBudget(id: JSONValue?, bytes: Int)
  /// A bad header block was skipped and the stream resynchronised.
  case framingError(String)
  /// The input was closed.
  case endOfInput
}

extension IncomingEvent: Equatable {}

extension Framing {
  /// One whole frame around `body`: the LSP header in front of it, or the ndjson line end after it.
  public func frame(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .lsp: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    case .ndjson: return body + [UInt8(ascii: "\n")]
    }
  }
}
