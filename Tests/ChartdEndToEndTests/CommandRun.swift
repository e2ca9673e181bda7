import Foundation

/// One run of the chartd binary as a command (not a session): its status and output.
struct CommandRun {
  var status: Int32
  var stdout: Data
  var stderr: String

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

  /// Runs `chartd ARGS` in `directory`, feeding `stdin`; stdout and stderr are read concurrently.
  static func chartd(_ arguments: [String], stdin: Data = Data(), in directory: URL? = nil) throws -> CommandRun {
    let process = Process()
    process.executableURL = DaemonProcess.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isOut) in [(output, true), (errors, false)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, stdout: isOut)
        group.leave()
      }
    }
    try? input.fileHandleForWriting.write(contentsOf: stdin)
    try? input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus, stdout: collected.out, stderr: String(decoding: collected.err, as: UTF8.self))
  }

  /// A fresh temporary directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartd-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Output gathered on two threads.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var out = Data()
  private(set) var err = Data()

  func set(_ data: Data, stdout: Bool) {
    lock.lock()
    if stdout { out = data } else { err = data }
    lock.unlock()
  }
}
