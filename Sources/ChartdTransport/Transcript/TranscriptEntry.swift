import ChartdJSON

/// Which way a message travelled, seen from the daemon.
public enum TranscriptDirection: String, Sendable, Equatable {
  /// Client to daemon.
  case incoming = "in"
  /// Daemon to client.
  case outgoing = "out"
}

/// The settings a replay must start its daemon with to get the same replies (the first line
/// of a transcript); see protocol/replay.md.
public struct TranscriptHeader: Sendable, Equatable {
  /// The transcript format's version.
  public static let formatVersion = 1

  public var framing: Framing
  public var maxMessageBytes: Int?
  public var maxDocuments: Int?
  /// Reported in `initialize`'s limits, so it belongs to the settings even though it only paces.
  public var maxUnsentBytes: Int?
  /// The memory budget: reported in `initialize`'s limits, and by default half the machine's
  /// memory, so a transcript records it to replay the same answer elsewhere.
  public var maxMemory: Int?
  /// The daemon's version, for people reading the file (a replay does not compare it).
  public var chartdVersion: String?

  public init(framing: Framing = .lsp, maxMessageBytes: Int? = nil, maxDocuments: Int? = nil, maxUnsentBytes: Int? = nil,
              maxMemory: Int? = nil, chartdVersion: String? = nil) {
    self.framing = framing
    self.maxMessageBytes = maxMessageBytes
    self.maxDocuments = maxDocuments
    self.maxUnsentBytes = maxUnsentBytes
    self.maxMemory = maxMemory
    self.chartdVersion = chartdVersion
  }

  /// The daemon arguments that reproduce these settings.
  public var daemonArguments: [String] {
    var args = ["--framing", framing.rawValue]
    if let maxMessageBytes { args += ["--max-message-bytes", String(maxMessageBytes)] }
    if let maxDocuments { args += ["--max-documents", String(maxDocuments)] }
    if let maxUnsentBytes { args += ["--max-unsent-bytes", String(maxUnsentBytes)] }
    if let maxMemory { args += ["--max-memory", String(maxMemory)] }
    return args
  }
}

/// One line of a transcript.
public enum TranscriptEntry: Sendable, Equatable {
  /// `{"dir":"meta", "transcript":1, …}`: the settings (first line only).
  case header(TranscriptHeader)
  /// `{"dir":"in"|"out", "message":{…}}`: a JSON-RPC message.
  case message(TranscriptDirection, JSONValue)
  /// `{"dir":"in", "raw":"…"}`: a body that is not JSON, as text (or `rawBase64` when it is not UTF-8).
  case raw(TranscriptDirection, [UInt8])
  /// `{"dir":"in", "event":"…"}`: something without a body ("end of input", a framing error).
  case event(TranscriptDirection, String)
  /// `{"dir":"meta", "exitCode":N}`: the daemon ended with this status.
  case exit(Int32)
}

/// The event text written when the client closed the daemon's input; a replay closes it there too.
public let transcriptEndOfInput = "end of input"

/// An entry with the place it was read from.
public struct TranscriptLine: Sendable, Equatable {
  /// 1-based line number in the file.
  public var number: Int
  public var entry: TranscriptEntry

  public init(number: Int, entry: TranscriptEntry) {
    self.number = number
    self.entry = entry
  }
}
