import ChartCore
import ChartdJSON
import Foundation
import Testing

/// One JSON block of a protocol document marked `<!-- example: KIND [PATH] -->`.
struct DocExample: Sendable, CustomStringConvertible {
  let file: String
  let line: Int
  let kind: String
  let argument: String?
  let text: String

  var description: String { "\(file):\(line)" }

  /// The repository root, found from this source file (Tests/ChartCoreTests/Spec/…).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every marked example of `protocol/spec/<name>`.
  static func load(_ name: String) -> [DocExample] {
    let url = root.appendingPathComponent("protocol/spec").appendingPathComponent(name)
    guard let doc = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = doc.components(separatedBy: "\n")
    var out: [DocExample] = []
    var n = 0
    while n < lines.count {
      let line = lines[n].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("<!-- example:"), line.hasSuffix("-->") else {
        n += 1
        continue
      }
      let words = line.dropFirst("<!-- example:".count).dropLast(3).split(separator: " ").map(String.init)
      var body: [String] = []
      var k = n + 2  // skip the opening fence
      while k < lines.count, !lines[k].hasPrefix("```") {
        body.append(lines[k])
        k += 1
      }
      out.append(DocExample(file: name, line: n + 1, kind: words.first ?? "", argument: words.dropFirst().first,
                            text: body.joined(separator: "\n")))
      n = k
    }
    return out
  }
}

/// The examples in protocol/spec are read by the real parser, so the documents cannot drift from it.
@Suite struct DocExamplesTests {
  static let specExamples = DocExample.load("chart-spec.md")
  static let editExamples = DocExample.load("edits.md")
  static let radarExamples = DocExample.load("radar.md")
  static let axesExamples = DocExample.load("axes.md")
  static let seriesExamples = DocExample.load("series.md")
  static let pieExamples = DocExample.load("pie-and-highlight.md")

  @Test func documentsHaveExamples() {
    #expect(Self.specExamples.filter { $0.kind == "spec" }.count >= 7)
    #expect(Self.editExamples.filter { $0.kind == "edits" }.count >= 13)
    #expect(Self.editExamples.contains { $0.kind == "invalid-edits" })
    #expect(Self.radarExamples.filter { $0.kind == "spec" }.count >= 2)
    #expect(Self.radarExamples.contains { $0.kind == "invalid-spec" })
    #expect(Self.axesExamples.filter { $0.kind == "spec" }.count >= 2)
    #expect(!Self.seriesExamples.isEmpty && !Self.pieExamples.isEmpty)
  }

  @Test(arguments: specExamples + editExamples + radarExamples + axesExamples + seriesExamples + pieExamples)
  func exampleBehavesAsDocumented(_ e: DocExample) throws {
    let json = try #require(MiniJSON.parse(e.text), "\(e): not JSON")
    let log = DiagnosticLog()
    switch e.kind {
    case "spec":
      #expect(ChartSpec.parse(json, log: log) != nil)
      #expect(log.items.isEmpty, "\(e): \(log.items)")
    case "edits":
      #expect(ChartEdit.parseEdits(json, at: JSONPointer(["edits"]), log: log) != nil)
      #expect(log.items.isEmpty, "\(e): \(log.items)")
    case "invalid-spec":
      #expect(ChartSpec.parse(json, log: log) == nil)
      #expect(log.errors.map(\.path) == [e.argument ?? ""], "\(e): \(log.items)")
    case "invalid-edits":
      #expect(ChartEdit.parseEdits(json, at: JSONPointer(["edits"]), log: log) == nil)
      #expect(log.errors.map(\.path) == [e.argument ?? ""], "\(e): \(log.items)")
    default:
      Issue.record("\(e): unknown example kind '\(e.kind)'")
    }
  }
}
