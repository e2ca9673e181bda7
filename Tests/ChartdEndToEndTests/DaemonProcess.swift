import ChartdJSON
import Foundation

/// The real chartd binary under test, spoken to over pipes; stdout and stderr are read concurrently.
final class DaemonProcess: @unchecked Sendable {
  let process = Process()
  private let stdinPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let stderrPipe = Pipe()
  private let condition = NSCondition()
  private var buffer: [UInt8] = []
  /// Start of the unread part of `buffer`.
  private var head = 0
  private var stderrText = Data()
  private var stdoutClosed = false
  let ndjson: Bool

  /// The binary built next to the test bundle, or `$CHARTD`.
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["CHARTD"], !path.isEmpty { return URL(fileURLWithPath: path) }
    // The test runner lives in the build's products folder (inside an .xctest bundle on macOS).
    let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    let bundle = Bundle.main.bundleURL
    let folders = [runner, bundle, bundle.deletingLastPathComponent(), runner.deletingLastPathComponent()]
    for folder in folders {
      let candidate = folder.appendingPathComponent("chartd")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return runner.appendingPathComponent("chartd")
  }

  init(arguments: [String] = []) throws {
    ndjson = arguments.contains("ndjson")
    process.executableURL = Self.binary
    process.arguments = arguments
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    resumeReading()
    stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] h in
      let d = h.availableData
      guard let self else { return }
      self.condition.lock()
      self.stderrText += d
      self.condition.unlock()
    }
    try process.run()
  }

  /// Stops reading the daemon's stdout (a client whose view hangs): its output backs up in the pipe.
  func pauseReading() { stdoutPipe.fileHandleForReading.readabilityHandler = nil }

  /// Reads stdout again, collecting everything into the buffer that `read` takes frames from.
  func resumeReading() {
    stdoutPipe.fileHandleForReading.readabilityHandler = { [weak self] h in
      let d = h.availableData
      guard let self else { return }
      self.condition.lock()
      if d.isEmpty { self.stdoutClosed = true } else { self.buffer += d }
      self.condition.broadcast()
      self.condition.unlock()
    }
  }

  /// The daemon's resident set size in bytes (Linux `/proc`); nil elsewhere.
  var residentBytes: Int? { statusBytes("VmRSS:") }

  /// The daemon's peak resident set size in bytes so far (Linux `/proc`); nil elsewhere.
  var peakResidentBytes: Int? { statusBytes("VmHWM:") }

  private func statusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
          let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kb * 1024
  }

  deinit {
    if process.isRunning { process.terminate() }
    stdoutPipe.fileHandleForReading.readabilityHandler = nil
    stderrPipe.fileHandleForReading.readabilityHandler = nil
  }

  var stderr: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: stderrText, as: UTF8.self)
  }

  /// Whether stderr holds `text` within `timeout` seconds: it is read on another thread, so what
  /// the daemon wrote before it exited may still be on its way.
  func stderr(contains text: String, timeout: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !stderr.contains(text) {
      guard Date() < deadline else { return false }
      usleep(2000)
    }
    return true
  }

  // MARK: Writing

  func writeRaw(_ bytes: [UInt8]) { try? stdinPipe.fileHandleForWriting.write(contentsOf: Data(bytes)) }
  func writeRaw(_ text: String) { writeRaw(Array(text.utf8)) }

  func frame(_ body: [UInt8]) -> [UInt8] {
    ndjson ? body + [0x0a] : Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  func send(_ message: JSONValue) { writeRaw(frame(JSONWriter.bytes(message))) }

  func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) {
    var m: [String: JSONValue] = ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method)]
    if let params { m["params"] = params }
    send(.object(m))
  }

  func notify(_ method: String, _ params: JSONValue? = nil) {
    var m: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { m["params"] = params }
    send(.object(m))
  }

  func closeInput() { try? stdinPipe.fileHandleForWriting.close() }

  // MARK: Reading

  /// The next message from stdout (nil on timeout or end of output).
  func read(timeout: Double = 10) -> JSONValue? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let (body, used) = frame() {
        head += used
        // Compact rarely: removing from the front on every frame is quadratic in a long backlog.
        if head > 1 << 20, head * 2 > buffer.count {
          buffer.removeFirst(head)
          head = 0
        }
        return try? JSONReader.parse(body)
      }
      if stdoutClosed { return nil }
      guard condition.wait(until: deadline) else { return nil }
    }
  }

  /// Reads messages until one answers `id` (notifications before it are dropped).
  func response(_ id: Int, timeout: Double = 10) -> JSONValue? {
    while let m = read(timeout: timeout) {
      if m["id"] == .number(Double(id)) { return m }
    }
    return nil
  }

  /// The exit status, waiting up to `timeout` seconds.
  func waitForExit(timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(2000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// Bytes from `head` on known to hold no newline (ndjson), so each arrival is scanned once: a
  /// reply of several MB arrives in many reads, and scanning it from the start at each was quadratic.
  private var scannedWithoutNewline = 0

  /// The next frame at `head`, if it has arrived whole.
  private func frame() -> ([UInt8], Int)? {
    guard ndjson else { return Self.nextFrame(buffer[head...], ndjson: false) }
    let from = head + scannedWithoutNewline
    let nl: Int? = buffer.withUnsafeBufferPointer { b in
      var i = from
      while i < b.count, b[i] != 0x0a { i += 1 }
      return i < b.count ? i : nil
    }
    guard let nl else {
      scannedWithoutNewline = buffer.count - head
      return nil
    }
    scannedWithoutNewline = 0
    return (Array(buffer[head..<nl]), nl + 1 - head)
  }

  /// Splits one frame off the front of `bytes`: (body, bytes consumed).
  static func nextFrame(_ slice: ArraySlice<UInt8>, ndjson: Bool) -> ([UInt8], Int)? {
    if ndjson {
      guard let nl = slice.firstIndex(of: 0x0a) else { return nil }
      return (Array(slice[..<nl]), nl + 1 - slice.startIndex)
    }
    // The header block is short: look for its end in the first few hundred bytes only.
    let bytes = Array(slice.prefix(512))
    let sep: [UInt8] = [13, 10, 13, 10]
    guard bytes.count >= 4, let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == sep }) else { return nil }
    let header = String(decoding: bytes[..<end], as: UTF8.self)
    guard header.hasPrefix("Content-Length: "), let n = Int(header.dropFirst(16)) else { return nil }
    let start = slice.startIndex + end + 4
    guard slice.endIndex >= start + n else { return nil }
    return (Array(slice[start..<start + n]), start + n - slice.startIndex)
  }
}

extension JSONValue {
  var errorCode: Int? { self["error"]?["code"]?.intValue }
}

/// A small valid spec for tests.
let lineSpec: JSONValue = ["kind": "line", "dataSets": [["id": "a", "entries": [1, 3, 2, 5]]]]
