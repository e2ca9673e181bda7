#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A daemon started for a replay: frames are written to its stdin; its stdout is decoded into
/// frames and its stderr collected, each on its own thread, so a full pipe never stalls the replay.
final class ReplayDaemon: @unchecked Sendable {
  /// What the daemon's stdout yields next.
  enum Output: Equatable {
    case body([UInt8])
    case framingError(String)
    case end
  }

  let framing: Framing
  private let process = Process()
  private let stdinPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let stderrPipe = Pipe()
  private let condition = NSCondition()
  private var outputs: [Output] = []
  private var stderrBytes: [UInt8] = []
  private let exited = DispatchSemaphore(value: 0)
  private var inputClosed = false

  /// The most stderr kept for a failure report.
  static let stderrTailBytes = 4096

  init(executable: String, arguments: [String], framing: Framing) throws {
    ProcessSignals.ignoreSIGPIPE()
    self.framing = framing
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    let stdout = stdoutPipe.fileHandleForReading.fileDescriptor
    let stderr = stderrPipe.fileHandleForReading.fileDescriptor
    Thread.detachNewThread { [self] in readFrames(stdout) }
    Thread.detachNewThread { [self] in readStderr(stderr) }
  }

  deinit {
    kill()
  }

  /// Writes one framed body; false when the daemon's input is gone.
  @discardableResult
  func send(body: [UInt8]) -> Bool {
    let frame = framing.frame(body)
    let fd = stdinPipe.fileHandleForWriting.fileDescriptor
    return frame.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
  }

  /// Closes the daemon's stdin (once), which ends a chartd session.
  func closeInput() {
    guard !inputClosed else { return }
    inputClosed = true
    try? stdinPipe.fileHandleForWriting.close()
  }

  /// The next output, or nil when nothing came within `timeout` seconds. After `.end` every call returns `.end`.
  func next(timeout: Double) -> Output? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while outputs.isEmpty {
      guard condition.wait(until: deadline) else { return nil }
    }
    if outputs.first == .end { return .end }
    return outputs.removeFirst()
  }

  /// The exit status (a signal number is reported as 128 + signal, as shells do), or nil if it
  /// is still running after `timeout` seconds.
  func waitForExit(timeout: Double) -> Int32? {
    guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
    exited.signal()  // later calls return at once
    return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
  }

  /// The end of what the daemon wrote to stderr.
  var stderrTail: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: stderrBytes, as: UTF8.self)
  }

  func kill() {
    closeInput()
    if process.isRunning { process.terminate() }
  }

  private func readFrames(_ fd: Int32) {
    var decoder = FrameDecoder(framing: framing, maxMessageBytes: Int.max / 2)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    while case .bytes(let count) = FileDescriptorIO.readSome(fd, into: buffer) {
      deliver(decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
    }
    deliver(decoder.finish())
    condition.lock()
    outputs.append(.end)
    condition.broadcast()
    condition.unlock()
  }

  private func deliver(_ frames: [DecodedFrame]) {
    guard !frames.isEmpty else { return }
    condition.lock()
    for frame in frames {
      switch frame {
      case .body(let bytes): outputs.append(.body(bytes))
      case .framingError(let message): outputs.append(.framingError(message))
      case .tooLarge(_, let bytes): outputs.append(.framingError("a \(bytes)-byte frame"))
      }
    }
    condition.broadcast()
    condition.unlock()
  }

  private func readStderr(_ fd: Int32) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    while case .bytes(let count) = FileDescriptorIO.readSome(fd, into: buffer) {
      condition.lock()
      stderrBytes.append(contentsOf: buffer[0..<count])
      if stderrBytes.count > ReplayDaemon.stderrTailBytes { stderrBytes.removeFirst(stderrBytes.count - ReplayDaemon.stderrTailBytes) }
      condition.unlock()
    }
  }
}
