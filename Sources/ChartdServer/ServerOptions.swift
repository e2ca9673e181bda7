import ChartCore

/// Limits and settings of one server, named in errors when exceeded.
public struct ServerOptions: Sendable {
  public var maxMessageBytes: Int = 256 * 1024 * 1024
  public var maxDocuments: Int = 256
  public var spec = SpecLimits()
  /// Backpressure on input: the reader waits while more than this many bytes of messages, or more
  /// than `maxQueuedMessages` messages, are read and not yet run.
  public var maxQueuedBytes: Int = 32 << 20
  public var maxQueuedMessages: Int = 10_000
  /// `--max-memory`: requests that would take the process past it are refused (`resourceLimit`).
  public var memory = MemoryBudget()
  public init() {}
}

/// The version reported in `initialize` and `--version`.
public enum ChartdVersion {
  public static let server = "0.1.0"
  public static let protocolVersion = "1.0"
}
