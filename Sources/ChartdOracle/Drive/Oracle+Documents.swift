import ChartdJSON

/// Opening, closing and checking documents.
extension Oracle {
  static let uris = ["mem:a", "file:///sales.chart.json", "mem:b", "untitled:Untitled-1", "mem:売上", "mem:doc-plot", "x:"]
  /// Explicit prefixes, chosen to collide with other documents' element ids if anything lets them.
  static let prefixes = ["d", "doc", "doc-plot", "doc-bg", "chart", "A_b", "c1", "doc-defs", "d-s-a-0"]

  func openDocument() throws(OracleError) {
    let uri = gen.chance(1, in: 10) && !docs.isEmpty ? gen.pick(docs).uri : gen.pick(Self.uris)
    let alreadyOpen = docs.first { $0.uri == uri }
    var params: [String: JSONValue] = ["uri": .string(uri), "version": .number(Double(gen.choose(4)))]
    if gen.chance(1, in: 3) { params["idPrefix"] = .string(gen.chance(1, in: 15) ? gen.pick(["1a", "", "a b", "-x"]) : gen.pick(Self.prefixes)) }
    let spec = gen.spec()
    params["spec"] = spec
    log("open \(uri)")
    let r = try request("chart/open", .object(params))
    if let alreadyOpen {
      guard r["error"] != nil else { throw OracleError("open", "opening '\(uri)' twice succeeded") }
      return try verify(alreadyOpen)
    }
    guard let res = r["result"] else {
      // A refused open leaves nothing behind.
      let check = try request("chart/render", ["uri": .string(uri)])
      guard check["error"] != nil else { throw OracleError("rejected open changes nothing", "'\(uri)' renders after a failed open") }
      return
    }
    guard let text = res["svg"]?.stringValue, res["uri"]?.stringValue == uri, res["version"] == params["version"],
          let version = res["version"]?.intValue else {
      throw OracleError("open", "the result lacks svg, or uri/version differ: \(JSONWriter.string(res).prefix(300))")
    }
    let svg = try SVGChecks.check(text, regions: res["regions"], memo: checkedLines)
    guard let prefix = svg.prefix else { throw OracleError("open", "the root has no id") }
    if let p = params["idPrefix"]?.stringValue, p != prefix {
      throw OracleError("idPrefix", "opened with idPrefix '\(p)' but the root's id is '\(prefix)'")
    }
    let doc = DocumentMirror(uri: uri, version: version, svg: svg, prefix: prefix, shape: DocShape(spec: spec),
                             keepsPreviousMarkup: options.clientKeepsPreviousMarkup,
                             appliesSplices: options.clientAppliesSplices)
    docs.append(doc)
    try verify(doc)
    try crossCheck()
  }

  func closeDocument(_ doc: DocumentMirror) throws(OracleError) {
    log("close \(doc.uri)")
    _ = try result(try request("chart/close", ["uri": .string(doc.uri)]), of: "chart/close")
    docs.removeAll { $0 === doc }
    let r = try request("chart/render", ["uri": .string(doc.uri)])
    guard r["error"]?["code"]?.intValue == -32803 else { throw OracleError("close", "a closed document still renders (or wrong error)") }
  }

  /// Checks (a) and (b) for one document, and the SVG's shape; `unchanged` is set after a refused
  /// update, whose spec (as `chart/getSpec` tells it) must be the one before.
  func verify(_ doc: DocumentMirror, unchanged: Bool = false) throws(OracleError) {
    let before = doc.spec
    // A client that keeps previous markup renders to compare, keeping it, two times in three;
    // the third time it starts afresh (no choice is drawn for it: fuzz inputs keep their meaning).
    doc.renders += 1
    var params: [String: JSONValue] = ["uri": .string(doc.uri)]
    if doc.keepsPreviousMarkup {
      let keep = doc.renders % 3 != 0
      params["keepPreviousMarkup"] = .bool(keep)
      if !keep { doc.previous = [:] }
    }
    let r = try result(try request("chart/render", .object(params)), of: "chart/render")
    guard let text = r["svg"]?.stringValue else { throw OracleError("render", "no svg") }
    guard r["version"]?.intValue == doc.version else {
      throw OracleError("versions", "chart/render reports version \(r["version"].map(JSONWriter.string) ?? "nil") but the patches add up to \(doc.version)")
    }
    let expected = doc.svg.text
    guard text == expected else {
      throw OracleError("patch invariant (a)", "previous SVG + patches != chart/render for '\(doc.uri)': \(SVGChecks.difference(expected, text))")
    }
    _ = try SVGChecks.check(text, regions: r["regions"], memo: checkedLines)
    try checkAgainstGetSpec(doc, rendered: text)
    if unchanged, let before, let after = doc.spec, before != after {
      throw OracleError("refused update changes nothing (c)", "chart/getSpec's spec changed after a refused update: \(Self.firstDifference(before, after))")
    }
  }

  /// The first JSON Pointer at which two values differ, for messages.
  static func firstDifference(_ a: JSONValue, _ b: JSONValue, at path: String = "") -> String {
    if case .object(let x) = a, case .object(let y) = b {
      for key in Set(x.keys).union(y.keys).sorted() where x[key] != y[key] {
        guard let u = x[key], let v = y[key] else { return "\(path)/\(key) only on one side" }
        return firstDifference(u, v, at: "\(path)/\(key)")
      }
    }
    if let x = a.arrayValue, let y = b.arrayValue, x.count == y.count {
      for (i, (u, v)) in zip(x, y).enumerated() where u != v { return firstDifference(u, v, at: "\(path)/\(i)") }
    }
    return "\(path.isEmpty ? "/" : path): \(JSONWriter.string(a).prefix(200)) vs \(JSONWriter.string(b).prefix(200))"
  }

