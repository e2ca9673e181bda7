import ChartdJSON
import ChartdProtocol
import ChartdServer
import Foundation

/// A `ChartServer` in this process, talked to in wire JSON: every message is written to bytes and
/// read back on both sides, as the transport would, and every outgoing message is recorded.
public final class InProcessServer: @unchecked Sendable {
  public let sink: WireRecorder
  private var server: ChartServer!
  private let exitCode = ExitCode()
  private var nextID = 0
  private let readsBack: Bool
  /// Kept between messages, as the transport keeps its own.
  private let shapes = JSONShapeCache()
  /// How long to wait for a reply before calling it lost.
  public var timeout: TimeInterval = 30

  /// `readsBack: false` hands the server and the oracle the written message's value instead of
  /// reading it back from the bytes (see `OracleOptions.readsWireBack`).
  public init(options: ServerOptions = ServerOptions(), tamper: (@Sendable (JSONValue) -> [JSONValue])? = nil, readsBack: Bool = true) {
    sink = WireRecorder(tamper: tamper, readsBack: readsBack)
    self.readsBack = readsBack
    let code = exitCode
    server = ChartServer(options: options, sink: sink, log: ServerLog(level: .off)) { code.set($0) }
  }

  /// The exit code the server asked for, if it did.
  public var exited: Int32? { exitCode.value }

  /// A fresh request id.
  public func newID() -> JSONValue {
    nextID += 1
    return .number(Double(nextID))
  }

  /// Hands one message to the server after a round trip through the JSON writer and reader.
  public func send(_ message: JSONValue) {
    guard readsBack else { return server.receive(message.asWritten) }
    let bytes = JSONWriter.bytes(message)
    // Read as the transport reads a body: offered to the server's own reader first (a plain
    // `chart/update`), then decoded (`IncomingMessage.decode`), envelope first.
    if let prepared = bytes.withUnsafeBytes({ server.prepare($0) }) {
      return server.receive(prepared, bytes: bytes.count)
    }
    guard let classified = try? bytes.withUnsafeBytes({ try IncomingMessage.decode($0, shapes: shapes) }) else {
      sink.recordProblem("the JSON reader cannot read what the JSON writer wrote: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
      return
    }
    server.receive(classified)
  }

  /// Sends a request and waits for its response.
  public func request(_ method: String, _ params: JSONValue? = nil, id: JSONValue? = nil) throws(OracleError) -> JSONValue {
    let id = id ?? newID()
    send(Self.message(method, params, id: id))
    return try response(to: id)
  }

  /// Waits for the (next unclaimed) response carrying `id`.
  public func response(to id: JSONValue) throws(OracleError) -> JSONValue {
    guard let r = sink.waitForResponse(id, timeout: timeout) else {
      throw OracleError("one response per request", "no response to request \(JSONWriter.string(id)) within \(Int(timeout)) s")
    }
    return r
  }

  /// Waits (a few seconds at most) until the server has handled everything sent so far.
  public func drain() {
    let id = newID()
    send(Self.message("chart/synchronize", nil, id: id))
    _ = sink.waitForResponse(id, timeout: min(timeout, 5))
  }

  public func notify(_ method: String, _ params: JSONValue? = nil) { send(Self.message(method, params, id: nil)) }

  /// A JSON-RPC message.
  public static func message(_ method: String, _ params: JSONValue?, id: JSONValue?) -> JSONValue {
    var m: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let id { m["id"] = id }
    if let params { m["params"] = params }
    return .object(m)
  }
}

/// Holds the exit code the server reports.
final class ExitCode: @unchecked Sendable {
  private let lock = NSLock()
  private var code: Int32?
  func set(_ c: Int32) { lock.withLock { code = c } }
  var value: Int32? { lock.withLock { code } }
}
