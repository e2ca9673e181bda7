import ChartdJSON
import Testing
@testable import ChartdTransport

@Suite struct FrameDecoderDirectBodyTests {
  /// A source of bytes that hands out `data` in pieces of the given sizes (cycled), and stops at
  /// `stopAt` bytes as if the input ended there.
  final class Source {
    let data: [UInt8]
    let pieces: [Int]
    let stopAt: Int
    var at = 0, calls = 0
    init(_ data: [UInt8], pieces: [Int], stopAt: Int? = nil) {
      self.data = data
      self.pieces = pieces
      self.stopAt = stopAt ?? data.count
    }
    func read(into room: UnsafeMutableRawBufferPointer) -> Int {
      let n = min(room.count, pieces[calls % pieces.count], stopAt - at)
      calls += 1
      guard n > 0 else { return 0 }
      room.copyMemory(from: UnsafeRawBufferPointer(rebasing: data.withUnsafeBytes { $0 }[at..<(at + n)]))
      at += n
      return n
    }
  }

  /// A stream's bytes fed in one chunk up to `split`, the rest of the body read through `fillBody`,
  /// and whatever follows the body fed again: the frames must be those of feeding it all.
  func framesReadingDirectly(_ stream: [UInt8], split: Int, pieces: [Int]) -> [DecodedFrame] {
    var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 1 << 24)
    var frames = decoder.feed(Array(stream[0..<split]))
    let source = Source(Array(stream[split...]), pieces: pieces, stopAt: decoder.bodyBytesAwaited)
    frames += decoder.fillBody(by: source.read)
    frames += decoder.feed(Array(stream[(split + source.at)...]))
    return frames + decoder.finish()
  }

  @Test func aBodyReadStraightIntoItsBufferIsTheBodyFed() {
    let alphabet = Array("abcé😀\"\\ ")
    let big = #"{"id":7,"pad":""# + String((0..<300_000).map { alphabet[($0 * 7919 + $0 / 13) % alphabet.count] }) + #""}"#
    let stream = lspFrame("[1]") + lspFrame(big) + lspFrame(#"{"after":true}"#)
    let fed = decode([stream])
    #expect(fed.count == 3)
    let header = Array("Content-Length: \(big.utf8.count)\r\n\r\n".utf8).count
    let bodyStart = lspFrame("[1]").count + header
    for split in [bodyStart, bodyStart + 1, bodyStart + 4096, bodyStart + 100_000] {
      for pieces in [[1], [7, 65_536, 3], [1 << 20], [big.utf8.count]] where pieces != [1] || split > bodyStart + 50_000 {
        // Compared as a whole, not printed: the body is 300 KB.
        let same = framesReadingDirectly(stream, split: split, pieces: pieces) == fed
        #expect(same, "split \(split), pieces \(pieces)")
      }
    }
  }

  @Test func inputEndingInsideTheBodyIsReportedAsWhenFed() {
    let text = String(repeating: "x", count: 50_000)
    let stream = lspFrame(#"[""# + text + #""]"#)
    var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 1 << 20)
    #expect(decoder.feed(Array(stream[0..<100])).isEmpty)
    let source = Source(Array(stream[100...]), pieces: [4096], stopAt: 20_000)
    #expect(decoder.fillBody(by: source.read).isEmpty)
    #expect(source.at == 20_000)
    let length = text.count + 4
    let header = stream.count - length
    #expect(decoder.bodyBytesAwaited == length - (100 - header) - 20_000)
    #expect(decoder.finish() == decode([Array(stream[0..<(100 + 20_000)])]))
    #expect(decoder.finish() == [])
  }

  @Test func outsideABodyNothingIsRead() {
    var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 1 << 20)
    let source = Source(Array(repeating: 0x20, count: 10), pieces: [10])
    #expect(decoder.bodyBytesAwaited == 0)
    #expect(decoder.fillBody(by: source.read).isEmpty)
    #expect(decoder.feed(Array("Content-Length: 2\r\n\r\n[".utf8)).isEmpty)
    #expect(decoder.bodyBytesAwaited == 1)
    #expect(decoder.feed(Array("]".utf8)) == [body("[]")])
    #expect(decoder.fillBody(by: source.read).isEmpty)
    #expect(source.calls == 0)
  }
}
