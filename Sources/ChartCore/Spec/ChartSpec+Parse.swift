import ChartdJSON

extension ChartSpec {
  /// Reads a spec; returns nil when any error was logged (warnings alone still give a spec).
  ///
  /// - Parameters:
  ///   - path: where the spec sits in the request's params (diagnostic paths start there).
  ///   - keepingDataSets: when given, `dataSets` is not read from `json` and these are used instead
  ///     (a merge patch that does not touch `dataSets` keeps the current entries without re-encoding them).
  /// - Note: placeholder body; the spec work replaces it.
  public static func parse(_ json: JSONValue, at path: JSONPointer = .root, log: DiagnosticLog,
                           keepingDataSets: [DataSetSpec]? = nil) -> ChartSpec? {
    guard SpecObject(json, at: path, log: log) != nil else {
      if json.isNull { log.error(path, "expected an object, got null") }
      return nil
    }
    return log.hasErrors ? nil : ChartSpec()
  }
}
