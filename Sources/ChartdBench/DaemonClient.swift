import ChartdJSON
import Foundation

/// A `chartd` process spawned by the benchmark and spoken to over pipes with LSP framing.
///
/// Requests are sent one at a time; `call` times from the first byte written to the last byte of
/// the reply read, which is what a client waits for. Parsing the reply is left out of the time.
final class DaemonClient {
  let process = Process()
  private let toDaemon = Pipe()
  private let fromDaemon = Pipe()
  private var buffer = [UInt8]()
  /// Scratch space for read(2); only the bytes read are appended to `buffer`.
  private static let chunkSize = 1 << 20
  private let readChunk = UnsafeMutableRawPointer.allocate(byteCount: DaemonClient.chunkSize, alignment: 16)
  private var head = 0
  private var nextID = 1
  /// Notifications that arrived while waiting for replies.
  private(set) var notifications = 0

  /// Spawns `executable` (the chartd binary) with `arguments`.
  init(executable: String, arguments: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = toDaemon
    process.standardOutput = fromDaemon
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }

  /// Peak resident memory of the daemon so far (KiB).
  var peakRSSKiB: Int? { ProcessMemory.kib("VmHWM", pid: pid) }

  // MARK: Messages

  /// The framed bytes of a request with a fresh id, and that id.
  func request(_ method: String, params: JSONValue) -> (id: Int, bytes: [UInt8]) {
    let id = nextID
    nextID += 1
    var body = Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":".utf8)
    body += JSONWriter.bytes(params)
    body.append(UInt8(ascii: "}"))
    return (id, DaemonClient.frame(body))
  }

  /// The framed bytes of a request whose params are already encoded (big specs are encoded once).
  func request(_ method: String, paramsBytes: [UInt8]) -> (id: Int, bytes: [UInt8]) {
    let id = nextID
    nextID += 1
    var body = Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":".utf8)
    body += paramsBytes
    body.append(UInt8(ascii: "}"))
    return (id, DaemonClient.frame(body))
  }

  /// The framed bytes of a notification.
  static func notification(_ method: String, params: JSONValue) -> [UInt8] {
    var body = Array("{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\",\"params\":".utf8)
    body += JSONWriter.bytes(params)
    body.append(UInt8(ascii: "}"))
    return frame(body)
  }

  static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  /// A reply: time from the first byte sent to the last byte received, and its sizes.
  struct Reply {
    var ms: Double
    var requestBytes: Int
    var replyBytes: Int
    var body: [UInt8]

    /// The reply parsed; throws when chartd answered with an error.
    func result() throws -> JSONValue {
      let v = try JSONReader.parse(body)
      if let e = v["error"] {
        let text = String(decoding: JSONWriter.bytes(e), as: UTF8.self)
        throw BenchError("chartd error: " + String(text.prefix(400)))
      }
      return v["result"] ?? .null
    }
  }

  /// Sends a prepared request and waits for its reply.
  func call(_ prepared: (id: Int, bytes: [UInt8])) throws -> Reply {
    let t0 = BenchClock.now()
    try write(prepared.bytes)
    let body = try readReply()
    let ms = BenchClock.ms(since: t0)
    return Reply(ms: ms, requestBytes: prepared.bytes.count, replyBytes: body.count, body: body)
  }

  /// Builds, sends and waits for one request.
  func call(_ method: String, params: JSONValue) throws -> Reply {
    try call(request(method, params: params))
  }

  /// initialize + initialized, declaring what chartd's own clients declare: the client keeps each
  /// region's previous markup, so a legend item toggled back is restored, not sent again
  /// (`protocol/patch.md`, "Restored regions"), and applies spliced fragments, so an append sends
  /// the changed end of a path, not its region ("Spliced fragments").
  func initialize() throws -> Reply {
    let r = try call("initialize", params: ["processId": .null, "clientInfo": ["name": "chartd-bench"],
                                            "capabilities": ["chart": ["previousMarkup": true, "markupSplices": true]]])
    _ = try r.result()
    try write(DaemonClient.notification("initialized", params: [:]))
    return r
  }

  /// shutdown + exit, then waits for the process to end.
  func shutdown() {
    _ = try? call("shutdown", params: .null)
    try? write(DaemonClient.notification("exit", params: .null))
    try? toDaemon.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Closes the daemon's stdin (EOF makes it exit) and waits.
  func closeAndWait() {
    try? toDaemon.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  // MARK: Pipes

  func write(_ bytes: [UInt8]) throws {
    let fd = toDaemon.fileHandleForWriting.fileDescriptor
    var sent = 0
    try bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while sent < bytes.count {
        let n = Glibc.write(fd, base + sent, bytes.count - sent)
        if n < 0 {
          if errno == EINTR { continue }
          throw BenchError("write to chartd failed (errno \(errno)); did it exit?")
        }
        sent += n
      }
    }
  }

  /// Reads messages until one that is not a notification (a reply) arrives; returns its body.
  func readReply() throws -> [UInt8] {
    while true {
      let body = try readMessage()
      if DaemonClient.isNotification(body) { notifications += 1; continue }
      return body
    }
  }

  /// Whether a message body is a notification: it has a top-level "method" member.
  ///
  /// The byte sequence `"method":` cannot occur inside a JSON string (its quotes would be escaped),
  /// and chartd's results have no member of that name, so a search is enough.
  static func isNotification(_ body: [UInt8]) -> Bool {
    let needle = Array("\"method\":".utf8)
    return body.withUnsafeBytes { hay in
      needle.withUnsafeBytes { n in
        guard let h = hay.baseAddress, let nb = n.baseAddress else { return false }
        var k = 0
        // memchr for each quote, then compare the rest: fast even over a 10 MB reply.
        while k + n.count <= hay.count {
          guard let hit = memchr(h + k, Int32(UInt8(ascii: "\"")), hay.count - k - n.count + 1) else { return false }
          let at = h.distance(to: UnsafeRawPointer(hit))
          if memcmp(h + at, nb, n.count) == 0 { return true }
          k = at + 1
        }
        return false
      }
    }
  }

  /// Reads one framed message body.
  func readMessage() throws -> [UInt8] {
    while true {
      if let end = headerEnd() {
        let header = String(decoding: buffer[head..<end], as: UTF8.self)
        guard let length = DaemonClient.contentLength(header) else {
          throw BenchError("bad header from chartd: \(header.prefix(200))")
        }
        let bodyStart = end + 4
        while buffer.count - bodyStart < length { try fill() }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        head = bodyStart + length
        if head > 1 << 20, head * 2 > buffer.count {
          buffer.removeFirst(head)
          head = 0
        }
        return body
      }
      try fill()
    }
  }

  private func headerEnd() -> Int? {
    var k = head
    while k + 3 < buffer.count {
      if buffer[k] == 13, buffer[k + 1] == 10, buffer[k + 2] == 13, buffer[k + 3] == 10 { return k }
      k += 1
    }
    return nil
  }

  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "content-length" {
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }
    }
    return nil
  }

  private func fill() throws {
    let fd = fromDaemon.fileHandleForReading.fileDescriptor
    var r: Int
    repeat { r = Glibc.read(fd, readChunk, DaemonClient.chunkSize) } while r < 0 && errno == EINTR
    if r <= 0 { throw BenchError("chartd closed its output (exited?)") }
    buffer.append(contentsOf: UnsafeRawBufferPointer(start: readChunk, count: r))
  }

  deinit { readChunk.deallocate() }
}
