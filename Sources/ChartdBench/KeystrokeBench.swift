import ChartdJSON
import Foundation

/// `chartd-bench keystroke`: an editor typing in a chart spec file, through the real daemon as its
/// language server: a 2,000-line spec with 10,000 entries is open with a live preview, and each sample
/// is one `textDocument/didChange` of one character, timed from its first byte written to the
/// `publishDiagnostics` of that version and to the `chart/patch` of the preview.
enum KeystrokeBench {
  static let uri = "file:///bench/keystroke.chart.json"

  static func run(_ args: BenchArguments) throws {
    KeystrokeStages.run(samples: args.int("samples", default: 200), entries: args.int("entries", default: 10_000))
    let chartd = args.string("chartd", default: ".build/release/chartd")
    let samples = args.int("samples", default: 200)
    let warmup = args.int("warmup", default: 20)
    let (text, lines) = spec(entries: args.int("entries", default: 10_000))
    let daemon = try DaemonClient(executable: chartd)
    defer { daemon.shutdown() }
    _ = try daemon.initialize()
    var version = 1
    try daemon.write(DaemonClient.notification("textDocument/didOpen", params: ["textDocument": [
      "uri": .string(uri), "languageId": "chart-json", "version": 1, "text": .string(text)]]))
    _ = try wait(daemon, version: 1, patch: false)
    _ = try daemon.call("chart/preview", params: ["textDocument": ["uri": .string(uri)]]).result()

    // Two kinds of keystroke: a digit of an entry's value (the data changes: one chunk of the line
    // is drawn again), and a letter typed in the title (the data stays).
    let titleLine = 2
    var titleColumn = Array(lines[titleLine].utf16).count - 2
    for kind in ["edit-entry", "type-title"] {
      var diagnostics: [Double] = []
      var patches: [Double] = []
      var rng = UInt64(42)
      for k in 0..<(warmup + samples) {
        version += 1
        let change: JSONValue
        if kind == "edit-entry" {
          // The last digit of the y of an entry on a random data line: 1 ↔ 2 keeps every value inside
          // the axis range, as typing mostly does.
          rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          let line = 5 + Int((rng >> 33) % UInt64(lines.count - 8))
          let column = Array(lines[line].utf16).count - 3
          let digit = version % 2 == 0 ? "2" : "1"
          change = ["range": range(line, column, line, column + 1), "text": .string(digit)]
        } else {
          change = ["range": range(titleLine, titleColumn, titleLine, titleColumn), "text": "x"]
          titleColumn += 1
        }
        let message = DaemonClient.notification("textDocument/didChange", params: [
          "textDocument": ["uri": .string(uri), "version": .number(Double(version))], "contentChanges": [change]])
        let t0 = BenchClock.now()
        try daemon.write(message)
        let (toDiagnostics, toPatch) = try wait(daemon, version: version, patch: true, since: t0)
        if k >= warmup {
          diagnostics.append(toDiagnostics)
          patches.append(toPatch)
        }
      }
      let fields: [String: JSONValue] = ["lines": .number(Double(lines.count)), "bytes": .number(Double(text.utf8.count))]
      BenchRecord(workload: "keystroke", op: "\(kind)-diagnostics", samplesMS: diagnostics, fields: fields).emit()
      BenchRecord(workload: "keystroke", op: "\(kind)-patch", samplesMS: patches, fields: fields).emit()
    }
  }

  /// Reads messages until the diagnostics of `version` (and, with `patch`, the next `chart/patch`)
  /// arrived; the milliseconds from `since` to each.
  static func wait(_ daemon: DaemonClient, version: Int, patch: Bool, since t0: UInt64 = BenchClock.now()) throws
    -> (diagnostics: Double, patch: Double)
  {
    var diagnostics: Double?
    var patched: Double?
    while diagnostics == nil || (patch && patched == nil) {
      let body = try daemon.readMessage()
      let ms = BenchClock.ms(since: t0)
      let m = try JSONReader.parse(body)
      switch m["method"]?.stringValue {
      case "textDocument/publishDiagnostics" where m["params"]?["version"]?.intValue == version:
        guard m["params"]?["diagnostics"]?.arrayCount == 0 else { throw BenchError("the keystroke spec has diagnostics: \(m)") }
        diagnostics = ms
      case "chart/patch":
        patched = ms
      default:
        break
      }
    }
    return (diagnostics ?? 0, patched ?? 0)
  }

  static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSONValue {
    ["start": ["line": .number(Double(l0)), "character": .number(Double(c0))],
     "end": ["line": .number(Double(l1)), "character": .number(Double(c1))]]
  }

  /// A line chart of `entries` [x, y] pairs, five to a line (2,000 lines for 10,000), as a person
  /// would format it; its lines for positioning the changes.
  static func spec(entries: Int) -> (text: String, lines: [String]) {
    var lines = ["{", "  \"kind\": \"line\",", "  \"title\": \"Keystrokes\",", "  \"dataSets\": [",
                 "    {\"id\": \"signal\", \"label\": \"Signal\", \"entries\": ["]
    var walk = 50.0
    var rng = UInt64(7)
    var row: [String] = []
    for i in 0..<entries {
      rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      walk += Double(Int((rng >> 33) % 21) - 10) / 10
      walk = min(max(walk, 10), 90)
      row.append("[\(i), \(String(format: "%.1f", walk))1]")
      if row.count == 5 || i == entries - 1 {
        lines.append("      " + row.joined(separator: ", ") + (i == entries - 1 ? "" : ","))
        row = []
      }
    }
    lines += ["    ]}", "  ],", "  \"legend\": {\"enabled\": true}", "}"]
    return (lines.joined(separator: "\n"), lines)
  }
}
