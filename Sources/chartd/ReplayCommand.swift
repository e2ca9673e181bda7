#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ChartdTransport
import Foundation

/// `chartd replay`: its options, read in any order.
struct ReplayOptionsArguments: Equatable {
  var files: [String] = []
  /// The daemon to replay against; nil is this executable.
  var daemon: String?
  var timeout = 10.0
  /// Re-record each file from its client messages instead of comparing.
  var update = false

  static let usage = """
    usage: chartd replay [options] TRANSCRIPT.ndjson...

    Re-sends the client's messages of each transcript (written by chartd --trace FILE) to a fresh
    daemon and compares every reply with the recorded one, byte for byte; the lines' time is ignored
    (protocol/replay.md). Prints the first difference and exits 1 on a mismatch, 2 when a file cannot
    be read. Options, in any order:
      --daemon PATH        the daemon to check (default: this chartd)
      --timeout SECONDS    wait at most this long for each reply (default 10)
      --update             re-record each transcript from its client messages (kept when only
                           times changed) instead of comparing
      -h, --help           this text
    """

  static func parse(_ args: [String]) throws(ArgumentError) -> Arguments.Command {
    var o = ReplayOptionsArguments()
    var cursor = ArgumentCursor(args)
    while let word = try cursor.next() {
      switch word {
      case .option("--daemon"): o.daemon = try cursor.value(for: "--daemon")
      case .option("--timeout"): o.timeout = try cursor.positiveNumber(for: "--timeout")
      case .option("--update"): o.update = true
      case .option("--help"), .option("-h"): return .help("replay")
      case .option(let name): throw ArgumentError("replay: unknown option '\(name)'")
      case .operand(let file): o.files.append(file)
      }
    }
    guard !o.files.isEmpty else { throw ArgumentError("replay: name at least one transcript file") }
    return .replay(o)
  }
}

/// Replays (or re-records) every file; returns the exit status.
func replayCommand(_ o: ReplayOptionsArguments) -> Int32 {
  let options = ReplayOptions(daemon: o.daemon ?? ownExecutable(), timeout: o.timeout)
  var status: Int32 = 0
  for file in o.files {
    let transcript: Transcript
    do {
      transcript = try Transcript(contentsOfFile: file)
    } catch {
      printError("replay: \(file): \(error)")
      status = 2
      continue
    }
    let result = o.update ? rerecord(transcript, file: file, options: options) : replay(transcript, file: file, options: options)
    if result != 0, status == 0 { status = result }
  }
  return status
}

private func replay(_ transcript: Transcript, file: String, options: ReplayOptions) -> Int32 {
  let report = TranscriptReplay.run(transcript, options: options)
  if let failure = report.failure {
    print("FAIL \(file)\n  " + failure.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))
    return 1
  }
  print("ok   \(file): \(report.sent) messages sent, \(report.matched) replies identical, exit status \(report.exitCode.map(String.init) ?? "?")")
  return 0
}

private func rerecord(_ old: Transcript, file: String, options: ReplayOptions) -> Int32 {
  let temporary = file + ".recording-\(getpid())"
  defer { unlink(temporary) }
  let report = TranscriptReplay.record(old, options: options, tracePath: temporary)
  if let failure = report.failure {
    print("FAIL \(file) (not updated)\n  \(failure)")
    return 1
  }
  guard let new = try? Transcript(contentsOfFile: temporary) else {
    print("FAIL \(file): the new recording cannot be read back")
    return 1
  }
  // Only the times differ: keep the file, so an update touches only transcripts whose replies changed.
  if new.recordsSameSession(as: old) {
    print("same \(file)")
    return 0
  }
  guard rename(temporary, file) == 0 else {
    printError("replay: cannot replace '\(file)': \(String(cString: strerror(errno)))")
    return 2
  }
  print("new  \(file)")
  return 0
}

/// The path of the running chartd, to start a fresh one like it.
func ownExecutable() -> String {
  #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
  #endif
  return Bundle.main.executablePath ?? CommandLine.arguments[0]
}
