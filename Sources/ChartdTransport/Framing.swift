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
  /// A body the server's own reader read (`Connection.start(prepare:caughtUp:)`), and its size.
  case prepared(any PreparedMessage, bytes: Int)
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

extension IncomingEvent: Equatable {
  public static func == (a: IncomingEvent, b: IncomingEvent) -> Bool {
    switch (a, b) {
    case let (.message(m, n), .message(m2, n2)): return m == m2 && n == n2
    case let (.prepared(p, n), .prepared(p2, n2)): return p.isSame(as: p2) && n == n2
    case let (.parseError(e), .parseError(e2)), let (.framingError(e), .framingError(e2)): return e == e2
    case let (.tooLarge(id, n), .tooLarge(id2, n2)), let (.overBudget(id, n), .overBudget(id2, n2)): return id == id2 && n == n2
    case (.endOfInput, .endOfInput): return true
    default: return false
    }
  }
}

extension Framing {
  /// One whole frame around `body`: the LSP header in front of it, or the ndjson line end after it.
  public func frame(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .lsp:
      var buffer = [UInt8](repeating: 0, count: Connection.headerRoom)
      let start = Connection.writeHeader(body.count, into: &buffer)
      return Array(buffer[start...]) + body
    case .ndjson: return body + [UInt8(ascii: "\n")]
    }
  }

  /// The LSP header's name as written, with its colon and one space: what chartd writes in front
  /// of every body (`Connection.writeHeader`) and what its reader takes at once (`FrameDecoder`).
  static let lengthHeaderName = Array("Content-Length: ".utf8)
}
