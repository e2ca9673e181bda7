import ChartCore
import ChartdJSON
import ChartdLanguage

/// The stages of one keystroke in-process, to see where `chartd-bench keystroke`'s time goes: the
/// text change, the positioned parse, the spec reader, the diagnostics' ranges, the preview's update.
enum KeystrokeStages {
  static func run(samples: Int, entries: Int) {
    let (text, lines) = KeystrokeBench.spec(entries: entries)
    var doc = TextDocument(uri: KeystrokeBench.uri, languageId: "chart-json", version: 1, text: text)
    let first = SpecAnalysis(doc.bytes)
    guard let spec = first.spec, let json = first.value else { return }
    var chart = ChartDocument(model: ChartModel(spec: spec), prefix: "k", specJSON: json)
    var current = first
    var times: [String: [Double]] = [:]
    for k in 0..<samples {
      let line = 5 + (k * 7_919) % (lines.count - 8)
      let column = Array(lines[line].utf16).count - 3
      let change = TextChange(range: TextRange(start: TextPosition(line: line, character: column),
                                               end: TextPosition(line: line, character: column + 1)), text: k % 2 == 0 ? "2" : "1")
      let before = doc.bytes
      let range = doc.offset(of: change.range!.start, encoding: .utf16)..<doc.offset(of: change.range!.end, encoding: .utf16)
      let (scalar, edited) = BenchClock.measure { current.scalarEdit(replacing: range, with: Array(change.text.utf8), in: before) }
      let (edit, _) = BenchClock.measure { doc.apply([change], version: k + 2, encoding: .utf16) }
      let (parse, parsed) = BenchClock.measure { try? JSONReader.parseWithSourceMap(doc.bytes) }
      let (read, _) = BenchClock.measure { ChartSpec.parse(parsed?.value ?? .null, log: DiagnosticLog()) }
      let (analysis, a) = BenchClock.measure { SpecAnalysis(doc.bytes) }
      let (reread, _) = BenchClock.measure { edited.map { SpecAnalysis(value: $0.value, map: $0.map) } }
      current = a
      let (ranges, _) = BenchClock.measure { a.languageDiagnostics(in: doc, encoding: .utf16) }
      let (preview, _) = BenchClock.measure { chart.replace(with: a.spec ?? spec, json: a.value ?? json) }
      for (name, ms) in [("text-change", edit), ("parse-with-source-map", parse), ("spec-reader", read),
                         ("full analysis (parse + reader)", analysis), ("diagnostic-ranges", ranges), ("preview-update", preview),
                         ("scalar-edit (the keystroke's value re-read, map shifted)", scalar),
                         ("spec-reader after a scalar edit", reread)] {
        times[name, default: []].append(ms)
      }
    }
    for (name, samples) in times.sorted(by: { $0.key < $1.key }) {
      BenchRecord(workload: "keystroke", op: "stage-" + name, samplesMS: samples).emit()
    }
  }
}
