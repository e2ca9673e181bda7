import ChartdJSON

/// The edits of one `chart/update`, read (shape and types) before their turn.
///
/// Reading needs no document, so a server reads an update's edits when it arrives while the
/// worker is still applying earlier ones, and `ChartDocument.plan` takes them as read: the
/// diagnostics are those `ChartEdit.parseEdits` gives, reported when the plan is made, in order.
public struct ReadEdits: Sendable, Equatable {
  /// The edits, or nil when reading them logged an error.
  public let edits: [ChartEdit]?
  /// What reading them logged, in order.
  public let diagnostics: [Diagnostic]
  /// The path and limits they were read with: a plan takes them only under the same.
  let path: JSONPointer
  let limits: SpecLimits

  public init(_ v: JSONValue?, at path: JSONPointer, limits: SpecLimits) {
    let log = DiagnosticLog()
    edits = ChartEdit.parseEdits(v, at: path, log: log, limits: limits)
    diagnostics = log.items
    self.path = path
    self.limits = limits
  }

  /// Edits read in their plain form (`ChartEdit.readPlain`), which logs nothing.
  public init(plain edits: [ChartEdit], at path: JSONPointer, limits: SpecLimits) {
    self.edits = edits
    diagnostics = []
    self.path = path
    self.limits = limits
  }

  /// The edits as `parseEdits` would give them at `path` under `limits`, logging the same into `log`.
  func replay(at path: JSONPointer, limits: SpecLimits, into log: DiagnosticLog) -> [ChartEdit]?? {
    guard path == self.path, limits == self.limits else { return .none }
    for d in diagnostics { log.add(d) }
    return .some(edits)
  }
}
