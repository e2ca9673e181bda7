import ChartCore
import ChartdJSON

/// Where each table's object sits in a spec the tests can read: a base spec with the object at a
/// path, so that a property can be set, read back and its diagnostics located.
struct SpecTableSite: Sendable {
  let table: SpecTable
  /// JSON Pointer tokens from the spec root to the object.
  let path: [String]
  /// The object's other members needed to make it valid (a limit line needs `value`).
  let baseObject: [String: JSONValue]

  /// The whole spec with `object` (the base members plus `extra`) at `path`.
  func spec(with extra: [String: JSONValue]) -> JSONValue {
    var object = baseObject
    for (k, v) in extra { object[k] = v }
    return Self.embed(.object(object), at: path[...], in: container)
  }

  /// The spec around the object: data set `a` with three entries for the places that need one.
  private var container: JSONValue {
    ["dataSets": [["id": "a", "entries": [["y": 1], ["y": 2], ["y": 3]]]]]
  }

  private static func embed(_ value: JSONValue, at path: ArraySlice<String>, in base: JSONValue) -> JSONValue {
    guard let token = path.first else { return value }
    switch base {
    case .array(var a):
      let i = Int(token) ?? 0
      while a.count <= i { a.append(.object([:])) }
      a[i] = embed(value, at: path.dropFirst(), in: a[i])
      return .array(a)
    case .numbers(let n):
      return embed(value, at: path, in: .array(n.map(JSONValue.number)))
    case .object(var o):
      let next = o[token] ?? (Int(path.dropFirst().first ?? "") != nil ? .array([]) : .object([:]))
      o[token] = embed(value, at: path.dropFirst(), in: next)
      return .object(o)
    default:
      return embed(value, at: path, in: .object([:]))
    }
  }

  static let all: [SpecTableSite] = [
    SpecTableSite(table: .chart, path: [], baseObject: [:]),
    SpecTableSite(table: .viewport, path: ["viewport"], baseObject: [:]),
    SpecTableSite(table: .pane, path: ["panes", "1"], baseObject: [:]),
    SpecTableSite(table: .largeData, path: ["largeData"], baseObject: [:]),
    SpecTableSite(table: .locale, path: ["locale"], baseObject: [:]),
    SpecTableSite(table: .padding, path: ["padding"], baseObject: [:]),
    SpecTableSite(table: .highlight, path: ["highlights", "0"], baseObject: ["dataSet": "a", "index": 0]),
    SpecTableSite(table: .dataSet, path: ["dataSets", "0"], baseObject: ["id": "a", "entries": [1, 2, 3]]),
    SpecTableSite(table: .entryRow, path: ["dataSets", "0", "entries", "0"], baseObject: ["y": 1]),
    SpecTableSite(table: .entryColumns, path: ["dataSets", "0", "entries"], baseObject: [:]),
    SpecTableSite(table: .xAxis, path: ["xAxis"], baseObject: [:]),
    SpecTableSite(table: .yAxis, path: ["leftAxis"], baseObject: [:]),
    SpecTableSite(table: .legend, path: ["legend"], baseObject: [:]),
    SpecTableSite(table: .limitLine, path: ["limitLines", "0"], baseObject: ["value": 1]),
    SpecTableSite(table: .customLabel, path: ["leftAxis", "customLabels", "0"], baseObject: ["value": 1]),
    SpecTableSite(table: .formatter, path: ["xAxis", "format"], baseObject: ["type": "number"]),
    SpecTableSite(table: .gradient, path: ["dataSets", "0", "line", "fillGradient"], baseObject: ["colors": ["red"]]),
    SpecTableSite(table: .gradientStop, path: ["dataSets", "0", "line", "fillGradient", "stops", "0"],
                  baseObject: ["offset": 0, "color": "red"]),
    SpecTableSite(table: .lineStyle, path: ["dataSets", "0", "line"], baseObject: [:]),
    SpecTableSite(table: .barStyle, path: ["dataSets", "0", "bar"], baseObject: [:]),
    SpecTableSite(table: .scatterStyle, path: ["dataSets", "0", "scatter"], baseObject: [:]),
    SpecTableSite(table: .bubbleStyle, path: ["dataSets", "0", "bubble"], baseObject: [:]),
    SpecTableSite(table: .candleStyle, path: ["dataSets", "0", "candle"], baseObject: [:]),
    SpecTableSite(table: .valueLabels, path: ["dataSets", "0", "valueLabels"], baseObject: [:]),
    SpecTableSite(table: .barLayout, path: ["bars"], baseObject: [:]),
    SpecTableSite(table: .pie, path: ["pie"], baseObject: [:]),
    SpecTableSite(table: .highlightStyle, path: ["highlightStyle"], baseObject: [:]),
    SpecTableSite(table: .marker, path: ["marker"], baseObject: [:]),
  ]

  /// The JSON Pointer of a member of the object.
  func pointer(_ key: String) -> String { JSONPointer(path + [key]).description }
}

/// What the reader says about a spec.
struct ReadResult {
  let spec: ChartSpec?
  let diagnostics: [Diagnostic]

  init(_ json: JSONValue) {
    let log = DiagnosticLog()
    var spec = ChartSpec.parse(json, log: log)
    // The data set's source JSON records what was given; only what it means is compared.
    if let s = spec { spec?.dataSets = s.dataSets.map { var d = $0; d.source = [:]; return d } }
    self.spec = spec
    self.diagnostics = log.items
  }

  func errors(at path: String) -> [Diagnostic] { diagnostics.filter { $0.severity == .error && $0.path == path } }
  var errorPaths: [String] { diagnostics.filter { $0.severity == .error }.map(\.path) }
  func unknownWarning(at path: String) -> Bool {
    diagnostics.contains { $0.severity == .warning && $0.path == path && $0.message.hasPrefix("unknown property") }
  }
}
