import ChartdJSON
import Foundation

/// `chartd-bench protocol`: the real `chartd` binary over pipes, one operation on some workloads.
///
///     chartd-bench protocol --op open|append|toggle|highlight|setSpec-color|session --workloads W1,W2
///
/// `--daemon-cpu N` runs the daemon on CPU N only (under `taskset`); `--placement NAME` names where
/// client and daemon ran (`same`, `split`), appended to the records' op as `append@same`, as
/// bench/msgpath.py names its placements.
enum ProtocolBench {
  static let ops = ["open", "append", "toggle", "highlight", "setSpec-color", "session"]

  static func run(_ args: BenchArguments) throws {
    let dataDir = args.string("data", default: "bench/data")
    let op = args.string("op", default: "open")
    guard ops.contains(op) else { throw BenchError("unknown --op \(op); one of \(ops.joined(separator: ", "))") }
    let chartd = chartdPath(args)
    let client = args.has("daemon-cpu")
      ? try DaemonClient(executable: "/usr/bin/env", arguments: ["taskset", "-c", args.string("daemon-cpu", default: "0"), chartd])
      : try DaemonClient(executable: chartd)
    let placement = args.has("placement") ? "@" + args.string("placement", default: "") : ""
    _ = try client.initialize()
    defer { client.shutdown() }
    var runner = ProtocolOps(client: client, samples: args.int("samples", default: 20), warmup: args.int("warmup", default: 3))
    for id in args.list("workloads", default: ["W1"]) {
      let wl = try Workload.load(id, dataDir: dataDir)
      var records: [BenchRecord]
      do {
        switch op {
        case "open": records = [try runner.measureOpen(wl)]
        case "append": records = [try runner.measureAppend(wl, op: "append" + placement)]
        case "toggle": records = [try runner.measureToggle(wl)]
        case "highlight": records = [try runner.measureHighlight(wl)]
        case "setSpec-color": records = [try runner.measureSetSpecColor(wl)]
        default: records = try runner.measureSession(wl)
        }
      } catch {
        records = [BenchRecord(workload: id, op: op, fields: ["error": .string("\(error)")])]
      }
      for var r in records {
        if let rss = client.peakRSSKiB { r.fields["daemon_peak_rss_kib"] = .number(Double(rss)) }
        r.emit()
      }
    }
  }

  /// `--chartd PATH`, or the `chartd` next to this executable (both are built into the same folder).
  static func chartdPath(_ args: BenchArguments) -> String {
    if args.has("chartd") { return args.string("chartd", default: "chartd") }
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("chartd").path
  }
}
