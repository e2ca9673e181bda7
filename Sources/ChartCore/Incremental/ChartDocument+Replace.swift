import ChartdJSON

extension ChartDocument {
  /// Replaces the whole spec with one already read and checked, as a `setSpec` edit does: the
  /// language server reads each text once for its diagnostics and hands the result over.
  ///
  /// - Parameter json: the JSON `spec` was read from (the base of later merge patches and `getSpec`).
  public mutating func replace(with spec: ChartSpec, json: JSONValue) -> ChartPatch {
    specJSON = Self.withoutDataSets(json)
    return update { model in
      model.replaceSpec(spec)
      model.dropStaleHighlights()
    }
  }
}
