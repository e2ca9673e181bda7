import ChartdJSON

/// One unit that `FrameDecoder` cuts out of the byte stream, before any JSON parsing.
public enum DecodedFrame: Sendable, Equatable {
  /// A complete message body within the size limit.
  case body([UInt8])
  /// A body over the size limit, skipped without buffering it; `id` as sniffed from its start.
  case tooLarge(id: JSONValue?, bytes: Int)
  /// A malformed header block or truncated stream; the decoder has resynchronised.
  case framingError(String)
}
