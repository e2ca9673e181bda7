import ChartdJSON

extension JSONValue {
  /// The value a reader gets back from this value's wire JSON, without writing and reading it:
  /// the writer's one lossy rule is that a number that is not finite is written `null`
  /// (JSONWriter's documentation). Used when `OracleOptions.readsWireBack` is off.
  var asWritten: JSONValue {
    switch self {
    case .null, .bool, .string: return self
    case .number(let d): return d.isFinite ? self : .null
    case .array(let a): return .array(a.map(\.asWritten))
    case .numbers(let a): return a.allSatisfy(\.isFinite) ? self : .array(a.map { $0.isFinite ? .number($0) : .null })
    case .object(let o): return .object(o.mapValues(\.asWritten))
    case .table(var t):
      // A table's number column already reads NaN as null; infinities become NaN on the way too.
      for (k, column) in t.columns.enumerated() {
        if case .numbers(let a) = column, !a.allSatisfy({ $0.isFinite || $0.isNaN }) {
          t.columns[k] = .numbers(a.map { $0.isFinite ? $0 : .nan })
        }
      }
      return .table(t)
    }
  }
}
