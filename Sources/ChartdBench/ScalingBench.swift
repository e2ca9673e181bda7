import ChartdJSON
import Foundation

/// `chartd-bench scaling`: how open, append, legend toggle and highlight grow with the data size.
///
/// One fresh daemon per size (so its peak RSS belongs to that size). The files hold a long line
/// `s` plus a 1,000-point reference line `ref`; the toggle hides and shows `ref`.
enum ScalingBench {
  static let defaultSizes = ["1k", "10k", "100k", "1M", "10M"]

  static func run(_ args: BenchArguments) throws {
    let dataDir = args.string("data", default: "bench/data")
    let samples = args.int("samples", default: 20)
    let warmup = args.int("warmup", default: 3)
    for size in args.list("sizes", default: defaultSizes) {
      let id = "scale-" + size
      let wl: Workload
      do { wl = try Workload.load(id, dataDir: dataDir) } catch {
        BenchRecord(workload: id, op: "scale-open", fields: ["skipped": .string("\(error)")]).emit()
        continue
      }
      let client = try DaemonClient(executable: ProtocolBench.chartdPath(args))
      _ = try client.initialize()
      var runner = ProtocolOps(client: client, samples: samples, warmup: warmup)
      // Opening 1M+ points takes long enough that a few samples say enough.
      let opens = wl.entryCount >= 1_000_000 ? 3 : 10
      let savedWarmup = runner.warmup
      runner.warmup = 1
      var records = [BenchRecord]()
      func attempt(_ op: String, _ body: () throws -> BenchRecord) {
        do { records.append(try body()) } catch {
          records.append(BenchRecord(workload: id, op: op, fields: ["error": .string("\(error)")]))
        }
      }
      attempt("scale-open") { try runner.measureOpen(wl, op: "scale-open", samples: opens) }
      runner.warmup = savedWarmup
      attempt("scale-append") { try runner.measureAppend(wl, op: "scale-append") }
      attempt("scale-toggle") { try runner.measureToggle(wl, dataSet: "ref", op: "scale-toggle") }
      attempt("scale-highlight") { try runner.measureHighlight(wl, op: "scale-highlight") }
      let rss = client.peakRSSKiB
      client.shutdown()
      for var r in records {
        r.fields["entries"] = .number(Double(wl.entryCount))
        if let rss { r.fields["daemon_peak_rss_kib"] = .number(Double(rss)) }
        r.emit()
      }
    }
  }
}
