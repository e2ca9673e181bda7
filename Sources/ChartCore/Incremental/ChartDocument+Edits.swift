import ChartdJSON

/// Edits of one `chart/update`, read and checked against the document, ready to apply.
///
/// - Note: placeholder until the edit types land.
public struct EditPlan: Sendable {
  public init() {}
}

extension ChartDocument {
  /// Reads `edits` and checks them against the document as it will be after `earlier` plans.
  /// Returns nil (with located diagnostics in `log`) when any edit is invalid: nothing will change.
  public func plan(_ edits: JSONValue, at path: JSONPointer, after earlier: [EditPlan] = [], limits: SpecLimits,
                   log: DiagnosticLog) -> EditPlan? {
    log.error(path, "edits are not supported yet")
    return nil
  }

  /// Applies validated plans in order and returns one patch for all of them.
  public mutating func apply(_ plans: [EditPlan]) -> ChartPatch {
    update { _ in }
  }
}
