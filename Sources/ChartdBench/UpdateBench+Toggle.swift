import ChartCore
import ChartdJSON

/// `chartd-bench update --op toggle --dataSet ID`: a `setVisibility` edit planned and applied in
/// process, hiding and showing one data set alternately, so a legend toggle is timed without pipes
/// or the request's text (the scaling workloads toggle their long line `s` this way to time the
/// cost of its M4 layer).
extension UpdateBench {
  static func runToggle(_ args: BenchArguments, dataDir: String, samples: Int, warmup: Int) throws {
    let dataSet = args.string("dataSet", default: "s")
    for name in args.list("workloads", default: ["scale-1M"]) {
      let wl = try Workload.load(name, dataDir: dataDir)
      guard let spec = ChartSpec.parse(wl.spec, log: DiagnosticLog()), spec.dataSets.contains(where: { $0.id == dataSet }) else {
        throw BenchError("\(name): no data set '\(dataSet)'")
      }
      var document = ChartDocument(model: ChartModel(spec: spec), prefix: "bench")
      var evictor = CacheEvictor(kib: args.int("evict-kib", default: 0))
      var hide: [Double] = []
      var show: [Double] = []
      var rendered: [Bool: Int] = [:]
      for k in 0..<(warmup + samples) {
        for visible in [false, true] {
          let edits: JSONValue = [["op": "setVisibility", "dataSet": .string(dataSet), "visible": .bool(visible)]]
          evictor.evict()
          let (ms, patch) = try BenchClock.measure { try document.applied(edits) }
          if k >= warmup { visible ? show.append(ms) : hide.append(ms) }
          rendered[visible] = patch.rendered.count
        }
      }
      for (visible, samples) in [(false, hide), (true, show)] {
        var record = BenchRecord(workload: name, op: (visible ? "update-show-" : "update-hide-") + dataSet, samplesMS: samples)
        record.fields["regions_rendered"] = .number(Double(rendered[visible] ?? 0))
        record.emit()
      }
    }
  }
}
