import ChartdJSON

/// Protocol-level mischief: malformed messages, unknown methods, wrong id types, duplicate ids.
extension Oracle {
  func noise() throws(OracleError) {
    let message = noiseMessage()
    log("noise")
    let reply = Self.expectedReply(message)
    // Sometimes twice: a repeated id is answered twice, once per request.
    let copies = reply.id != nil && reply.id != .null && gen.chance(1, in: 6) ? 2 : 1
    for _ in 0..<copies {
      if let id = reply.id { expected[id, default: 0] += 1 }
      send(message)
    }
    _ = try result(try request("chart/synchronize", nil), of: "chart/synchronize")
    if let id = reply.id, id != .null {
      for _ in 0..<copies {
        let r = try server.response(to: id)
        if let code = reply.code, r["error"]?["code"]?.intValue != code {
          throw OracleError("error codes", "expected error \(code), got \(JSONWriter.string(r).prefix(300))")
        }
      }
    }
    // Whatever the noise did to documents must show in their renders as patches did.
    try applyPatchNotifications()
    for d in docs { try verify(d) }
  }

  func noiseMessage() -> JSONValue {
    let uri: JSONValue = .string(docs.isEmpty ? "mem:none" : gen.pick(docs).uri)
    let id = gen.chance(1, in: 3) ? gen.pick([JSONValue.string("s-\(gen.choose(1000))"), .string(""), .string("売"), .number(-1),
                                                   .number(9_007_199_254_740_991), .number(-9_007_199_254_740_992)]) : server.newID()
    switch gen.choose(16) {
    case 0: return InProcessServer.message(gen.pick(["chart/frobnicate", "textDocument/didOpen", "", "CHART/RENDER"]), [:], id: id)
    case 1: return ["jsonrpc": "2.0", "id": id, "method": "chart/render", "params": gen.pick([5, "uri", true])]
    case 2: return gen.pick([[["jsonrpc": "2.0", "id": 1, "method": "shutdown"]], "text", 42, .null, []])
    case 3: return ["jsonrpc": gen.pick(["1.0", 2, .null]), "id": id, "method": "chart/render", "params": ["uri": uri]]
    case 4: return ["jsonrpc": "2.0", "id": gen.pick([["a": 1], true, 1.5, [1], 1e300]), "method": "chart/render", "params": ["uri": uri]]
    case 5: return ["jsonrpc": "2.0", "id": .null, "method": "chart/synchronize"]
    case 6: return InProcessServer.message("chart/render", ["uri": uri], id: id)
    case 7: return InProcessServer.message("initialize", ["processId": .null], id: id)
    case 8: return InProcessServer.message(gen.pick(["$/setTrace", "$/progress", "unknown/notification"]), [:], id: nil)
    case 9: return InProcessServer.message(gen.pick(["chart/open", "chart/update", "chart/hitTest", "chart/renderSpec", "chart/close"]), gen.pick([nil, [:], ["uri": 5]]), id: id)
    case 10: return ["jsonrpc": "2.0", "id": id, "method": 12]
    case 11: return ["jsonrpc": "2.0", "id": id, "result": .null]
    case 12: return InProcessServer.message("chart/update", ["uri": "mem:unknown", "version": 9, "edits": []], id: id)
    case 13:
      // A cancel as it should be (a notification), or sent with an id (answered -32600).
      let cancel = InProcessServer.message("$/cancelRequest", ["id": gen.pick([server.newID(), "x", .null])], id: .none)
      return gen.chance(1, in: 4) ? InProcessServer.message("$/cancelRequest", ["id": server.newID()], id: id) : cancel
    case 14: return gen.corrupt(InProcessServer.message("chart/hitTest", ["uri": uri, "x": 10, "y": 10], id: id))
    default: return InProcessServer.message("chart/getSpec", gen.pick([["uri": uri], [:]]), id: id)
    }
  }

  /// The reply JSON-RPC 2.0 calls for: which id it carries (nil: no reply; `null`: an error that
  /// cannot name the request) and, where the protocol fixes it, the error code.
  static func expectedReply(_ m: JSONValue) -> (id: JSONValue?, code: Int?) {
    guard case .object(let o) = m else { return (.null, -32600) }
    var id: JSONValue? = o["id"]
    if let raw = id, !raw.isNull {
      // transport.md: a string, or an integer a double holds exactly (within ±(2^53 − 1)).
      let valid = raw.stringValue != nil || raw.intValue.map { $0.magnitude <= 9_007_199_254_740_991 } == true
      if !valid { return (.null, -32600) }
    }
    guard o["jsonrpc"] == "2.0" else { return (id ?? .null, -32600) }
    guard let method = o["method"] else { return o["result"] != nil || o["error"] != nil ? (.none, .none) : (id ?? .null, -32600) }
    guard let name = method.stringValue else { return (id ?? .null, -32600) }
    if let p = o["params"], !p.isNull, p.objectValue == nil, p.arrayValue == nil { return (id ?? .null, -32600) }
    if id == .null { return (.null, -32600) }
    guard let request = id else { return (.none, .none) }
    id = request
    // A cancel is a notification: sent with an id it is answered -32600.
    if name == "initialize" || name == "$/cancelRequest" { return (request, -32600) }
    let known = ["chart/open", "chart/update", "chart/render", "chart/hitTest", "chart/close", "chart/renderSpec",
                 "chart/synchronize", "chart/getSpec", "shutdown"]
    return (request, known.contains(name) ? nil : -32601)
  }
}
