import ChartdJSON
import Foundation
import Testing

/// `chartd replay` on the shipped transcripts (the conformance suite of protocol/examples), on a
/// tampered one, and on a fresh `--trace` recording.
@Suite(.serialized) struct ReplayEndToEndTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../protocol/examples").standardizedFileURL

  static var transcripts: [URL] {
    ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
      .filter { $0.hasSuffix(".ndjson") }.sorted().map { examples.appendingPathComponent($0) }
  }

  @Test func theShippedTranscriptsReplay() throws {
    #expect(Self.transcripts.count >= 3)
    for file in Self.transcripts {
      let run = try CommandRun.chartd(["replay", file.path])
      #expect(run.status == 0, "\(run.stdoutText)\(run.stderr)")
      #expect(run.stdoutText.hasPrefix("ok   "))
    }
  }

  @Test func aTamperedTranscriptFailsAtItsFirstDifference() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOf: Self.examples.appendingPathComponent("line-session.ndjson"), encoding: .utf8)
    // The patch of the appended point, as recorded: change its base version in the answer to request 3.
    var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.contains(#""dir":"out""#) && $0.contains(#""id":3,"#) })
    lines[index] = lines[index].replacingOccurrences(of: #""baseVersion":1"#, with: #""baseVersion":9"#)
    let tampered = dir.appendingPathComponent("tampered.ndjson")
    try lines.joined(separator: "\n").write(to: tampered, atomically: true, encoding: .utf8)
    let run = try CommandRun.chartd(["replay", tampered.path])
    #expect(run.status == 1)
    #expect(run.stdoutText.contains("FAIL \(tampered.path)"))
    #expect(run.stdoutText.contains("line \(index + 1): the answer to request 3 (chart/update) differs"))
    #expect(run.stdoutText.contains("at /result/baseVersion: expected 9 but got 1"))
  }

  @Test func aMissingReplyIsReportedNotAwaitedForever() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("extra.ndjson")
    try """
      {"dir":"in","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null}}}
      {"dir":"out","message":{"jsonrpc":"2.0","id":1,"result":null}}
      {"dir":"out","message":{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":3,"message":"never sent"}}}
      """.write(to: file, atomically: true, encoding: .utf8)
    let run = try CommandRun.chartd(["replay", "--timeout", "1", file.path])
    #expect(run.status == 1)
    #expect(run.stdoutText.contains("line 2: the answer to request 1 (initialize) differs"))
    let unreadable = try CommandRun.chartd(["replay", dir.appendingPathComponent("none.ndjson").path])
    #expect(unreadable.status == 2)
  }

  @Test func aFreshTraceReplays() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = dir.appendingPathComponent("session.ndjson")
    let d = try DaemonProcess(arguments: ["--trace", trace.path, "--framing", "ndjson"])
    d.request(1, "initialize", ["processId": .number(Double(getpid()))])
    _ = d.response(1)
    d.request(2, "chart/open", ["uri": "mem:t", "version": 1, "spec": lineSpec])
    _ = d.response(2)
    d.writeRaw("{broken\n")
    d.request(3, "chart/synchronize")
    _ = d.response(3)
    d.request(4, "shutdown")
    _ = d.response(4)
    d.notify("exit")
    #expect(d.waitForExit() == 0)
    let run = try CommandRun.chartd(["replay", trace.path])
    #expect(run.status == 0, "\(run.stdoutText)")
    #expect(run.stdoutText.contains("6 messages sent, 5 replies identical, exit status 0"))
  }

  /// `--update` re-records from the client's messages: a transcript whose replies still match stays
  /// byte for byte as it was, one whose replies changed is rewritten and then replays, and no
  /// recording is left behind. `--daemon` names the daemon that answers.
  @Test func anUpdateRewritesOnlyTranscriptsWhoseRepliesChanged() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try Data(contentsOf: Self.examples.appendingPathComponent("line-session.ndjson"))
    let kept = dir.appendingPathComponent("kept.ndjson"), stale = dir.appendingPathComponent("stale.ndjson")
    try original.write(to: kept)
    let text = String(decoding: original, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.contains(#""dir":"out""#) && $0.contains(#""id":3,"#) })
    lines[index] = lines[index].replacingOccurrences(of: #""baseVersion":1"#, with: #""baseVersion":9"#)
    try lines.joined(separator: "\n").write(to: stale, atomically: true, encoding: .utf8)
    #expect(try CommandRun.chartd(["replay", stale.path]).status == 1)

    let run = try CommandRun.chartd(["replay", "--update", "--daemon", DaemonProcess.binary.path, kept.path, stale.path])
    #expect(run.status == 0, "\(run.stdoutText)\(run.stderr)")
    #expect(run.stdoutText.contains("same \(kept.path)"))
    #expect(run.stdoutText.contains("new  \(stale.path)"))
    #expect(try Data(contentsOf: kept) == original)
    let rewritten = try String(contentsOf: stale, encoding: .utf8)
    #expect(!rewritten.contains(#""baseVersion":9"#))
    let again = try CommandRun.chartd(["replay", stale.path])
    #expect(again.status == 0, "\(again.stdoutText)")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == ["kept.ndjson", "stale.ndjson"])
  }
}
