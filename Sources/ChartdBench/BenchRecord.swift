import ChartdJSON
import Foundation

/// One result line: a tool, a workload, an operation and its timing samples.
struct BenchRecord {
  var workload: String
  var op: String
  var samplesMS: [Double] = []
  /// Extra fields (bytes, RSS, notes, …) written as they are.
  var fields: [String: JSONValue] = [:]

  init(workload: String, op: String, samplesMS: [Double] = [], fields: [String: JSONValue] = [:]) {
    self.workload = workload
    self.op = op
    self.samplesMS = samplesMS
    self.fields = fields
  }

  /// Nearest-rank percentile of the samples (p in 0…100).
  static func percentile(_ samples: [Double], _ p: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let s = samples.sorted()
    let rank = max(1, Int((p / 100 * Double(s.count)).rounded(.up)))
    return s[min(rank, s.count) - 1]
  }

  static func median(_ samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let s = samples.sorted()
    let mid = s.count / 2
    return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
  }

  static func round4(_ d: Double) -> Double { (d * 10_000).rounded() / 10_000 }

  var json: JSONValue {
    var o = fields
    o["side"] = "chartd"
    o["tool"] = "chartd"
    o["workload"] = .string(workload)
    o["op"] = .string(op)
    if !samplesMS.isEmpty {
      o["samples_ms"] = .numbers(samplesMS.map(BenchRecord.round4))
      o["median_ms"] = BenchRecord.median(samplesMS).map { .number(BenchRecord.round4($0)) } ?? .null
      o["p99_ms"] = BenchRecord.percentile(samplesMS, 99).map { .number(BenchRecord.round4($0)) } ?? .null
      o["min_ms"] = samplesMS.min().map { .number(BenchRecord.round4($0)) } ?? .null
    }
    return .object(o)
  }

  /// Prints the record as one JSON line on stdout.
  func emit() {
    var bytes = JSONWriter.bytes(json)
    bytes.append(0x0A)
    FileHandle.standardOutput.write(Data(bytes))
  }
}

/// Writes a progress line on stderr (stdout is reserved for result lines).
func benchLog(_ message: String) {
  FileHandle.standardError.write(Data(("chartd-bench: " + message + "\n").utf8))
}
