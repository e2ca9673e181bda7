#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ChartdJSON
import Foundation

/// How a replay runs its daemon.
public struct ReplayOptions: Sendable {
  /// The chartd (or compatible) executable to start.
  public var daemon: String
  /// How long to wait for each recorded reply, in seconds.
  public var timeout: Double

  public init(daemon: String, timeout: Double = 10) {
    self.daemon = daemon
    self.timeout = timeout
  }
}

/// What a replay found: counts, and the first difference if there was one.
public struct ReplayReport: Sendable {
  /// Client messages sent.
  public var sent = 0
  /// Replies received and found identical to the recorded ones.
  public var matched = 0
  /// The fresh daemon's exit status, when it ended.
  public var exitCode: Int32?
  /// The first difference; nil when the replay reproduced the transcript.
  public var failure: ReplayFailure?

  public var passed: Bool { failure == nil }
}

/// The first way a replay departed from its transcript.
public struct ReplayFailure: Error, Sendable, CustomStringConvertible {
  /// The transcript line that was expected (0 when none applies).
  public var line: Int
  /// One sentence: what was expected and what happened.
  public var summary: String
  /// Further lines: the first difference, or the daemon's stderr.
  public var detail: String?

  public var description: String {
    let head = line > 0 ? "line \(line): \(summary)" : summary
    guard let detail, !detail.isEmpty else { return head }
    return head + "\n" + detail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}

/// Re-runs a transcript's client side against a fresh daemon and compares every reply with the
/// recorded one, byte for byte (protocol/replay.md).
///
/// Each client message is sent once every reply recorded before it has arrived: the recording's
/// own order, so the replay never depends on how fast either side is.
public enum TranscriptReplay {
  public static func run(_ transcript: Transcript, options: ReplayOptions) -> ReplayReport {
    var report = ReplayReport()
    let daemon: ReplayDaemon
    do {
      daemon = try ReplayDaemon(executable: options.daemon, arguments: transcript.header.daemonArguments, framing: transcript.header.framing)
    } catch {
      report.failure = ReplayFailure(line: 0, summary: "cannot start '\(options.daemon)': \(error.localizedDescription)")
      return report
    }
    defer { daemon.kill() }
    var session = ReplaySession(daemon: daemon, timeout: options.timeout)
    var expectedExit: (line: Int, code: Int32)?
    var lastLine = 0
    for line in transcript.lines {
      lastLine = line.number
      do throws(ReplayFailure) {
        switch line.entry {
        case .message(.incoming, let message): session.send(message)
        case .raw(.incoming, let bytes): session.sendRaw(bytes)
        case .event(.incoming, transcriptEndOfInput): daemon.closeInput()
        case .event(.incoming, let text):
          throw ReplayFailure(line: line.number, summary: "the recording has an input event replay cannot reproduce: \(text)")
        case .message(.outgoing, let expected): try session.expect(expected, line: line.number)
        case .raw(.outgoing, _), .event(.outgoing, _):
          throw ReplayFailure(line: line.number, summary: "only messages can be expected from the daemon")
        case .exit(let code): expectedExit = (line.number, code)
        case .header: break
        }
      } catch {
        report.failure = error
      }
      if report.failure != nil { break }
    }
    if report.failure == nil { report.failure = session.finish(lastLine: lastLine) }
    report.sent = session.sent
    report.matched = session.matched
    report.exitCode = daemon.waitForExit(timeout: report.failure == nil ? options.timeout : 0.5)
    if report.failure == nil, let expectedExit, report.exitCode != expectedExit.code {
      let got = report.exitCode.map { "exited with status \($0)" } ?? "did not exit"
      report.failure = ReplayFailure(line: expectedExit.line, summary: "expected exit status \(expectedExit.code), but the daemon \(got)")
    }
    return report
  }
}

/// The replay's state while it runs: what was sent, which requests are known by id.
struct ReplaySession {
  let daemon: ReplayDaemon
  let timeout: Double
  var sent = 0
  var matched = 0
  /// Method names of the requests sent, by id, to say what a reply answers.
  var methods: [JSONValue: String] = [:]

  init(daemon: ReplayDaemon, timeout: Double) {
    self.daemon = daemon
    self.timeout = timeout
  }

