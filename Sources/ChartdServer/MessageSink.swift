import ChartdJSON

/// Where the server's outgoing messages go: the transport's connection, or a recorder in tests.
public protocol MessageSink: Sendable {
  func send(_ message: JSONValue)
  /// Blocks while the destination holds more unsent output than it allows (backpressure); the
  /// worker calls it before each job.
  func waitForRoom()
}

extension MessageSink {
  /// A sink that never fills up.
  public func waitForRoom() {}
}
