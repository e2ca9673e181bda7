import ChartdJSON

/// `chart/update` as requests, as bursts of notifications, and cancelled.
extension Oracle {
  /// A version for the next update: usually ahead, sometimes stale (refused with -32801).
  func nextVersion(after v: Int) -> Int {
    gen.chance(1, in: 25) ? v - gen.choose(2) : v + 1 + (gen.chance(1, in: 4) ? gen.choose(5) : 0)
  }

  func updateRequest(_ doc: DocumentMirror) throws(OracleError) {
    let edits = gen.batch(doc.shape)
    let version = nextVersion(after: doc.version)
    log("update \(doc.uri) v\(version)")
    let r = try request("chart/update", ["uri": .string(doc.uri), "version": .number(Double(version)), "edits": .array(edits)])
    try handleUpdateResponse(r, doc: doc, version: version, edits: edits)
  }

  /// Applies an accepted update's patch, or checks that a refused one changed nothing.
  func handleUpdateResponse(_ r: JSONValue, doc: DocumentMirror, version: Int, edits: [JSONValue]) throws(OracleError) {
    if let patch = r["result"] {
      guard version > doc.version else { throw OracleError("versions", "an update to stale version \(version) (current \(doc.version)) was accepted") }
      guard patch["uri"]?.stringValue == doc.uri, patch["version"]?.intValue == version else {
        throw OracleError("patch shape", "the patch names uri \(patch["uri"].map(JSONWriter.string) ?? "nil"), version \(patch["version"].map(JSONWriter.string) ?? "nil")")
      }
      try doc.apply(patch)
      doc.shape = doc.shape.applying(edits)
      doc.shapeIsExact = false
    } else if let code = r["error"]?["code"]?.intValue {
      if code == -32602 {
        guard let d = r["error"]?["data"]?["diagnostics"]?.arrayValue, !d.isEmpty,
              d.allSatisfy({ $0["path"]?.stringValue?.hasPrefix("/") == true }) else {
          throw OracleError("diagnostics", "-32602 without diagnostics that point into the params: \(JSONWriter.string(r["error"]!).prefix(500))")
        }
      }
      if code == -32801, version > doc.version { throw OracleError("versions", "version \(version) > \(doc.version) refused as stale") }
    } else {
      throw OracleError("update", "neither result nor error code: \(JSONWriter.string(r))")
    }
    // (c) for refused updates: the render must still equal the mirror, at the same version, and
    // the spec must be the one before.
    try verify(doc, unchanged: r["error"] != nil)
    try crossCheck()
  }

  /// Several update notifications in a row (maybe one for another document in between), then
  /// `chart/synchronize`; the `chart/patch` notifications must add up to the new render.
  func burst(_ doc: DocumentMirror) throws(OracleError) {
    log("burst \(doc.uri)")
    var predicted: [ObjectIdentifier: (shape: DocShape, version: Int)] = [:]
    for d in docs { predicted[ObjectIdentifier(d)] = (d.shape, d.version) }
    var touched = [doc]
    for _ in 0..<(1 + gen.choose(5)) {
      var target = doc
      if docs.count > 1, gen.chance(1, in: 6) {
        target = gen.pick(docs)
        if !touched.contains(where: { $0 === target }) { touched.append(target) }
      }
      var p = predicted[ObjectIdentifier(target)]!
      let edits = gen.batch(p.shape)
      p.version = nextVersion(after: p.version)
      p.shape = p.shape.applying(edits)
      predicted[ObjectIdentifier(target)] = p
      notify("chart/update", ["uri": .string(target.uri), "version": .number(Double(p.version)), "edits": .array(edits)])
    }
    _ = try result(try request("chart/synchronize", nil), of: "chart/synchronize")
    try applyPatchNotifications()
    for d in touched {
      // Without chart/getSpec the shapes are the optimistic guess (verify replaces them when it can).
      d.shape = predicted[ObjectIdentifier(d)]!.shape
      d.shapeIsExact = false
      try verify(d)
    }
    try crossCheck()
  }

  /// Applies every `chart/patch` received so far to its document.
  func applyPatchNotifications() throws(OracleError) {
    for n in server.sink.takeNotifications() where n["method"]?.stringValue == "chart/patch" {
      let params = n["params"] ?? .null
      guard let uri = params["uri"]?.stringValue, let doc = docs.first(where: { $0.uri == uri }) else {
        throw OracleError("chart/patch", "a patch for a document that is not open: \(JSONWriter.string(params).prefix(200))")
      }
      try doc.apply(params)
    }
  }

  /// An update with a `$/cancelRequest` for it, sent just before or just after: either answer
  /// (-32800, or the patch) must keep the invariants, and there must be exactly one.
  func cancelledUpdate(_ doc: DocumentMirror) throws(OracleError) {
    let edits = gen.batch(doc.shape)
    let version = nextVersion(after: doc.version)
    log("cancelled update \(doc.uri) v\(version)")
    let id = server.newID()
    expected[id, default: 0] += 1
    let before = gen.chance(1, in: 2)
    if before { notify("$/cancelRequest", ["id": id]) }
    send(InProcessServer.message("chart/update", ["uri": .string(doc.uri), "version": .number(Double(version)), "edits": .array(edits)], id: id))
    if !before { notify("$/cancelRequest", ["id": id]) }
    let r = try server.response(to: id)
    try handleUpdateResponse(r, doc: doc, version: version, edits: edits)
  }
}
