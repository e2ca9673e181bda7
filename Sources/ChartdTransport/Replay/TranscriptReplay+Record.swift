import ChartdJSON
import Foundation

extension TranscriptReplay {
  /// How long the daemon must stay silent before the next message is sent when nothing more is
  /// known to be due (after a notification, or after a request's answer, for the notifications
  /// that may follow it).
  static let quietSeconds = 0.15

  /// Records a new transcript at `tracePath` from the client side of `transcript`: each message is
  /// sent after the daemon has answered the one before (a request's answer, then a quiet moment),
  /// so the new file has every reply right after its cause. Replies are not compared.
  public static func record(_ transcript: Transcript, options: ReplayOptions, tracePath: String) -> ReplayReport {
    var report = ReplayReport()
    let daemon: ReplayDaemon
    do {
      daemon = try ReplayDaemon(executable: options.daemon, arguments: transcript.header.daemonArguments + ["--trace", tracePath],
        framing: transcript.header.framing)
    } catch {
      report.failure = ReplayFailure(line: 0, summary: "cannot start '\(options.daemon)': \(error.localizedDescription)")
      return report
    }
    defer { daemon.kill() }
    var session = ReplaySession(daemon: daemon, timeout: options.timeout)
    for line in transcript.clientEntries {
      var answerDue: JSONValue?
      switch line.entry {
      case .message(_, let message):
        session.send(message)
        if message["method"] != nil, let id = message["id"] { answerDue = id }
      case .raw(_, let bytes): session.sendRaw(bytes)
      case .event(_, transcriptEndOfInput): daemon.closeInput()
      case .event(_, let text):
        report.failure = ReplayFailure(line: line.number, summary: "the recording has an input event that cannot be sent again: \(text)")
      default: break
      }
      if report.failure == nil, let id = answerDue, !session.awaitAnswer(to: id) {
        report.failure = ReplayFailure(line: line.number, summary: "no answer to request \(JSONWriter.string(id)) within \(ReplaySession.seconds(options.timeout))",
          detail: session.stderrDetail())
      }
      if report.failure != nil { break }
      session.awaitQuiet(seconds: quietSeconds)
    }
    report.sent = session.sent
    daemon.closeInput()
    while let output = daemon.next(timeout: options.timeout), output != .end {}
    report.exitCode = daemon.waitForExit(timeout: options.timeout)
    return report
  }
}

extension ReplaySession {
  /// Reads replies until the answer to `id`; false if the output ended or stayed silent too long.
  func awaitAnswer(to id: JSONValue) -> Bool {
    while case .body(let bytes)? = daemon.next(timeout: timeout) {
      if let m = try? JSONReader.parse(bytes), m["method"] == nil, m["id"] == id { return true }
    }
    return false
  }

  /// Reads replies until none comes for `seconds` (or the output ends).
  func awaitQuiet(seconds: Double) {
    while let output = daemon.next(timeout: seconds), output != .end {}
  }
}
