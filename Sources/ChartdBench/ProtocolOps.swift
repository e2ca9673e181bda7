import ChartdJSON
import Foundation

/// The measured protocol operations, each against a running daemon.
///
/// Every request is encoded before its clock starts; a sample is the time from the first byte
/// written to the last byte of the reply read.
struct ProtocolOps {
  let client: DaemonClient
  var samples: Int
  var warmup: Int
  private var uriCounter = 0

  init(client: DaemonClient, samples: Int, warmup: Int) {
    self.client = client
    self.samples = samples
    self.warmup = warmup
  }

  /// An open document and its version.
  struct Document {
    var uri: String
    var version: Int
  }

  /// `{"uri":…,"version":1,"spec":<specBytes>}` without re-encoding the spec.
  static func openParams(uri: String, specBytes: [UInt8]) -> [UInt8] {
    var p = JSONWriter.bytes(["uri": .string(uri), "version": 1])
    p.removeLast()  // the closing brace
    p += Array(",\"spec\":".utf8)
    p += specBytes
    p.append(UInt8(ascii: "}"))
    return p
  }

  mutating func nextURI(_ id: String) -> String {
    uriCounter += 1
    return "bench://\(id)/\(uriCounter)"
  }

  /// Opens the workload once and keeps it open (untimed setup for the update operations).
  mutating func open(_ wl: Workload) throws -> Document {
    let uri = nextURI(wl.id)
    let r = try client.call(client.request("chart/open", paramsBytes: ProtocolOps.openParams(
      uri: uri, specBytes: JSONWriter.bytes(wl.spec))))
    _ = try r.result()
    return Document(uri: uri, version: 1)
  }

  func close(_ doc: Document) throws {
    _ = try client.call("chart/close", params: ["uri": .string(doc.uri)]).result()
  }

  /// `chart/open` of a workload (each sample a fresh document, closed untimed afterwards).
  mutating func measureOpen(_ wl: Workload, op: String = "open", samples n: Int? = nil) throws -> BenchRecord {
    let specBytes = JSONWriter.bytes(wl.spec)
    var times = [Double]()
    var svgBytes = 0
    var replyBytes = 0
    var m4 = false
    let total = (n ?? samples) + warmup
    for k in 0..<total {
      let uri = nextURI(wl.id)
      let req = client.request("chart/open", paramsBytes: ProtocolOps.openParams(uri: uri, specBytes: specBytes))
      let r = try client.call(req)
      let result = try r.result()
      let svg = result["svg"]?.stringValue ?? ""
      svgBytes = svg.utf8.count
      m4 = svg.contains("data-mode=\"m4\"")
      replyBytes = r.replyBytes
      if k >= warmup { times.append(r.ms) }
      try close(Document(uri: uri, version: 1))
    }
    var record = BenchRecord(workload: wl.id, op: op, samplesMS: times, fields: [
      "bytes": .number(Double(svgBytes)), "reply_bytes": .number(Double(replyBytes)),
      "request_bytes": .number(Double(specBytes.count)), "entries": .number(Double(wl.entryCount)),
    ])
    if m4 { record.fields["note"] = "M4 aggregation (pixel columns)" }
    return record
  }

  /// Times a series of `chart/update` requests on one document; `edits(k)` gives the k-th edit list.
  mutating func measureUpdates(_ doc: inout Document, workload: String, op: String, count: Int,
                               edits: (Int) -> [JSONValue]) throws -> BenchRecord {
    var times = [Double]()
    var replyBytes = [Double]()
    var requestBytes = [Double]()
    var fragments = [Double]()
    for k in 0..<(count + warmup) {
      doc.version += 1
      let req = client.request("chart/update", params: [
        "uri": .string(doc.uri), "version": .number(Double(doc.version)), "edits": .array(edits(k)),
      ])
      let r = try client.call(req)
      let patch = try r.result()
      guard k >= warmup else { continue }
      times.append(r.ms)
      replyBytes.append(Double(r.replyBytes))
      requestBytes.append(Double(r.requestBytes))
      let changed = (patch["fragments"]?.arrayCount ?? 0) + (patch["inserted"]?.arrayCount ?? 0)
        + (patch["removed"]?.arrayCount ?? 0)
      fragments.append(Double(changed))
    }
    return BenchRecord(workload: workload, op: op, samplesMS: times, fields: [
      "bytes": .number(BenchRecord.median(replyBytes) ?? 0),
      "reply_bytes_max": .number(replyBytes.max() ?? 0),
      "request_bytes": .number(BenchRecord.median(requestBytes) ?? 0),
      "regions_changed": .number(BenchRecord.median(fragments) ?? 0),
    ])
  }

  /// U1: append one point at a time to the first data set (x grows by 1, y stays in range).
  mutating func measureAppend(_ wl: Workload, op: String = "append", count: Int? = nil) throws -> BenchRecord {
    guard let id = wl.dataSetIDs.first, let cols = wl.columns(id), let lastX = cols.x.last, let lastY = cols.y.last else {
      throw BenchError("\(wl.id): no columnar data set to append to")
    }
    var doc = try open(wl)
    defer { try? close(doc) }
    return try measureUpdates(&doc, workload: wl.id, op: op, count: count ?? samples) { k in
      // y wobbles around the last value so that the domain does not keep growing.
      let y = lastY + (k % 2 == 0 ? 0.25 : -0.25)
      return [["op": "appendEntries", "dataSet": .string(id),
               "entries": [["x": .number(lastX + Double(k + 1)), "y": .number(y)]]]]
    }
  }

