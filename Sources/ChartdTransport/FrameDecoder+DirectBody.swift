extension FrameDecoder {
  /// Bytes of the LSP body being collected that have not arrived yet (0 outside a body).
  public var bodyBytesAwaited: Int {
    guard case .body(let length) = state else { return 0 }
    return length - body.count
  }

  /// Reads the rest of the body being collected straight into its final buffer.
  ///
  /// `read` is handed the room still to fill and returns how many bytes it put at its start
  /// (0: the input ended). A large body fed chunk by chunk is copied twice on its way in, from the
  /// pipe into the read buffer and from there into the body, and its pages are touched by both
  /// copies: a 16 MB chart spent a tenth of its open in the second copy. Returns the body's frame
  /// when it is complete; when the input ends first, the bytes read so far stay collected, and
  /// `finish` reports the cut-off body as feeding them would have.
  public mutating func fillBody(by read: (UnsafeMutableRawBufferPointer) -> Int) -> [DecodedFrame] {
    guard case .body(let length) = state, body.count < length else { return [] }
    let received = body
    body = []
    let filled = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
      let room = UnsafeMutableRawBufferPointer(buffer)
      _ = room.initializeMemory(as: UInt8.self, from: received)
      count = received.count
      while count < length {
        let n = read(UnsafeMutableRawBufferPointer(rebasing: room[count..<length]))
        guard n > 0 else { break }
        count += min(n, length - count)
      }
    }
    guard filled.count == length else {
      body = filled
      return []
    }
    state = .header
    return [.body(filled)]
  }
}
