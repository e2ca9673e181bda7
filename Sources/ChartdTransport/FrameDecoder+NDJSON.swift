#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FrameDecoder {
  mutating func feedNDJSON(_ bytes: UnsafeBufferPointer<UInt8>, into frames: inout [DecodedFrame]) {
    var i = 0
    let n = bytes.count
    guard let base = bytes.baseAddress else { return }
    while i < n {
      // memchr: a large message arrives in reads of 256 KiB, each scanned for its newline.
      let found = memchr(base + i, Int32(UInt8(ascii: "\n")), n - i)
      let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? n
      appendToLine(UnsafeBufferPointer(rebasing: bytes[i..<end]))
      if end < n {
        completeNDJSONLine(into: &frames)
        i = end + 1
      } else {
        i = n
      }
    }
  }

  /// Adds a segment to the current line, switching to skip mode once it is over the limit.
  private mutating func appendToLine(_ segment: UnsafeBufferPointer<UInt8>) {
    guard !segment.isEmpty else { return }
    lastLineByte = segment[segment.count - 1]
    if let seen = overLongLineBytes {
      overLongLineBytes = seen + segment.count
      keepForSniffing(segment)
      return
    }
    // One extra byte of room for a "\r" before the newline.
    if line.count + segment.count - 1 > maxMessageBytes {
      overLongLineBytes = line.count + segment.count
      sniff = Array(line.prefix(FrameDecoder.sniffBytes))
      line = []
      keepForSniffing(segment)
      return
    }
    line.append(contentsOf: segment)
  }

  private mutating func completeNDJSONLine(into frames: inout [DecodedFrame]) {
    defer { lastLineByte = nil }
    if let seen = overLongLineBytes {
      overLongLineBytes = nil
      let length = seen - (lastLineByte == UInt8(ascii: "\r") ? 1 : 0)
      finishSkipped(length: length, error: nil, into: &frames)
      return
    }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    if line.count > maxMessageBytes {
      sniff = Array(line.prefix(FrameDecoder.sniffBytes))
      finishSkipped(length: line.count, error: nil, into: &frames)
    } else if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
      frames.append(.body(line))
    }
    line = []
  }

  mutating func finishNDJSON(into frames: inout [DecodedFrame]) {
    if overLongLineBytes != nil || !line.isEmpty { completeNDJSONLine(into: &frames) }
  }
}
