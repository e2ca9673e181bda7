import ChartdJSON

/// Where the server's outgoing messages go: the transport's connection, or a recorder in tests.
public protocol MessageSink: Sendable {
  func send(_ message: JSONValue)
}
