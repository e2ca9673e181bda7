import ChartdJSON
import Foundation

/// The start and end of a conversation, and the one-response-per-request accounting.
extension Oracle {
  func begin() throws(OracleError) {
    log("initialize")
    if options.protocolNoise, gen.chance(1, in: 2) {
      // Before initialize every request is refused with -32002, and notifications are dropped.
      let early = try request("chart/render", ["uri": "mem:early"])
      guard early["error"]?["code"]?.intValue == -32002 else {
        throw OracleError("lifecycle", "a request before initialize was answered with \(JSONWriter.string(early))")
      }
      notify("chart/update", ["uri": "mem:early", "version": 2, "edits": []])
    }
    var chart: [String: JSONValue] = [:]
    if options.clientKeepsPreviousMarkup { chart["previousMarkup"] = true }
    if options.clientAppliesSplices { chart["markupSplices"] = true }
    let capabilities: JSONValue = chart.isEmpty ? [:] : ["chart": .object(chart)]
    let r = try result(try request("initialize", ["processId": .null, "capabilities": capabilities]), of: "initialize")
    guard r["capabilities"]?["chart"] != nil else { throw OracleError("initialize", "the result has no capabilities.chart") }
    notify("initialized", [:])
  }

  /// Shuts down and exits, then checks that every request got exactly one response.
  func finish() throws(OracleError) {
    log("finish")
    let graceful = !options.protocolNoise || !gen.chance(1, in: 5)
    if graceful {
      let r = try request("shutdown", nil)
      guard r["result"] == .null, r["error"] == nil else { throw OracleError("lifecycle", "shutdown answered \(JSONWriter.string(r))") }
      if options.protocolNoise, gen.chance(1, in: 2) {
        let late = try request("chart/render", ["uri": .string(docs.first?.uri ?? "mem:x")])
        guard late["error"]?["code"]?.intValue == -32600 else {
          throw OracleError("lifecycle", "a request after shutdown was answered with \(JSONWriter.string(late))")
        }
      }
    } else {
      // The barrier makes every earlier response arrive before the accounting below.
      _ = try request("chart/synchronize", nil)
    }
    try checkAccounting()
    notify("exit", nil)
    let deadline = Date().addingTimeInterval(server.timeout)
    while server.exited == nil, Date() < deadline { usleep(200) }
    guard let code = server.exited else { throw OracleError("lifecycle", "the server did not ask to exit after 'exit'") }
    guard code == (graceful ? 0 : 1) else {
      throw OracleError("lifecycle", "exit code \(code) after exit \(graceful ? "with" : "without") shutdown")
    }
    try checkServerOutput()
  }

  /// Every id got as many responses as requests were sent with it (and none unasked).
  func checkAccounting() throws(OracleError) {
    let got = server.sink.responseCounts
    for (id, n) in expected where got[id, default: 0] != n {
      throw OracleError("one response per request", "request id \(JSONWriter.string(id)) was sent \(n) time(s) but answered \(got[id, default: 0]) time(s)")
    }
    for (id, n) in got where expected[id] == nil {
      throw OracleError("one response per request", "\(n) response(s) with id \(JSONWriter.string(id)) that no request of this kind asked for")
    }
  }
}
