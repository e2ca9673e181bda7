import ChartdJSON
import Foundation
import Testing

/// README.md's 30-second session, run as written: what the text says the append patch holds is what
/// chartd sends.
@Suite struct ReadmeSessionEndToEndTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardizedFileURL

  @Test func theAppendPatchHoldsTheRegionsTheReadmeNames() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## A 30-second session").dropFirst().first?.components(separatedBy: "\n## ").first)
    // The messages are the single-quoted JSON lines of the printf command.
    let messages = section.matches(of: #/'(\{"jsonrpc".*?\})'/#).map { String($0.1) }
    #expect(messages.count == 5)
    let d = try DaemonProcess(arguments: ["--framing", "ndjson"])
    for m in messages { d.writeRaw(m + "\n") }
    let patch = try #require(d.response(3)?["result"])
    let ids = (patch["fragments"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    let prefix = try #require(ids.first?.split(separator: "-").first.map(String.init))
    let names = ids.map { String($0.dropFirst(prefix.count + 1)) }
    let prose = section.components(separatedBy: "```").last ?? ""
    #expect(prose.contains("here \(["zero", "one", "two", "three", "four", "five", "six"][min(names.count, 6)]) of the chart's regions"))
    for name in names { #expect(prose.contains("`…-\(name)`"), "README does not name \(name)") }
    #expect((patch["inserted"]?.arrayValue ?? []).isEmpty && (patch["removed"]?.arrayValue ?? []).isEmpty)
  }
}
