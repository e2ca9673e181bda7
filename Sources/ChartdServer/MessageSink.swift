import ChartdJSON
import ChartdProtocol

/// Where the server's outgoing messages go: the transport's connection, or a recorder in tests.
public protocol MessageSink: Sendable {
  func send(_ message: OutgoingMessage)
  /// Blocks while the destination holds more unsent output than it allows (backpressure); the
  /// worker calls it before each job.
  func waitForRoom()
  /// While `on`, messages may wait a moment to leave together: the worker turns it on before a job
  /// that more jobs wait behind, and off before the last one (`WorkQueue.drain`).
  func holdOutput(_ on: Bool)
}

extension MessageSink {
  /// A sink that never fills up.
  public func waitForRoom() {}

  /// A sink that sends every message at once.
  public func holdOutput(_ on: Bool) {}
}
