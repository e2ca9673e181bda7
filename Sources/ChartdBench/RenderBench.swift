import ChartCore
import ChartdJSON
import Foundation

/// `chartd-bench render`: full renders in-process (spec JSON value → ChartSpec → model → SVG text).
///
/// Times what a peer library does in one render: from data in memory to SVG text. Reading the
/// JSON text is left out, as it is for the peers (they get Python lists).
enum RenderBench {
  static let defaultWorkloads = ["W1", "W2", "W2b", "W3", "W4", "W5", "W5b", "W6"]

  static func run(_ args: BenchArguments) throws {
    let dataDir = args.string("data", default: "bench/data")
    let samples = args.int("samples", default: 20)
    let warmup = args.int("warmup", default: 3)
    let maxSeconds = Double(args.int("max-seconds", default: 30))
    for name in args.list("workloads", default: defaultWorkloads) {
      // "W2b@lossless" renders W2b with every point drawn (no M4 aggregation).
      let parts = name.split(separator: "@").map(String.init)
      var wl = try Workload.load(parts[0], dataDir: dataDir)
      if parts.count > 1, var o = wl.spec.objectValue {
        o["largeData"] = .object(["mode": .string(parts[1])])
        wl.spec = .object(o)
      }
      if args.has("save") {
        // Writes the SVG next to the data so that a person can look at what was timed.
        let svg = try renderOnce(wl.spec).svg
        try svg.write(toFile: args.string("save", default: ".") + "/\(name).svg", atomically: true, encoding: .utf8)
      }
      try measure(wl, name: name, samples: samples, warmup: warmup, maxSeconds: maxSeconds).emit()
    }
  }

  /// One full render; the parsed spec is returned too so that a placeholder parser can be noticed.
  static func renderOnce(_ spec: JSONValue) throws -> (svg: String, dataSets: Int, warnings: [String]) {
    let log = DiagnosticLog()
    guard let parsed = ChartSpec.parse(spec, log: log) else {
      throw BenchError("spec rejected: " + log.errors.prefix(3).map(\.description).joined(separator: "; "))
    }
    let chart = ChartRenderer.render(ChartModel(spec: parsed), prefix: "bench")
    return (chart.svg, parsed.dataSets.count, log.warnings.map(\.description))
  }

  static func measure(_ wl: Workload, name: String, samples: Int, warmup: Int, maxSeconds: Double) throws -> BenchRecord {
    var record = BenchRecord(workload: name, op: "render")
    let first = try renderOnce(wl.spec)
    if first.dataSets != wl.dataSetIDs.count {
      // The spec parser on this branch is still the skeleton's placeholder: nothing real to time.
      record.fields["skipped"] = "not available yet (spec parser is a placeholder)"
      return record
    }
    for _ in 0..<max(0, warmup - 1) { _ = try renderOnce(wl.spec) }
    var times = [Double]()
    var bytes = first.svg.utf8.count
    let start = BenchClock.now()
    while times.count < samples {
      let (ms, out) = try BenchClock.measure { try renderOnce(wl.spec) }
      times.append(ms)
      bytes = out.svg.utf8.count
      if times.count >= 5, BenchClock.ms(since: start) > maxSeconds * 1000 { break }
    }
    record.samplesMS = times
    record.fields["bytes"] = .number(Double(bytes))
    record.fields["entries"] = .number(Double(wl.entryCount))
    if first.svg.contains("data-mode=\"m4\"") { record.fields["note"] = "M4 aggregation (pixel columns)" }
    // Warnings mean the workload spec uses a key chartd does not know: the benchmark should be fixed.
    if !first.warnings.isEmpty { record.fields["spec_warnings"] = .array(first.warnings.prefix(5).map(JSONValue.string)) }
    if let rss = ProcessMemory.kib("VmHWM") { record.fields["peak_rss_kib"] = .number(Double(rss)) }
    return record
  }
}
