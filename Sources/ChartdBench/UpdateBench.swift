import ChartCore
import ChartdJSON

/// `chartd-bench update`: an edit planned and applied in process, as the daemon does for
/// `chart/update` (`ChartDocument.plan` and `apply`: the layout is kept when the axes stay),
/// appending one point at a time to the first data set (x grows by 1, y repeats the last value),
/// so the incremental path is timed without pipes or the request's JSON text.
///
/// `--evict-kib N` writes N KiB of other memory before each sample: a daemon woken by a request
/// meets caches that other programs (and the idle CPU) have emptied, which a back-to-back loop
/// never does.
enum UpdateBench {
  static func run(_ args: BenchArguments) throws {
    let dataDir = args.string("data", default: "bench/data")
    let samples = args.int("samples", default: 50)
    let warmup = args.int("warmup", default: 3)
    var evictor = CacheEvictor(kib: args.int("evict-kib", default: 0))
    if args.string("op", default: "append") == "toggle" {
      return try runToggle(args, dataDir: dataDir, samples: samples, warmup: warmup)
    }
    for name in args.list("workloads", default: ["W2"]) {
      let wl = try Workload.load(name, dataDir: dataDir)
      let log = DiagnosticLog()
      guard let spec = ChartSpec.parse(wl.spec, log: log), let first = spec.dataSets.first,
            let lastX = first.entries.x.last, let lastY = first.entries.y.last else {
        throw BenchError("\(name): no data set to append to")
      }
      var document = ChartDocument(model: ChartModel(spec: spec), prefix: "bench")
      var x = lastX
      var times: [Double] = []
      var regions: [Double] = []
      for k in 0..<(warmup + samples) {
        x += 1
        let edits: JSONValue = [["op": "appendEntries", "dataSet": .string(first.id),
                                 "entries": ["x": .numbers([x]), "y": .numbers([lastY])]]]
        evictor.evict()
        let (ms, patch) = try BenchClock.measure { try document.applied(edits) }
        if k >= warmup {
          times.append(ms)
          regions.append(Double(patch.rendered.count))
        }
      }
      var record = BenchRecord(workload: name, op: "update-append", samplesMS: times)
      record.fields["regions_rendered"] = .number(regions.max() ?? 0)
      record.emit()
    }
  }
}

extension ChartDocument {
  /// Plans `edits` as a `chart/update` would and applies them; an edit the document refuses stops
  /// the benchmark.
  mutating func applied(_ edits: JSONValue) throws -> ChartPatch {
    let log = DiagnosticLog()
    guard let plan = plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) else {
      throw BenchError("edit refused: \(log.items.map(\.message))")
    }
    return apply([plan])
  }
}

/// Memory written between samples so that the next one starts with cold caches (`--evict-kib`).
struct CacheEvictor {
  private var buffer: [UInt8]
  private var round: UInt8 = 0

  init(kib: Int) { buffer = [UInt8](repeating: 0, count: max(0, kib) * 1024) }

  /// Writes one byte in every cache line of the buffer.
  mutating func evict() {
    guard !buffer.isEmpty else { return }
    round &+= 1
    let value = round
    buffer.withUnsafeMutableBufferPointer { b in
      var i = 0
      while i < b.count {
        b[i] = value
        i += 64
      }
    }
  }
}