  /// (b): `chart/renderSpec` of `chart/getSpec`'s spec with the document's prefix gives the same SVG.
  func checkAgainstGetSpec(_ doc: DocumentMirror, rendered: String) throws(OracleError) {
    guard options.checkGetSpec, getSpecSupported != false else { return }
    let g = try request("chart/getSpec", ["uri": .string(doc.uri)])
    if g["error"]?["code"]?.intValue == -32601 {
      getSpecSupported = false
      return
    }
    getSpecSupported = true
    let got = try result(g, of: "chart/getSpec")
    guard got["version"]?.intValue == doc.version, got["uri"]?.stringValue == doc.uri, let spec = got["spec"] else {
      throw OracleError("getSpec", "uri, version or spec missing or wrong: \(JSONWriter.string(got).prefix(300))")
    }
    if let p = got["idPrefix"], p.stringValue != doc.prefix {
      throw OracleError("getSpec", "idPrefix \(JSONWriter.string(p)) but the SVG's root id is '\(doc.prefix)'")
    }
    doc.shape = DocShape(spec: spec)
    doc.shapeIsExact = true
    doc.spec = spec
    let r = try request("chart/renderSpec", ["spec": spec, "idPrefix": .string(doc.prefix)])
    guard let res = r["result"], let text = res["svg"]?.stringValue else {
      throw OracleError("renderSpec(getSpec) (b)", "chart/renderSpec refused the spec chart/getSpec returned: \(JSONWriter.string(r["error"] ?? .null).prefix(600))")
    }
    guard text == rendered else {
      throw OracleError("renderSpec(getSpec) (b)", "a render from scratch of getSpec's spec differs from chart/render for '\(doc.uri)': \(SVGChecks.difference(rendered, text))")
    }
  }

  /// No two open documents share an element id (they may live in one page).
  func crossCheck() throws(OracleError) {
    for (i, a) in docs.enumerated() {
      for b in docs[(i + 1)...] {
        if let id = SVGChecks.sharedID(a.svg.text, b.svg.text) {
          throw OracleError("ids unique across documents", "'\(a.uri)' (prefix \(a.prefix)) and '\(b.uri)' (prefix \(b.prefix)) both have an element with id '\(id)'")
        }
      }
    }
  }

  /// A stateless render: accepted ones must be well-shaped SVG.
  func renderSpec() throws(OracleError) {
    log("renderSpec")
    var params: [String: JSONValue] = ["spec": gen.spec()]
    if gen.chance(1, in: 3) { params["idPrefix"] = .string(gen.pick(Self.prefixes)) }
    let r = try request("chart/renderSpec", .object(params))
    if let res = r["result"] {
      guard let text = res["svg"]?.stringValue else { throw OracleError("renderSpec", "no svg in the result") }
      let svg = try SVGChecks.check(text, regions: res["regions"], memo: checkedLines)
      guard svg.prefix == params["idPrefix"]?.stringValue ?? "chart" else {
        throw OracleError("idPrefix", "renderSpec's root id is '\(svg.prefix ?? "")'")
      }
    } else if r["error"]?["code"]?.intValue != -32602 {
      throw OracleError("renderSpec", "a spec was refused with something other than -32602: \(JSONWriter.string(r))")
    }
  }

  func hitTest(_ doc: DocumentMirror) throws(OracleError) {
    log("hitTest \(doc.uri)")
    let x: JSONValue = gen.chance(1, in: 10) ? gen.hostileNumber() : .number(gen.source.double(-10, 900))
    let y: JSONValue = gen.chance(1, in: 10) ? gen.hostileNumber() : .number(gen.source.double(-10, 500))
    let r = try request("chart/hitTest", ["uri": .string(doc.uri), "x": x, "y": y])
    if let res = r["result"] {
      let kinds = ["legendItem", "legendMore", "entry", "dataSet", "plotArea", "axis"]
      guard res["target"] == .null || res["target"]?["kind"]?.stringValue.map(kinds.contains) == true else {
        throw OracleError("hitTest", "unexpected target \(JSONWriter.string(res))")
      }
      // A hit names a data set of the document, and an entry inside it.
      if let target = res["target"], let id = target["dataSet"]?.stringValue, doc.shapeIsExact {
        guard let set = doc.shape.set(id) else { throw OracleError("hitTest", "target names no data set of the document: \(JSONWriter.string(target))") }
        if target["kind"] == "entry", let i = target["index"]?.intValue, !(0..<set.count).contains(i) {
          throw OracleError("hitTest", "entry \(i) is out of range (\(set.count) entries): \(JSONWriter.string(target))")
        }
      }
      // "+N more" lists at most 200 of the N items it stands for; those that name a data set name one of the document.
      if let target = res["target"], target["kind"] == "legendMore" {
        let items = target["items"]?.arrayValue ?? []
        guard let count = target["count"]?.intValue, count >= 1, count >= items.count, items.count == min(count, 200) else {
          throw OracleError("hitTest", "a legendMore target lists its items wrong: \(JSONWriter.string(target))")
        }
        for item in items where doc.shapeIsExact && item["dataSet"] != nil {
          guard let id = item["dataSet"]?.stringValue, doc.shape.set(id) != nil else {
            throw OracleError("hitTest", "a legendMore item names no data set of the document: \(JSONWriter.string(target))")
          }
        }
      }
    }
    try verify(doc)
  }
}
