import ChartdJSON
import Foundation

/// Measures JSON parse and serialise throughput on million-point data sets, ours against
/// Foundation's `JSONSerialization`.
///
/// Results are JSON lines on stdout (one per data set and operation, like every other
/// chartd-bench command); a small table goes to stderr.
public enum JSONThroughput {
  /// Runs the benchmark; arguments: `--points N` (default 1,000,000), `--runs N` (default 5),
  /// `--sets a,b` (only these data sets; by default the main four, or all with `--parse-only`),
  /// `--parse-only` (only our plain parse, every row form: quick A/B runs), `--messages` (small
  /// messages, `--count N` of each per run: `JSONThroughput+Messages.swift`).
  public static func run(arguments: [String]) {
    let points = intArgument("--points", in: arguments) ?? 1_000_000
    let runs = max(1, intArgument("--runs", in: arguments) ?? 5)
    let only = arguments.firstIndex(of: "--sets").flatMap { i in
      i + 1 < arguments.count ? Set(arguments[i + 1].split(separator: ",").map(String.init)) : nil
    }
    if arguments.contains("--messages") {
      parseMessages(runs: runs, count: min(max(1, intArgument("--count", in: arguments) ?? 100_000), 100_000_000))
      return
    }
    if arguments.contains("--parse-only") {
      parseOnly(dataSets(points: points).filter { only?.contains($0.0) ?? true }, points: points, runs: runs)
      return
    }
    var table = ["JSON throughput, \(points) points, MB/s (median of \(runs) runs after one warm-up)",
      pad("data set", 28) + pad("size", 10) + pad("parse", 8) + pad("+map", 8) + pad("Found.", 8) + pad("write", 8) + pad("Found.", 8)]
    // The extra row forms are for the quick parse comparison; the full run keeps to the main four.
    let full = only ?? ["columnar-4dp", "rows-4dp", "columnar-17digits", "svg-fragments"]
    for (name, value) in dataSets(points: points) where full.contains(name) {
      let bytes = JSONWriter.bytes(value)
      let data = Data(bytes)
      guard let parsed = try? JSONReader.parse(bytes), parsed == value, JSONWriter.bytes(parsed) == bytes else {
        benchLog("json: \(name): the reader did not reproduce the value")
        continue
      }
      let parse = samples(runs) { _ = try? JSONReader.parse(bytes) }
      // The positioned parse of the language server: the same pass, also recording every value's range.
      let positioned = samples(runs) { _ = try? JSONReader.parseWithSourceMap(bytes) }
      let foundationParse = samples(runs) { _ = try? JSONSerialization.jsonObject(with: data) }
      let write = samples(runs) { _ = JSONWriter.bytes(value) }
      let foundationObject = (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
      let foundationBytes = (try? JSONSerialization.data(withJSONObject: foundationObject))?.count ?? 0
      let foundationWrite = samples(runs) { _ = try? JSONSerialization.data(withJSONObject: foundationObject) }

      let results = [
        ("parse", parse, bytes.count), ("parse-with-source-map", positioned, bytes.count),
        ("foundation-parse", foundationParse, bytes.count),
        ("write", write, bytes.count), ("foundation-write", foundationWrite, foundationBytes),
      ]
      var row = pad(name, 28) + pad(String(format: "%.1f MB", Double(bytes.count) / 1e6), 10)
      for (op, samplesMS, size) in results {
        let rate = megabytesPerSecond(size, samplesMS)
        BenchRecord(workload: "json-" + name, op: op, samplesMS: samplesMS,
          fields: ["bytes": .number(Double(size)), "mb_per_s": .number(rate.rounded())]).emit()
        row += pad(String(format: "%.0f", rate), 8)
      }
      table.append(row)
    }
    for line in table { benchLog(line) }
  }

  /// Our parse alone, the data sets interleaved run by run so that a changing machine load falls on
  /// all of them alike; the median of each.
  static func parseOnly(_ sets: [(String, JSONValue)], points: Int, runs: Int) {
    let inputs = sets.map { ($0.0, JSONWriter.bytes($0.1), $0.1) }
    for (name, bytes, value) in inputs where (try? JSONReader.parse(bytes)) != value {
      benchLog("json: \(name): the reader did not reproduce the value")
    }
    var samplesMS = Array(repeating: [Double](), count: inputs.count)
    var cpuMS = Array(repeating: [Double](), count: inputs.count)
    for run in 0...runs {
      for (k, input) in inputs.enumerated() {
        let cpu0 = BenchClock.threadCPU()
        let ms = BenchClock.measure { _ = try? JSONReader.parse(input.1) }.ms
        let cpu = Double(BenchClock.threadCPU() &- cpu0) / 1e6
        if run > 0 {
          samplesMS[k].append(ms)
          cpuMS[k].append(cpu)
        }
      }
    }
    benchLog("JSON parse, \(points) points, MB/s (median of \(runs) interleaved runs after one warm-up): wall clock, thread CPU time")
    for (k, (name, bytes, _)) in inputs.enumerated() {
      let rate = megabytesPerSecond(bytes.count, samplesMS[k]), cpuRate = megabytesPerSecond(bytes.count, cpuMS[k])
      BenchRecord(workload: "json-" + name, op: "parse", samplesMS: samplesMS[k],
        fields: ["bytes": .number(Double(bytes.count)), "mb_per_s": .number(rate.rounded()),
                 "cpu_mb_per_s": .number(cpuRate.rounded())]).emit()
      benchLog(pad(name, 28) + pad(String(format: "%.1f MB", Double(bytes.count) / 1e6), 10)
        + pad(String(format: "%.0f", rate), 8) + String(format: "%.0f", cpuRate))
    }
  }

  /// Columnar and row forms of a fixed-seed random walk: y rounded to 4 decimals as typical
  /// measurements are, plus a full-precision variant (up to 17 significant digits), and a
  /// string-heavy patch response.
  static func dataSets(points: Int) -> [(String, JSONValue)] {
    var generator = WalkRandom(seed: 42)
    var walk = 1000.0
    var rounded = [Double](), full = [Double](), xs = [Double]()
    for i in 0..<points {
      walk += Double(generator.next() % 2001) / 1000 - 1
      let noisy = walk + Double(generator.next() >> 11) / Double(1 << 53)
      xs.append(Double(i))
      rounded.append((noisy * 10_000).rounded() / 10_000)
      full.append(noisy)
    }
    var rows = [JSONValue](), yRows = [JSONValue](), pairs = [JSONValue](), candles = [JSONValue]()
    var labelled = [JSONValue](), labels = [JSONValue]()
    for i in 0..<points {
      let y = JSONValue.number(rounded[i])
      rows.append(.object(["x": .number(xs[i]), "y": y]))
      yRows.append(.object(["y": y]))
      pairs.append(.numbers([xs[i], rounded[i]]))
      let spread = Double(i % 7) / 4
      candles.append(.object(["x": .number(xs[i]), "open": y, "high": .number(rounded[i] + spread),
                              "low": .number(rounded[i] - spread), "close": .number(rounded[(i + 1) % points])]))
      labels.append(.string("category \(i)"))
      labelled.append(.object(["y": y, "label": labels[i]]))
    }
    return [
      ("columnar-4dp", .object(["x": .numbers(xs), "y": .numbers(rounded)])),
      ("rows-4dp", .array(rows)),
      ("rows-y-4dp", .array(yRows)),
      ("pairs-4dp", .array(pairs)),
      ("rows-ohlc-4dp", .array(candles)),
      ("rows-labels-4dp", .array(labelled)),
      ("columnar-labels-4dp", .object(["y": .numbers(rounded), "labels": .array(labels)])),
      ("columnar-17digits", .object(["x": .numbers(xs), "y": .numbers(full)])),
      ("svg-fragments", svgFragments()),
    ]
  }

  /// A patch-like object: 100 SVG fragments of about 120 KiB each, full of quotes to escape.
  static func svgFragments() -> JSONValue {
    var fragments: [String: JSONValue] = [:]
    for region in 0..<100 {
      var markup = ""
      for j in 0..<2000 { markup += "<path id=\"r\(region)-\(j)\" d=\"M\(j) 10L\(j + 5) 20\" fill=\"#3366cc\"/>" }
      fragments["region\(region)"] = .string(markup)
    }
    return .object(["uri": "file:///chart.json", "fragments": .object(fragments)])
  }

  /// Wall-clock milliseconds of `runs` calls after one warm-up call.
  static func samples(_ runs: Int, _ body: () -> Void) -> [Double] {
    body()
    return (0..<runs).map { _ in BenchClock.measure(body).ms }
  }

  static func megabytesPerSecond(_ bytes: Int, _ samplesMS: [Double]) -> Double {
    guard let median = BenchRecord.median(samplesMS), median > 0 else { return 0 }
    return Double(bytes) / 1e6 / (median / 1000)
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  static func intArgument(_ name: String, in arguments: [String]) -> Int? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return Int(arguments[i + 1])
  }
}

/// SplitMix64: a small deterministic generator so every run measures the same data.
private struct WalkRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
