import ChartdJSON

/// One located problem in a spec or an edit: a JSON Pointer, a message and a severity.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable { case error, warning }

  /// JSON Pointer into the request's params (or into the spec for stateless parsing).
  public var path: String
  public var message: String
  public var severity: Severity

  public init(path: String, message: String, severity: Severity = .error) {
    self.path = path
    self.message = message
    self.severity = severity
  }

  public var description: String { "\(severity.rawValue) at \(path.isEmpty ? "/" : path): \(message)" }
}

/// Collects diagnostics while a spec or an edit is read; shared by every nested reader.
///
/// A class so that nested readers can report without threading `inout` through every call.
public final class DiagnosticLog {
  public private(set) var items: [Diagnostic] = []
  /// Stops collecting after this many so that a hostile input cannot grow the reply without bound.
  public let limit: Int

  public init(limit: Int = 100) { self.limit = limit }

  /// Every error reported, including those not kept because the log was full.
  public private(set) var errorCount = 0

  public var hasErrors: Bool { errorCount > 0 }
  public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
  public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }

  public func error(_ path: JSONPointer, _ message: String) { add(Diagnostic(path: path.description, message: message)) }

  public func warning(_ path: JSONPointer, _ message: String) {
    add(Diagnostic(path: path.description, message: message, severity: .warning))
  }

  /// Keeps `d` while there is room; when full, an error still displaces the last warning so that a
  /// flood of warnings can never hide why a spec was rejected.
  public func add(_ d: Diagnostic) {
    if d.severity == .error { errorCount += 1 }
    if items.count < limit {
      items.append(d)
    } else if d.severity == .error, let w = items.lastIndex(where: { $0.severity == .warning }) {
      items.remove(at: w)
      items.append(d)
    }
  }
}
