import ChartdJSON
import ChartdProtocol
import Synchronization

/// The one reply a request gets: a second reply is dropped (and logged), a missing one is sent as
/// an internal error when the token is released.
///
/// - Important: hand it to exactly one handler; it may be used from any thread.
public final class Reply: Sendable {
  public let id: RequestID
  public let method: String
  private let sink: MessageSink
  private let sent = Mutex(false)
  private let log: @Sendable (String) -> Void

  init(id: RequestID, method: String, sink: MessageSink, log: @escaping @Sendable (String) -> Void) {
    self.id = id
    self.method = method
    self.sink = sink
    self.log = log
  }

  public func result(_ value: some JSONWritable) { send(OutgoingMessage.response(id: id, result: value)) }

  /// `result` for an answer built as a value (lets `.null`, `.array(…)` and literals infer).
  public func result(_ value: JSONValue) { send(OutgoingMessage.response(id: id, result: value)) }

  public func error(_ error: ResponseError) { send(OutgoingMessage.error(id: id, error)) }

  private func send(_ message: OutgoingMessage) {
    let first = sent.withLock { already in
      defer { already = true }
      return !already
    }
    guard first else {
      log("dropped a second reply to \(method) \(id)")
      return
    }
    sink.send(message)
  }

  deinit {
    if !sent.withLock({ $0 }) {
      sink.send(OutgoingMessage.error(id: id, ResponseError(.internalError, "\(method) finished without a reply")))
    }
  }
}
