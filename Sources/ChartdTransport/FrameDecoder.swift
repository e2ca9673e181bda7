import ChartdJSON

/// An incremental, pure decoder from arbitrary byte chunks to frames.
///
/// Feed it whatever `read(2)` returned; it yields every frame completed so far and keeps
/// partial state between calls, so the result never depends on where chunks were split.
///
/// LSP framing rules:
/// - Header names are case-insensitive; unknown headers and lines without a colon are ignored.
/// - `Content-Length` is required and must be a non-negative decimal integer.
/// - A `Content-Type` charset must be `utf-8` or `utf8`; another charset skips the body
///   (its length is known) and reports a framing error.
/// - A block without a valid `Content-Length` reports a framing error and the decoder reads
///   on as headers. A header line that contains `Content-Length:` after some garbage (the
///   tail of a body whose length was wrong or missing) is read from that point on, which
///   resynchronises the stream.
/// - A header block longer than `maxHeaderBlockBytes` is a framing error; bytes are then
///   discarded until the next `Content-Length:`.
/// - A body longer than `maxMessageBytes` is skipped as it streams by; only its first 64 KiB
///   are kept to sniff a top-level `"id"`.
/// - A header line that starts with `{` or `[` is a JSON message sent without framing: the first
///   one reports a framing error that names `--framing ndjson`; such lines are dropped.
/// ndjson: one message per line (`\n`, optional `\r` before it); blank lines are ignored; an
/// over-long line is skipped up to its newline the same way; a last line without a newline
/// counts at end of input.
public struct FrameDecoder: Sendable {
  /// Which framing the stream uses.
  public let framing: Framing
  /// The largest body delivered whole; longer ones are skipped and reported as `.tooLarge`.
  public let maxMessageBytes: Int
  /// How much of an over-long body is kept to find its `"id"`.
  public static let sniffBytes = 64 * 1024
  /// The longest header block accepted.
  public static let maxHeaderBlockBytes = 64 * 1024

  enum State: Sendable {
    /// Reading header lines.
    case header
    /// Collecting a body of `length` bytes into `body`.
    case body(length: Int)
    /// Skipping `remaining` bytes of a `length`-byte body; `error` nil means "too large".
    case skipping(length: Int, remaining: Int, error: String?)
    /// After an over-long header block: dropping bytes until `Content-Length:` appears.
    case discardingHeader
  }

  var state = State.header
  /// The header line (LSP) or message line (ndjson) being accumulated.
  var line: [UInt8] = []
  var block = HeaderBlock()
  var blockBytes = 0
  var body: [UInt8] = []
  /// The start of a skipped body or line, for id sniffing.
  var sniff: [UInt8] = []
  /// How many bytes of "content-length:" the most recent header bytes matched.
  var anchorMatched = 0
  /// ndjson: the full length of an over-long line seen so far (nil while within the limit).
  var overLongLineBytes: Int?
  /// ndjson: the last byte of the current line, to discount a "\r" before the newline.
  var lastLineByte: UInt8?
  /// LSP: whether the hint about a JSON line where a header belongs was given (once per stream).
  var reportedJSONLine = false

  /// A decoder at the start of a stream.
  public init(framing: Framing, maxMessageBytes: Int) {
    self.framing = framing
    self.maxMessageBytes = max(0, maxMessageBytes)
  }

  /// Consumes one chunk and returns the frames it completed, in order.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [DecodedFrame] {
    var frames: [DecodedFrame] = []
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return frames }
    let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
    switch framing {
    case .lsp: feedLSP(bytes, into: &frames)
    case .ndjson: feedNDJSON(bytes, into: &frames)
    }
    return frames
  }

  /// Consumes one chunk held in an array.
  public mutating func feed(_ chunk: [UInt8]) -> [DecodedFrame] {
    chunk.withUnsafeBytes { feed($0) }
  }

  /// Signals end of input and returns what remains: a final ndjson line, or an error for a
  /// message cut off in the middle.
  public mutating func finish() -> [DecodedFrame] {
    var frames: [DecodedFrame] = []
    switch framing {
    case .lsp: finishLSP(into: &frames)
    case .ndjson: finishNDJSON(into: &frames)
    }
    return frames
  }

  /// Bytes currently held in memory (to check that skipped bodies are not buffered).
  var bufferedByteCount: Int { line.count + body.count + sniff.count }
}

extension FrameDecoder {
  /// Appends up to what the sniff buffer still takes of `bytes`.
  mutating func keepForSniffing(_ bytes: UnsafeBufferPointer<UInt8>) {
    let room = FrameDecoder.sniffBytes - sniff.count
    guard room > 0 else { return }
    sniff.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(room)))
  }

  /// Emits the frame for a finished skipped body and clears the sniff buffer.
  mutating func finishSkipped(length: Int, error: String?, into frames: inout [DecodedFrame]) {
    if let error {
      frames.append(.framingError(error))
    } else {
      frames.append(.tooLarge(id: RequestIDSniffer.sniff(sniff), bytes: length))
    }
    sniff = []
  }
}
