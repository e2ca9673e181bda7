import ChartdJSON

/// Where the server's outgoing messages go: the transport's connection, or a recorder in tests.
public protocol MessageSink: Sendable {
  func send(_ message: JSONValue)
  /// Blocks while the destination holds more unsent output than it allows (backpressure); the
  /// worker calls it before each job.
  func waitForRoom()
  /// While `on`, messages may wait a moment to leave together: the worker turns it on while more
  /// jobs wait behind the current one, and off when the queue is empty.
  func holdOutput(_ on: Bool)
}

extension MessageSink {
  /// A sink that never fills up.
  public func waitForRoom() {}

  /// A sink that sends every message at once.
  public func holdOutput(_ on: Bool) {}
}
