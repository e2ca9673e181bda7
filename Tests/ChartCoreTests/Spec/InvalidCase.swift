import ChartCore
import ChartdJSON

/// One invalid spec or edit list, and the error it must produce: its JSON Pointer and a message fragment.
struct InvalidCase: Sendable, CustomStringConvertible {
  enum Target: Sendable { case spec, edits }

  let name: String
  let target: Target
  let json: JSONValue?
  let path: String
  let fragment: String
  var limits = SpecLimits()

  var description: String { name }

  /// Parses the input and returns the log and whether a value came back.
  func run() -> (log: DiagnosticLog, parsed: Bool) {
    let log = DiagnosticLog()
    switch target {
    case .spec:
      let parsed = ChartSpec.parse(json ?? .null, log: log, limits: limits) != nil
      return (log, parsed)
    case .edits:
      let parsed = ChartEdit.parseEdits(json, at: JSONPointer(["edits"]), log: log, limits: limits) != nil
      return (log, parsed)
    }
  }
}

/// A line chart with one data set; `fields` replace or add top-level keys.
func lineSpec(_ fields: [String: JSONValue] = [:]) -> JSONValue {
  var o: [String: JSONValue] = ["kind": "line", "dataSets": [["id": "a", "entries": [1, 2, 3]]]]
  for (k, v) in fields { o[k] = v }
  return .object(o)
}

/// A chart of `kind` whose only data set is `dataSet`.
func specWith(_ dataSet: JSONValue, kind: String = "line") -> JSONValue {
  ["kind": .string(kind), "dataSets": [dataSet]]
}

/// A chart whose only data set (id "a") has these entries.
func specWithEntries(_ entries: JSONValue, kind: String = "line") -> JSONValue {
  specWith(["id": "a", "entries": entries], kind: kind)
}

/// Shorthand for an invalid spec.
func bad(_ name: String, _ json: JSONValue?, _ path: String, _ fragment: String,
         limits: SpecLimits = SpecLimits()) -> InvalidCase {
  InvalidCase(name: name, target: .spec, json: json, path: path, fragment: fragment, limits: limits)
}

/// Shorthand for an invalid edit list (`json` is the value of `edits`).
func badEdits(_ name: String, _ json: JSONValue?, _ path: String, _ fragment: String,
              limits: SpecLimits = SpecLimits()) -> InvalidCase {
  InvalidCase(name: name, target: .edits, json: json, path: path, fragment: fragment, limits: limits)
}
