#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A mirror of the traffic (`--trace FILE`): every incoming and outgoing body, with its
/// direction and a UTC timestamp, so a session can be debugged after the fact.
///
/// Format, one entry per message followed by a blank line:
/// ```
/// [2026-01-31T12:00:00.123Z] <-- received 57 bytes
/// {"jsonrpc":"2.0",...}
///
/// [2026-01-31T12:00:00.125Z] --> sent 120 bytes
/// {...}
/// ```
/// Events without a body (framing errors, skipped messages, end of input) appear as
/// `[time] <-- note: ...` lines.
public final class TraceFile: @unchecked Sendable {
  /// Which way a message travelled, seen from the daemon.
  public enum Direction: Sendable {
    case incoming
    case outgoing

    var arrow: String { self == .incoming ? "<--" : "-->" }
    var verb: String { self == .incoming ? "received" : "sent" }
  }

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

  /// Appends one message body.
  public func record(_ direction: Direction, body: ArraySlice<UInt8>) {
    var entry = Array("[\(TraceFile.timestamp())] \(direction.arrow) \(direction.verb) \(body.count) bytes\n".utf8)
    entry.append(contentsOf: body)
    entry.append(contentsOf: [0x0A, 0x0A])
    append(entry)
  }

  /// Appends a one-line note about an event that has no body.
  public func note(_ direction: Direction, _ text: String) {
    append(Array("[\(TraceFile.timestamp())] \(direction.arrow) note: \(text)\n\n".utf8))
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
