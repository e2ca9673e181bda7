import ChartdJSON
import Foundation

/// One benchmark workload file written by bench/gen_data.py: `{id, what, kind, spec}`.
struct Workload {
  var id: String
  var what: String
  /// The chartd chart spec (the one copy of the data).
  var spec: JSONValue

  /// Reads `<dataDir>/<id>.json`.
  static func load(_ id: String, dataDir: String) throws -> Workload {
    let path = dataDir + "/" + id + ".json"
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchError("cannot read \(path) (run bench/gen_data.py first)")
    }
    let json = try JSONReader.parse([UInt8](data))
    guard let spec = json["spec"], spec.objectValue != nil else { throw BenchError("\(path): no spec object") }
    return Workload(id: id, what: json["what"]?.stringValue ?? id, spec: spec)
  }

  /// Ids of the data sets, in order.
  var dataSetIDs: [String] {
    (spec["dataSets"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
  }

  /// The columnar entries of the data set with `id` (x and y), if it is columnar.
  func columns(_ id: String) -> (x: [Double], y: [Double])? {
    guard let ds = (spec["dataSets"]?.arrayValue ?? []).first(where: { $0["id"]?.stringValue == id }),
          let x = ds["entries"]?["x"]?.numberArray, let y = ds["entries"]?["y"]?.numberArray else { return nil }
    return (x, y)
  }

  /// Number of entries of all data sets together.
  var entryCount: Int {
    (spec["dataSets"]?.arrayValue ?? []).reduce(0) { $0 + ($1["entries"]?["x"]?.arrayCount ?? 0) }
  }

  /// A copy of the spec with one data set's member replaced (e.g. its colour).
  func spec(settingDataSet id: String, _ key: String, to value: JSONValue) -> JSONValue {
    Workload.setting(spec, dataSet: id, key, to: value)
  }

  static func setting(_ spec: JSONValue, dataSet id: String, _ key: String, to value: JSONValue) -> JSONValue {
    guard var o = spec.objectValue, var sets = o["dataSets"]?.arrayValue else { return spec }
    for k in sets.indices where sets[k]["id"]?.stringValue == id {
      if var ds = sets[k].objectValue { ds[key] = value; sets[k] = .object(ds) }
    }
    o["dataSets"] = .array(sets)
    return .object(o)
  }
}

/// A failure of the benchmark itself (missing file, daemon died, unexpected reply).
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}
