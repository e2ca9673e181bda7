import ChartdJSON

/// What the edit generator needs to know of a document: its kind and, per data set, the id, the
/// kind it is drawn as and the number of entries.
///
/// It is read from spec JSON (the generated spec, or `chart/getSpec`'s answer), and kept roughly
/// in step by `applying(_:)` when the server cannot tell: an approximation only steers the
/// generator toward valid edits, it is never used to judge the server.
public struct DocShape: Sendable, Equatable {
  public struct DataSet: Sendable, Equatable {
    public var id: String
    public var kind: String
    /// Never negative, whatever edits the guess applied (the generator makes ranges of it).
    public var count: Int { didSet { if count < 0 { count = 0 } } }
    public var stacked: Bool
  }

  public var kind: String
  public var sets: [DataSet]
  /// A radar's category count (its data sets hold at most that many values); nil without categories.
  public var radarCategories: Int?

  /// The shape described by a spec's JSON (for a pie, the first data set only).
  public init(spec: JSONValue) {
    kind = spec["kind"]?.stringValue ?? "line"
    radarCategories = spec["radar"]?["categories"]?.arrayCount
    sets = []
    for ds in spec["dataSets"]?.arrayValue ?? [] {
      guard let set = Self.dataSet(ds, chartKind: kind) else { continue }
      sets.append(set)
    }
    if kind == "pie" { sets = Array(sets.prefix(1)) }
  }

  static func dataSet(_ ds: JSONValue, chartKind: String) -> DataSet? {
    guard let id = ds["id"]?.stringValue ?? ds["label"]?.stringValue else { return nil }
    let kind = chartKind == "combined" ? ds["kind"]?.stringValue ?? "line" : chartKind
    let entries = ds["entries"] ?? .null
    let stacked = entries["stacks"] != nil || entries.arrayValue?.contains { $0["values"] != nil } == true
    return DataSet(id: id, kind: kind, count: entryCount(entries), stacked: stacked)
  }

  /// Entries in any of the four forms.
  static func entryCount(_ entries: JSONValue) -> Int {
    if let n = entries.arrayCount { return n }
    guard case .object(let o) = entries else { return 0 }
    return o.values.compactMap(\.arrayCount).max() ?? 0
  }

  /// The data set with this id.
  public func set(_ id: String) -> DataSet? { sets.first { $0.id == id } }

  /// The shape after an accepted batch, as far as the edits themselves tell.
  public func applying(_ edits: [JSONValue]) -> DocShape {
    var s = self
    for e in edits { s.apply(e) }
    return s
  }

  private mutating func apply(_ e: JSONValue) {
    let id = e["dataSet"]?.stringValue
    let i = id.flatMap { id in sets.firstIndex { $0.id == id } }
    switch e["op"]?.stringValue {
    case "setSpec": self = DocShape(spec: e["spec"] ?? [:])
    case "mergeSpec":
      if let k = e["patch"]?["kind"]?.stringValue { kind = k }
      if let radar = e["patch"]?["radar"] { radarCategories = radar["categories"]?.arrayCount }
      if let ds = e["patch"]?["dataSets"] {
        let categories = radarCategories
        self = DocShape(spec: ["kind": .string(kind), "dataSets": ds])
        radarCategories = categories
      }
    case "appendEntries":
      guard let i else { return }
      sets[i].count += Self.entryCount(e["entries"] ?? .null)
      if let m = e["maxEntries"]?.intValue { sets[i].count = min(sets[i].count, m) }
    case "removeEntries":
      guard let i else { return }
      sets[i].count = max(0, sets[i].count - (e["count"]?.intValue ?? 0))
    case "replaceEntries":
      guard let i else { return }
      sets[i].count = Self.entryCount(e["entries"] ?? .null)
    case "addDataSet":
      guard let ds = e["dataSet"], let set = Self.dataSet(ds, chartKind: kind) else { return }
      // The guess must not trap on an index the server will refuse (negative, or past the end).
      sets.insert(set, at: max(0, min(e["index"]?.intValue ?? sets.count, sets.count)))
    case "removeDataSet":
      if let i { sets.remove(at: i) }
    case "replaceDataSet":
      guard let ds = e["dataSet"], let set = Self.dataSet(ds, chartKind: kind),
            let j = sets.firstIndex(where: { $0.id == set.id }) else { return }
      sets[j] = set
    default: break
    }
  }
}
