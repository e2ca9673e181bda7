import ChartdJSON
import Foundation

/// `chartd-bench cold`: a fresh `chartd` process each run.
///
/// `cold-init`: spawn → initialize reply. `cold-open`: spawn → the full SVG of W1 (initialize,
/// initialized and chart/open are written at once, as a client that does not wait would).
enum ColdBench {
  static func run(_ args: BenchArguments) throws {
    let chartd = ProtocolBench.chartdPath(args)
    let runs = args.int("runs", default: 20)
    let wl = try Workload.load(args.string("workload", default: "W1"), dataDir: args.string("data", default: "bench/data"))
    let specBytes = JSONWriter.bytes(wl.spec)
    let initParams: JSONValue = ["processId": .null, "clientInfo": ["name": "chartd-bench"], "capabilities": [:]]

    var initTimes = [Double](), openTimes = [Double]()
    var svgBytes = 0
    // Run 0 is a warm-up (file cache); it is not counted.
    for k in 0...runs {
      let t0 = BenchClock.now()
      let c = try DaemonClient(executable: chartd)
      try c.write(c.request("initialize", params: initParams).bytes)
      _ = try c.readReply()
      let ms = BenchClock.ms(since: t0)
      c.closeAndWait()
      if k > 0 { initTimes.append(ms) }
    }
    for k in 0...runs {
      let t0 = BenchClock.now()
      let c = try DaemonClient(executable: chartd)
      var out = c.request("initialize", params: initParams).bytes
      out += DaemonClient.notification("initialized", params: [:])
      out += c.request("chart/open", paramsBytes: ProtocolOps.openParams(uri: "bench://cold", specBytes: specBytes)).bytes
      try c.write(out)
      _ = try c.readReply()
      let body = try c.readReply()
      let ms = BenchClock.ms(since: t0)
      if k == 0 {
        let reply = DaemonClient.Reply(ms: ms, requestBytes: out.count, replyBytes: body.count, body: body)
        svgBytes = try reply.result()["svg"]?.stringValue?.utf8.count ?? 0
      }
      c.closeAndWait()
      if k > 0 { openTimes.append(ms) }
    }
    BenchRecord(workload: "-", op: "cold-init", samplesMS: initTimes, fields: ["note": "spawn to initialize reply"]).emit()
    BenchRecord(workload: wl.id, op: "cold", samplesMS: openTimes, fields: [
      "bytes": .number(Double(svgBytes)), "note": .string("spawn to the full SVG of \(wl.id) over pipes"),
    ]).emit()
  }
}
