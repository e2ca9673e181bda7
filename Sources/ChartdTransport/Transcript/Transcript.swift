import ChartdJSON
import Foundation

/// A recorded session read back from a `--trace` file (format: protocol/replay.md).
public struct Transcript: Sendable {
  public var header: TranscriptHeader
  /// Every line after the header, in file order.
  public var lines: [TranscriptLine]

  public init(header: TranscriptHeader = TranscriptHeader(), lines: [TranscriptLine]) {
    self.header = header
    self.lines = lines
  }

  /// Reads a transcript file; the error names the line that cannot be read.
  public init(contentsOfFile path: String) throws(TranscriptError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TranscriptError(line: 0, "cannot read '\(path)'")
    }
    try self.init(parsing: [UInt8](data))
  }

  /// Parses ndjson text: one entry per line, blank lines ignored. The header line is optional
  /// (hand-written transcripts may leave it out: LSP framing, default limits) but must be first.
  public init(parsing bytes: [UInt8]) throws(TranscriptError) {
    header = TranscriptHeader()
    lines = []
    var number = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      let entry = try Transcript.entry(Array(line), line: number)
      if case .header(let h) = entry {
        guard lines.isEmpty else { throw TranscriptError(line: number, "the 'meta' header must be the first line") }
        header = h
      } else {
        lines.append(TranscriptLine(number: number, entry: entry))
      }
    }
  }

  /// The client's side: what a replay sends, in order.
  public var clientEntries: [TranscriptLine] {
    lines.filter {
      switch $0.entry {
      case .message(.incoming, _), .raw(.incoming, _), .event(.incoming, _): return true
      default: return false
      }
    }
  }

  /// True when both record the same session: the same settings and entries, ignoring the lines'
  /// times and the process id `initialize` names (both differ from run to run).
  public func recordsSameSession(as other: Transcript) -> Bool {
    func settings(_ h: TranscriptHeader) -> [String] { h.daemonArguments }
    func entries(_ t: Transcript) -> [TranscriptEntry] {
      t.lines.map {
        guard case .message(let dir, let m) = $0.entry else { return $0.entry }
        return .message(dir, Transcript.withProcessID(.null, in: m))
      }
    }
    return settings(header) == settings(other.header) && entries(self) == entries(other)
  }

  /// `message` with `initialize`'s `params.processId` set to `pid` when it names a process.
  public static func withProcessID(_ pid: JSONValue, in message: JSONValue) -> JSONValue {
    guard message["method"]?.stringValue == "initialize", case .object(var m) = message,
      case .object(var params)? = m["params"], params["processId"]?.numberValue != nil
    else { return message }
    params["processId"] = pid
    m["params"] = .object(params)
    return .object(m)
  }

  /// Reads one line.
  static func entry(_ bytes: [UInt8], line: Int) throws(TranscriptError) -> TranscriptEntry {
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      throw TranscriptError(line: line, "not JSON: \(error)")
    }
    guard case .object(let o) = value else { throw TranscriptError(line: line, "expected an object, got \(value.typeName)") }
    let dir = o["dir"]?.stringValue
    if dir == "meta" { return try metaEntry(o, line: line) }
    guard let direction = dir.flatMap(TranscriptDirection.init(rawValue:)) else {
      throw TranscriptError(line: line, "'dir' must be \"in\", \"out\" or \"meta\"")
    }
    if let message = o["message"] { return .message(direction, message) }
    if let raw = o["raw"]?.stringValue { return .raw(direction, Array(raw.utf8)) }
    if let encoded = o["rawBase64"]?.stringValue {
      guard let data = Data(base64Encoded: encoded) else { throw TranscriptError(line: line, "'rawBase64' is not base64") }
      return .raw(direction, [UInt8](data))
    }
    if let event = o["event"]?.stringValue { return .event(direction, event) }
    throw TranscriptError(line: line, "expected one of 'message', 'raw', 'rawBase64' or 'event'")
  }

  private static func metaEntry(_ o: [String: JSONValue], line: Int) throws(TranscriptError) -> TranscriptEntry {
    if let code = o["exitCode"] {
      guard let c = code.intValue, let c32 = Int32(exactly: c) else { throw TranscriptError(line: line, "'exitCode' must be an integer") }
      return .exit(c32)
    }
    guard let version = o["transcript"]?.intValue else {
      throw TranscriptError(line: line, "a 'meta' line has 'transcript' (the header) or 'exitCode'")
    }
    guard version == TranscriptHeader.formatVersion else {
      throw TranscriptError(line: line, "transcript format \(version) is not supported (this chartd reads \(TranscriptHeader.formatVersion))")
    }
    var header = TranscriptHeader()
    if let f = o["framing"] {
      guard let framing = f.stringValue.flatMap(Framing.init(rawValue:)) else {
        throw TranscriptError(line: line, "'framing' must be \"lsp\" or \"ndjson\"")
      }
      header.framing = framing
    }
    let limits = [("maxMessageBytes", \TranscriptHeader.maxMessageBytes), ("maxDocuments", \TranscriptHeader.maxDocuments),
                  ("maxUnsentBytes", \TranscriptHeader.maxUnsentBytes), ("maxMemory", \TranscriptHeader.maxMemory)]
    for (key, path) in limits {
      guard let v = o[key] else { continue }
      guard let n = v.intValue, n > 0 else { throw TranscriptError(line: line, "'\(key)' must be a positive integer") }
      header[keyPath: path] = n
    }
    header.chartdVersion = o["chartd"]?.stringValue
    return .header(header)
  }
}

/// A transcript that cannot be read; `line` is 1-based (0: the file as a whole).
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
