import ChartCore

/// Limits and settings of one server, named in errors when exceeded.
public struct ServerOptions: Sendable {
  public var maxMessageBytes: Int = 256 * 1024 * 1024
  public var maxDocuments: Int = 256
  public var spec = SpecLimits()
  public init() {}
}

/// The version reported in `initialize` and `--version`.
public enum ChartdVersion {
  public static let server = "0.1.0"
  public static let protocolVersion = "1.0"
}
