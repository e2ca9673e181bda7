/// A broken invariant: which check, and what was seen.
public struct OracleError: Error, Sendable, CustomStringConvertible {
  /// The check that failed, e.g. "patch invariant", "renderSpec(getSpec)".
  public var check: String
  public var message: String

  public init(_ check: String, _ message: String) {
    self.check = check
    self.message = message
  }

  public var description: String { "\(check): \(message)" }
}
