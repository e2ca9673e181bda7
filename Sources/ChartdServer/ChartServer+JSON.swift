import ChartCore
import ChartdJSON

/// Wire encodings of ChartCore values.
extension ChartServer {
  static func json(_ d: Diagnostic) -> JSONValue {
    ["path": .string(d.path), "message": .string(d.message), "severity": .string(d.severity.rawValue)]
  }

  static func json(_ p: ChartPatch, uri: String, baseVersion: Int, version: Int) -> JSONValue {
    var o: [String: JSONValue] = [
      "uri": .string(uri), "baseVersion": .number(Double(baseVersion)), "version": .number(Double(version)),
      "removed": .array(p.removed.map(JSONValue.string)),
      "inserted": .array(p.inserted.map { ["id": .string($0.id), "svg": .string($0.svg), "after": $0.after.map(JSONValue.string) ?? .null] }),
      "fragments": .array(p.fragments.map { ["id": .string($0.id), "svg": .string($0.svg)] }),
      "stats": ["renderedRegions": .number(Double(p.rendered.count)), "reusedRegions": .number(Double(p.reused.count)),
                "markupBytes": .number(Double(p.markupBytes))],
    ]
    if let root = p.root { o["root"] = .string(root) }
    return .object(o)
  }

  static func json(_ t: HitTarget) -> JSONValue {
    var o: [String: JSONValue] = ["kind": .string(t.kind.rawValue)]
    if let ds = t.dataSet { o["dataSet"] = .string(ds) }
    if let i = t.index { o["index"] = .number(Double(i)) }
    if let a = t.axis { o["axis"] = .string(a) }
    if let x = t.x { o["x"] = .number(x) }
    if let y = t.y { o["y"] = .number(y) }
    if let v = t.value { o["value"] = .number(v) }
    if let s = t.stackIndex { o["stackIndex"] = .number(Double(s)) }
    if let k = t.pane { o["pane"] = .number(Double(k)) }
    return .object(o)
  }
}
