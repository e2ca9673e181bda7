import ChartCore
import ChartdJSON
import ChartdProtocol

/// Wire encodings of ChartCore values.
extension ChartServer {
  static func json(_ d: Diagnostic) -> JSONValue {
    ["path": .string(d.path), "message": .string(d.message), "severity": .string(d.severity.rawValue)]
  }

  static func payload(_ p: ChartPatch, uri: String, baseVersion: Int, version: Int) -> PatchPayload {
    PatchPayload(uri: uri, baseVersion: baseVersion, version: version, root: p.root, removed: p.removed,
                 inserted: p.inserted.map { PatchPayload.Insertion(id: $0.id, svg: $0.svg, after: $0.after, json: $0.json) },
                 fragments: p.fragments.map { f in
                   PatchPayload.Fragment(id: f.id, svg: f.svg, json: f.json, splice: f.splice.map { ($0.start, $0.end, $0.text) })
                 }, restored: p.restored,
                 renderedRegions: p.rendered.count, reusedRegions: p.reused.count, markupBytes: p.markupBytes)
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
    if let n = t.count { o["count"] = .number(Double(n)) }
    if let items = t.items {
      o["items"] = .array(items.map { item in
        var e: [String: JSONValue] = ["label": .string(item.label), "hidden": .bool(item.hidden)]
        if let ds = item.dataSet { e["dataSet"] = .string(ds) }
        if let i = item.index { e["index"] = .number(Double(i)) }
        return .object(e)
      })
    }
    return .object(o)
  }
}
