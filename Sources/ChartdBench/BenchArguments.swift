/// `--key value` and `--flag` command-line options of one subcommand.
struct BenchArguments {
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  init(_ arguments: [String]) {
    var k = 0
    while k < arguments.count {
      let a = arguments[k]
      guard a.hasPrefix("--") else { k += 1; continue }
      let key = String(a.dropFirst(2))
      if k + 1 < arguments.count, !arguments[k + 1].hasPrefix("--") {
        values[key] = arguments[k + 1]
        k += 2
      } else {
        flags.insert(key)
        k += 1
      }
    }
  }

  func string(_ key: String, default d: String) -> String { values[key] ?? d }
  func int(_ key: String, default d: Int) -> Int { values[key].flatMap { Int($0) } ?? d }
  func has(_ key: String) -> Bool { flags.contains(key) || values[key] != nil }
  /// A comma-separated list (`--workloads W1,W2`).
  func list(_ key: String, default d: [String]) -> [String] {
    guard let v = values[key] else { return d }
    return v.split(separator: ",").map(String.init)
  }
}
