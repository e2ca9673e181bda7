#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ChartdJSON
import Foundation

/// The transcript of a session (`--trace FILE`): one JSON object per line, in the order the
/// daemon read and wrote its messages, so `chartd replay` can re-run it (protocol/replay.md).
///
/// ```
/// {"dir":"meta","time":"…","transcript":1,"chartd":"0.1.0","framing":"lsp",…}
/// {"dir":"in","time":"2026-01-31T12:00:00.123Z","message":{"jsonrpc":"2.0","id":1,…}}
/// {"dir":"out","time":"2026-01-31T12:00:00.125Z","message":{"id":1,"jsonrpc":"2.0",…}}
/// {"dir":"in","time":"…","event":"end of input"}
/// {"dir":"meta","time":"…","exitCode":0}
/// ```
/// Messages are copied byte for byte (an incoming body's line breaks, which JSON allows only
/// between tokens, become spaces); a body that is not JSON is kept as `raw` text.
public final class TraceFile: @unchecked Sendable {
  public typealias Direction = TranscriptDirection

  private let fd: Int32
  private let lock = NSLock()

  /// Creates (or truncates) the file; nil when it cannot be opened for writing.
  public init?(path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return nil }
    self.fd = fd
  }

  deinit {
    close(fd)
  }

  /// Writes the header line: the settings a replay needs.
  public func start(_ header: TranscriptHeader) {
    var fields: [String: JSONValue] = [
      "transcript": .number(Double(TranscriptHeader.formatVersion)),
      "framing": .string(header.framing.rawValue),
    ]
    if let v = header.chartdVersion { fields["chartd"] = .string(v) }
    if let v = header.maxMessageBytes { fields["maxMessageBytes"] = .number(Double(v)) }
    if let v = header.maxDocuments { fields["maxDocuments"] = .number(Double(v)) }
    if let v = header.maxUnsentBytes { fields["maxUnsentBytes"] = .number(Double(v)) }
    if let v = header.maxMemory { fields["maxMemory"] = .number(Double(v)) }
    append(line(dir: "meta", tail: JSONWriter.bytes(.object(fields)).dropFirst()))
  }

  /// Appends one message body. `isJSON` false keeps an unreadable incoming body as text.
  public func record(_ direction: Direction, body: ArraySlice<UInt8>, isJSON: Bool = true) {
    guard isJSON else {
      let raw: JSONValue = String(validating: body, as: UTF8.self).map { ["raw": .string($0)] }
        ?? ["rawBase64": .string(Data(body).base64EncodedString())]
      append(line(dir: direction.rawValue, tail: JSONWriter.bytes(raw).dropFirst()))
      return
    }
    var tail = Array(#""message":"#.utf8)
    tail.reserveCapacity(body.count + 12)
    // Outside strings only whitespace can be a line break, so this keeps the message intact.
    for b in body { tail.append(b == 0x0A || b == 0x0D ? 0x20 : b) }
    tail.append(UInt8(ascii: "}"))
    append(line(dir: direction.rawValue, tail: tail[...]))
  }

  /// Appends an event that has no body (end of input, a framing error, a skipped message).
  public func note(_ direction: Direction, _ text: String) {
    append(line(dir: direction.rawValue, tail: JSONWriter.bytes(["event": .string(text)]).dropFirst()))
  }

  /// Appends the daemon's exit status (the last line).
  public func exit(code: Int32) {
    append(line(dir: "meta", tail: JSONWriter.bytes(["exitCode": .number(Double(code))]).dropFirst()))
  }

  /// `{"dir":…,"time":…,` followed by `tail`: the members of an object without its `{`.
  private func line(dir: String, tail: ArraySlice<UInt8>) -> [UInt8] {
    var out = Array("{\"dir\":\"\(dir)\",\"time\":\"\(TraceFile.timestamp())\",".utf8)
    out.append(contentsOf: tail)
    out.append(0x0A)
    return out
  }

  private func append(_ bytes: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    // A failing trace must never disturb the protocol: errors are ignored.
    _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
  }

  /// The current UTC time as ISO 8601 with milliseconds.
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var seconds = now.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let millis = Int(now.tv_nsec) / 1_000_000
    let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millisText)Z"
  }
}