  mutating func send(_ recorded: JSONValue) {
    let message = ReplaySession.ownProcessID(in: recorded)
    if let id = message["id"], let method = message["method"]?.stringValue { methods[id] = method }
    daemon.send(body: JSONWriter.bytes(message))
    sent += 1
  }

  mutating func sendRaw(_ bytes: [UInt8]) {
    daemon.send(body: bytes)
    sent += 1
  }

  /// Reads the next reply and compares it with `expected`.
  mutating func expect(_ expected: JSONValue, line: Int) throws(ReplayFailure) {
    let what = describe(expected)
    switch daemon.next(timeout: timeout) {
    case nil:
      throw ReplayFailure(line: line, summary: "expected \(what), but the daemon sent nothing within \(ReplaySession.seconds(timeout))",
        detail: stderrDetail())
    case .end?:
      throw ReplayFailure(line: line, summary: "expected \(what), but the daemon's output ended", detail: stderrDetail())
    case .framingError(let message)?:
      throw ReplayFailure(line: line, summary: "expected \(what), but the daemon's output is not framed correctly: \(message)")
    case .body(let actual)?:
      let wanted = JSONWriter.bytes(expected)
      if actual == wanted {
        matched += 1
        return
      }
      throw ReplayFailure(line: line, summary: "\(what) differs", detail: ReplaySession.difference(wanted: wanted, expected: expected, actual: actual))
    }
  }

  /// After the last line: closes the input and checks that nothing more comes.
  func finish(lastLine: Int) -> ReplayFailure? {
    daemon.closeInput()
    switch daemon.next(timeout: timeout) {
    case .end?: return nil
    case nil: return ReplayFailure(line: 0, summary: "the daemon neither wrote nor exited within \(ReplaySession.seconds(timeout)) after its input was closed")
    case .framingError(let message)?: return ReplayFailure(line: lastLine, summary: "after the last recorded reply the daemon wrote a bad frame: \(message)")
    case .body(let bytes)?:
      let text = (try? JSONReader.parse(bytes)).map(JSONDifference.excerpt) ?? String(decoding: bytes.prefix(100), as: UTF8.self)
      return ReplayFailure(line: lastLine, summary: "the daemon sent a reply the recording does not have (after its last line)", detail: "unexpected \(text)")
    }
  }

  /// "the answer to request 3 (chart/update)", "notification chart/patch", …
  func describe(_ message: JSONValue) -> String {
    if let method = message["method"]?.stringValue { return "notification \(method)" }
    guard let id = message["id"], !id.isNull else { return "an error answer with id null" }
    let name = methods[id].map { " (\($0))" } ?? ""
    return "the answer to request \(JSONWriter.string(id))\(name)"
  }

  func stderrDetail() -> String? {
    let tail = daemon.stderrTail.trimmingCharacters(in: .whitespacesAndNewlines)
    return tail.isEmpty ? nil : "daemon stderr:\n" + tail
  }

  /// The first difference as values; for equal values written differently, the first differing byte.
  static func difference(wanted: [UInt8], expected: JSONValue, actual: [UInt8]) -> String {
    guard let value = try? JSONReader.parse(actual) else {
      return "the reply is not JSON: " + String(decoding: actual.prefix(100), as: UTF8.self)
    }
    if let d = JSONValue.firstDifference(expected: expected, actual: value) { return d.description }
    var i = 0
    while i < wanted.count, i < actual.count, wanted[i] == actual[i] { i += 1 }
    let context = { (b: [UInt8]) in String(decoding: b[max(0, i - 20)..<min(b.count, i + 40)], as: UTF8.self) }
    return "equal values written differently, from byte \(i): expected …\(context(wanted))… but got …\(context(actual))…"
  }

  /// `initialize` names the client's process, which chartd watches: a recorded pid is long gone,
  /// so the replayer names its own (protocol/replay.md).
  static func ownProcessID(in message: JSONValue) -> JSONValue {
    Transcript.withProcessID(.number(Double(getpid())), in: message)
  }

  static func seconds(_ t: Double) -> String { t == t.rounded() ? "\(Int(t)) s" : "\(t) s" }
}