  /// U2: legend toggle (setVisibility) of the second data set (or the only one), hide/show alternately.
  mutating func measureToggle(_ wl: Workload, dataSet: String? = nil, op: String = "toggle",
                              count: Int? = nil) throws -> BenchRecord {
    let ids = wl.dataSetIDs
    guard let id = dataSet ?? (ids.count > 1 ? ids[1] : ids.first) else { throw BenchError("\(wl.id): no data set") }
    var doc = try open(wl)
    defer { try? close(doc) }
    return try measureUpdates(&doc, workload: wl.id, op: op, count: count ?? samples) { k in
      [["op": "setVisibility", "dataSet": .string(id), "visible": .bool(k % 2 == 1)]]
    }
  }

  /// Highlight of one entry of the first data set, moving through fixed pseudo-random indices.
  mutating func measureHighlight(_ wl: Workload, op: String = "highlight", count: Int? = nil) throws -> BenchRecord {
    guard let id = wl.dataSetIDs.first, let n = wl.columns(id)?.x.count, n > 0 else {
      throw BenchError("\(wl.id): no data set")
    }
    var doc = try open(wl)
    defer { try? close(doc) }
    return try measureUpdates(&doc, workload: wl.id, op: op, count: count ?? samples) { k in
      let index = (k &* 7919 &+ 13) % n
      return [["op": "setHighlight", "highlights": [["dataSet": .string(id), "index": .number(Double(index))]]]]
    }
  }

  /// setSpec with the whole spec again and one data set's colour changed (what an editor sends).
  mutating func measureSetSpecColor(_ wl: Workload, op: String = "setSpec-color") throws -> BenchRecord {
    guard let id = wl.dataSetIDs.first else { throw BenchError("\(wl.id): no data set") }
    let specs = ["#e45756", "#4c78a8"].map { wl.spec(settingDataSet: id, "color", to: .string($0)) }
    var doc = try open(wl)
    defer { try? close(doc) }
    return try measureUpdates(&doc, workload: wl.id, op: op, count: samples) { k in
      [["op": "setSpec", "spec": specs[k % 2]]]
    }
  }

  /// An editor-like session: every keystroke sends the whole spec again (setSpec).
  ///
  /// Typing a title, recolouring a series, editing one value, hiding a series, resizing.
  mutating func measureSession(_ wl: Workload) throws -> [BenchRecord] {
    let ids = wl.dataSetIDs
    guard ids.count >= 2, let cols = wl.columns(ids[1]) else { throw BenchError("\(wl.id): needs two data sets") }
    var steps = [(kind: String, spec: JSONValue)]()
    var spec = wl.spec
    func set(_ key: String, _ v: JSONValue) {
      if var o = spec.objectValue { o[key] = v; spec = .object(o) }
    }
    let title = "Quarterly revenue"
    for n in 1...title.count { set("title", .string(String(title.prefix(n)))); steps.append(("type-title", spec)) }
    for c in ["#e45756", "#4c78a8", "#54a24b"] {
      spec = Workload.setting(spec, dataSet: ids[0], "color", to: .string(c)); steps.append(("recolor", spec))
    }
    var ys = cols.y
    for delta in [5.0, -5.0, 2.5] {
      let mid = ys.count / 2
      ys[mid] += delta
      spec = Workload.setting(spec, dataSet: ids[1], "entries", to: ["x": .numbers(cols.x), "y": .numbers(ys)])
      steps.append(("edit-value", spec))
    }
    if let last = ids.last {
      for visible in [false, true] {
        spec = Workload.setting(spec, dataSet: last, "visible", to: .bool(visible)); steps.append(("hide-series", spec))
      }
    }
    for w in [900.0, 800.0] { set("width", .number(w)); steps.append(("resize", spec)) }

    var doc = try open(wl)
    defer { try? close(doc) }
    var all = [Double](), bytes = [Double]()
    var byKind = [String: [Double]](), bytesByKind = [String: [Double]]()
    for (k, step) in steps.enumerated() {
      doc.version += 1
      let req = client.request("chart/update", params: [
        "uri": .string(doc.uri), "version": .number(Double(doc.version)),
        "edits": [["op": "setSpec", "spec": step.spec]],
      ])
      let r = try client.call(req)
      _ = try r.result()
      _ = k
      all.append(r.ms)
      bytes.append(Double(r.replyBytes))
      byKind[step.kind, default: []].append(r.ms)
      bytesByKind[step.kind, default: []].append(Double(r.replyBytes))
    }
    var records = [BenchRecord(workload: wl.id, op: "session", samplesMS: all, fields: [
      "bytes": .number(BenchRecord.median(bytes) ?? 0), "steps": .number(Double(steps.count)),
    ])]
    for (kind, times) in byKind.sorted(by: { $0.key < $1.key }) {
      records.append(BenchRecord(workload: wl.id, op: "session-" + kind, samplesMS: times, fields: [
        "bytes": .number(BenchRecord.median(bytesByKind[kind] ?? []) ?? 0),
      ]))
    }
    return records
  }
}
