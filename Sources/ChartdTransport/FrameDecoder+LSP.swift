import Foundation

extension FrameDecoder {
  /// "content-length:" in lower case: the anchor the decoder resynchronises on.
  static let contentLengthAnchor = Array("content-length:".utf8)

  mutating func feedLSP(_ bytes: UnsafeBufferPointer<UInt8>, into frames: inout [DecodedFrame]) {
    var i = 0
    let n = bytes.count
    while i < n {
      switch state {
      case .header where line.isEmpty && blockBytes == 0 && block.lineCount == 0 && anchorMatched == 0:
        // At the start of a block, the header every client sends is read at once; anything else,
        // or a header split across chunks, is read byte by byte below, by the same rules.
        if let (length, end) = FrameDecoder.plainHeader(bytes, at: i) {
          i = end
          begin(.message(length: length), into: &frames)
        } else {
          consumeHeaderByte(bytes[i], into: &frames)
          i += 1
        }
      case .header, .discardingHeader:
        // Header bytes are few in normal traffic; one byte at a time keeps the rules simple.
        consumeHeaderByte(bytes[i], into: &frames)
        i += 1
      case .body(let length):
        let take = min(length - body.count, n - i)
        body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + take)]))
        i += take
        if body.count == length {
          frames.append(.body(body))
          body = []
          state = .header
        }
      case .skipping(let length, let remaining, let error):
        let take = min(remaining, n - i)
        if error == nil { keepForSniffing(UnsafeBufferPointer(rebasing: bytes[i..<(i + take)])) }
        i += take
        if take == remaining {
          state = .header
          finishSkipped(length: length, error: error, into: &frames)
        } else {
          state = .skipping(length: length, remaining: remaining - take, error: error)
        }
      }
    }
  }

  private mutating func consumeHeaderByte(_ byte: UInt8, into frames: inout [DecodedFrame]) {
    let anchorFound = advanceAnchorMatch(byte)
    if case .discardingHeader = state {
      guard anchorFound else { return }
      state = .header
      line = FrameDecoder.contentLengthAnchor
      blockBytes = line.count
      return
    }
    if byte == UInt8(ascii: "\n") {
      completeHeaderLine(into: &frames)
      return
    }
    line.append(byte)
    blockBytes += 1
    if anchorFound, line.count > FrameDecoder.contentLengthAnchor.count {
      // Garbage (say, the tail of a body whose length was wrong) ran into the next header:
      // read the line from the anchor on.
      let dropped = line.count - FrameDecoder.contentLengthAnchor.count
      line.removeFirst(dropped)
      blockBytes -= dropped
    }
    if blockBytes > FrameDecoder.maxHeaderBlockBytes {
      if FrameDecoder.looksLikeJSON(line) {
        if !reportedJSONLine { frames.append(.framingError(FrameDecoder.jsonLineHint)) }
        reportedJSONLine = true
      } else {
        frames.append(.framingError("header block longer than \(FrameDecoder.maxHeaderBlockBytes) bytes"))
      }
      line = []
      block = HeaderBlock()
      blockBytes = 0
      state = .discardingHeader
    }
  }

  /// Advances the case-insensitive search for "content-length:"; true when it just completed.
  @inline(__always)
  private mutating func advanceAnchorMatch(_ byte: UInt8) -> Bool {
    let lower = HeaderBlock.asciiLowercased(byte)
    let anchor = FrameDecoder.contentLengthAnchor
    // The anchor's first letter appears nowhere else in it, so a mismatch restarts at 0 or 1.
    if lower == anchor[anchorMatched] {
      anchorMatched += 1
    } else {
      anchorMatched = lower == anchor[0] ? 1 : 0
    }
    if anchorMatched == anchor.count {
      anchorMatched = 0
      return true
    }
    return false
  }

  private mutating func completeHeaderLine(into frames: inout [DecodedFrame]) {
    blockBytes += 1
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    if FrameDecoder.looksLikeJSON(line) {
      // An ndjson client talking to LSP framing: say so once, and keep its lines out of the block.
      if !reportedJSONLine {
        reportedJSONLine = true
        frames.append(.framingError(FrameDecoder.jsonLineHint))
      }
      line.removeAll(keepingCapacity: true)
      if block.lineCount == 0 { blockBytes = 0 }
      return
    }
    if !line.isEmpty {
      block.add(line: line)
      line.removeAll(keepingCapacity: true)
      return
    }
    // A blank line: ends the block, or is a stray separator between messages.
    guard block.lineCount > 0 else { blockBytes = 0; return }
    let outcome = block.outcome
    block = HeaderBlock()
    blockBytes = 0
    begin(outcome, into: &frames)
  }

  /// `Content-Length: N\r\n\r\n` exactly (N: the digits `HeaderBlock.parseLength` reads) at `i`,
  /// whole in `bytes`: the length and where the body starts. What the header lines make of such a
  /// block (one line, that length, no other header) is `.message(length: N)`.
  @inline(__always)
  static func plainHeader(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, end: Int)? {
    let name = Framing.lengthHeaderName.count
    // The name, at least one digit and the two line ends.
    guard bytes.count - i >= name + 5, let base = bytes.baseAddress else { return nil }
    guard memcmp(base + i, Framing.lengthHeaderName, name) == 0 else { return nil }
    var j = i + name
    while j < bytes.count, (bytes[j] &- 0x30) < 10 { j += 1 }
    guard j + 4 <= bytes.count, bytes[j] == 13, bytes[j + 1] == 10, bytes[j + 2] == 13, bytes[j + 3] == 10,
          let length = HeaderBlock.parseLength(bytes[(i + name)..<j])
    else { return nil }
    return (length, j + 4)
  }

  /// Goes on after a header block that ended with `outcome`: into its body, past it, or on to the
  /// next block.
  private mutating func begin(_ outcome: HeaderBlock.Outcome, into frames: inout [DecodedFrame]) {
    switch outcome {
    case .message(let length) where length > maxMessageBytes:
      state = .skipping(length: length, remaining: length, error: nil)
    case .message(let length):
      if length == 0 {
        frames.append(.body([]))
      } else {
        // Reserved whole even when `fillBody` then allocates the body anew: the pages past what
        // arrives first are never touched, and under glibc's adaptive mmap threshold the W2b open
        // took 23 ms this way against 33 ms with 256 KiB reserved (the later opens' large buffers
        // were not page-faulted afresh; with the threshold fixed both took 37 ms). BENCHMARKS.md,
        // tenth session.
        body.reserveCapacity(length)
        state = .body(length: length)
      }
    case .skip(let length, let error):
      if length == 0 {
        frames.append(.framingError(error))
      } else {
        state = .skipping(length: length, remaining: length, error: error)
      }
    case .resync(let error):
      frames.append(.framingError(error))
    }
  }

  mutating func finishLSP(into frames: inout [DecodedFrame]) {
    switch state {
    case .header:
      let pending = line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
      if pending, FrameDecoder.looksLikeJSON(line) {
        if !reportedJSONLine { frames.append(.framingError(FrameDecoder.jsonLineHint)) }
      } else if block.lineCount > 0 || pending {
        frames.append(.framingError("input ended inside a header block"))
      }
    case .body(let length):
      frames.append(.framingError("input ended after \(body.count) of \(length) body bytes"))
    case .skipping(let length, let remaining, _):
      frames.append(.framingError("input ended after \(length - remaining) of \(length) body bytes"))
    case .discardingHeader:
      break
    }
    state = .header
    line = []
    body = []
    sniff = []
    block = HeaderBlock()
    blockBytes = 0
    anchorMatched = 0
  }
}

extension FrameDecoder {
  /// The framing error for a JSON message where a header was expected.
  static let jsonLineHint = "a JSON message arrived where an LSP header was expected (Content-Length: N, a blank line, "
    + "then the body); for one JSON message per line, start chartd with --framing ndjson"

  /// A header line that starts like a JSON object or array (no header name can).
  static func looksLikeJSON(_ line: [UInt8]) -> Bool {
    guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }
}
