import ChartdJSON
import Testing
@testable import ChartdTransport

@Suite struct FrameDecoderNDJSONTests {
  static let stream = Array("{\"id\":1}\n\n  \r\n{\"t\":\"é😀\"}\r\n[1,2]\n\"last\"".utf8)
  static let expected = [body(#"{"id":1}"#), body(#"{"t":"é😀"}"#), body("[1,2]"), body(#""last""#)]

  @Test func decodesLinesIgnoringBlankOnes() {
    #expect(decode([Self.stream], framing: .ndjson) == Self.expected)
  }

  @Test func sameFramesAtEverySplitOffsetAndByteAtATime() {
    let s = Self.stream
    for k in 0...s.count {
      #expect(decode([Array(s[..<k]), Array(s[k...])], framing: .ndjson) == Self.expected, "split at \(k)")
    }
    #expect(decode(s.map { [$0] }, framing: .ndjson) == Self.expected)
  }

  @Test func overLongLineIsSkippedWithItsID() {
    let long = #"{"id":"big","params":{"data":""# + String(repeating: "q", count: 3000) + #""}}"#
    let stream = Array((long + "\r\n" + #"{"id":2}"# + "\n").utf8)
    let expected: [DecodedFrame] = [.tooLarge(id: "big", bytes: long.utf8.count), body(#"{"id":2}"#)]
    #expect(decode([stream], framing: .ndjson, max: 100) == expected)
    for k in stride(from: 0, through: stream.count, by: 7) {
      #expect(decode([Array(stream[..<k]), Array(stream[k...])], framing: .ndjson, max: 100) == expected)
    }
  }

  @Test func lineExactlyAtTheLimitIsAccepted() {
    let line = "[" + String(repeating: "1,", count: 49) + "1]"  // 101 bytes
    #expect(decode([Array((line + "\r\n").utf8)], framing: .ndjson, max: 101) == [body(line)])
    #expect(decode([Array((line + "\n").utf8)], framing: .ndjson, max: 100) == [.tooLarge(id: nil, bytes: 101)])
  }

  @Test func overLongLineIsNotBufferedWhole() {
    var decoder = FrameDecoder(framing: .ndjson, maxMessageBytes: 1000)
    var frames = decoder.feed(Array(#"{"id":7,"x":""#.utf8))
    var largest = 0
    for _ in 0..<100 {
      frames += decoder.feed([UInt8](repeating: UInt8(ascii: "a"), count: 10_000))
      largest = max(largest, decoder.bufferedByteCount)
    }
    frames += decoder.feed(Array("\"}\n".utf8))
    #expect(largest <= FrameDecoder.sniffBytes)
    #expect(frames == [.tooLarge(id: 7, bytes: 13 + 1_000_000 + 2)])
  }
}
