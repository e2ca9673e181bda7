import ChartdJSON
import Testing
@testable import ChartdTransport

/// Frames a body the way a well-behaved client does.
func lspFrame(_ body: String, headers: [String] = []) -> [UInt8] {
  let bytes = Array(body.utf8)
  let head = (["Content-Length: \(bytes.count)"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
  return Array(head.utf8) + bytes
}

/// Decodes a whole stream fed in the given chunks, including end of input.
func decode(_ chunks: [[UInt8]], framing: Framing = .lsp, max: Int = 1 << 20) -> [DecodedFrame] {
  var decoder = FrameDecoder(framing: framing, maxMessageBytes: max)
  var frames: [DecodedFrame] = []
  for chunk in chunks { frames += decoder.feed(chunk) }
  return frames + decoder.finish()
}

func body(_ text: String) -> DecodedFrame { .body(Array(text.utf8)) }

@Suite struct FrameDecoderLSPTests {
  /// Several messages exercising header variants and multi-byte UTF-8.
  static let stream: [UInt8] =
    lspFrame(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
    + lspFrame(#"{"text":"é😀中"}"#, headers: ["Content-Type: application/vscode-jsonrpc; charset=utf-8"])
    + Array("content-LENGTH: 2\r\nX-Unknown: yes\r\n\r\n{}".utf8)
    + lspFrame("[1,2]", headers: ["content-type: application/json; charset=\"UTF8\""])
    + Array("Content-Length:0\r\n\r\n".utf8)
    + lspFrame(#""last""#)

  static let expected: [DecodedFrame] = [
    body(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#), body(#"{"text":"é😀中"}"#), body("{}"),
    body("[1,2]"), .body([]), body(#""last""#),
  ]

  @Test func decodesWholeStream() {
    #expect(decode([Self.stream]) == Self.expected)
  }

  @Test func sameFramesAtEverySplitOffset() {
    let s = Self.stream
    for k in 0...s.count {
      let frames = decode([Array(s[..<k]), Array(s[k...])])
      #expect(frames == Self.expected, "split at \(k)")
      if frames != Self.expected { return }
    }
  }

  @Test func sameFramesAtEveryPairOfSplitOffsets() {
    let s = Self.stream
    var failures = 0
    for a in stride(from: 0, through: s.count, by: 3) {
      for c in a...s.count where decode([Array(s[..<a]), Array(s[a..<c]), Array(s[c...])]) != Self.expected {
        failures += 1
      }
    }
    #expect(failures == 0)
  }

  @Test func sameFramesByteAtATime() {
    #expect(decode(Self.stream.map { [$0] }) == Self.expected)
  }

  @Test func multiByteCharacterSplitAcrossChunksStaysIntact() {
    let frame = lspFrame(#""😀""#)
    let emojiStart = frame.count - 5
    for k in emojiStart...(emojiStart + 4) {
      #expect(decode([Array(frame[..<k]), Array(frame[k...])]) == [body(#""😀""#)])
    }
  }

  @Test(arguments: [
    "Content-Type: application/vscode-jsonrpc; charset=utf-8",
    "Content-Type: application/vscode-jsonrpc; charset=utf8",
    "Content-Type: application/json; CHARSET=UTF-8",
    "content-type: application/json;charset=\"utf-8\"",
    "Content-Type: application/json",
  ])
  func acceptedContentTypes(_ header: String) {
    #expect(decode([lspFrame("{}", headers: [header])]) == [body("{}")])
  }

  @Test func otherCharsetSkipsTheBodyAndKeepsGoing() {
    let frames = decode([lspFrame(#"{"a":1}"#, headers: ["Content-Type: text/plain; charset=latin1"]) + lspFrame("2")])
    #expect(frames == [.framingError("unsupported charset 'latin1' (only utf-8 is accepted)"), body("2")])
  }

  @Test func missingContentLengthResynchronises() {
    let stream = Array("Content-Type: application/json\r\n\r\n{\"id\":1}".utf8) + lspFrame(#"{"id":2}"#)
    #expect(decode([stream]) == [.framingError("header block without Content-Length"), body(#"{"id":2}"#)])
  }

  @Test(arguments: [
    ("-5", "invalid Content-Length '-5'"), ("abc", "invalid Content-Length 'abc'"),
    ("12abc", "invalid Content-Length '12abc'"), ("", "invalid Content-Length ''"),
    ("+5", "invalid Content-Length '+5'"), ("1 2", "invalid Content-Length '1 2'"),
    ("99999999999999999999", "invalid Content-Length '99999999999999999999'"),
  ])
  func badContentLengthResynchronises(_ value: String, _ message: String) {
    let stream = Array("Content-Length: \(value)\r\n\r\n{\"broken\":true}".utf8) + lspFrame("[3]")
    #expect(decode([stream]) == [.framingError(message), body("[3]")])
  }

  @Test func conflictingContentLengthsAreAFramingError() {
    let stream = Array("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8) + lspFrame("4")
    #expect(decode([stream]) == [.framingError("conflicting Content-Length headers (2 and 3)"), body("4")])
    #expect(decode([Array("Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}".utf8)]) == [body("{}")])
  }

  @Test func bodyShorterThanItsLengthLeavesTheNextMessageReadable() {
    // The first length is too small: its tail runs into the next header line.
    let stream = Array("Content-Length: 5\r\n\r\n{\"id\":1}".utf8) + lspFrame("[2]")
    #expect(decode([stream]) == [body(#"{"id""#), body("[2]")])
  }

  @Test func truncatedBodyAtEndOfInput() {
    #expect(decode([Array("Content-Length: 10\r\n\r\n{}".utf8)]) == [.framingError("input ended after 2 of 10 body bytes")])
    #expect(decode([Array("Content-Length: 10\r\n".utf8)]) == [.framingError("input ended inside a header block")])
    #expect(decode([Array("Content-Le".utf8)]) == [.framingError("input ended inside a header block")])
    #expect(decode([Array("\r\n\r\n".utf8)]) == [])
    #expect(decode([]) == [])
  }

  @Test func strayBlankLinesAndBareNewlinesAreTolerated() {
    let stream = Array("\r\n\r\nContent-Length: 2\n\n{}\r\n".utf8) + lspFrame("5")
    #expect(decode([stream]) == [body("{}"), body("5")])
  }

  @Test func tooLargeBodyIsSkippedWithItsIDAndTheNextMessageDecoded() {
    let big = #"{"jsonrpc":"2.0","method":"chart/open","params":{"id":99,"pad":""#
      + String(repeating: "x", count: 5000) + #""},"id":42}"#
    let frames = decode([lspFrame(big) + lspFrame(#"{"id":43}"#)], max: 1000)
    #expect(frames == [.tooLarge(id: 42, bytes: big.utf8.count), body(#"{"id":43}"#)])
  }

  @Test func tooLargeBodyIsNotBufferedWhole() {
    let size = 10 << 20
    var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 1 << 20)
    var frames = decoder.feed(Array("Content-Length: \(size)\r\n\r\n{\"id\":\"abc\",\"data\":\"".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 64 * 1024)
    var sent = 20
    var largestBuffer = 0
    while sent + chunk.count < size - 2 {
      frames += decoder.feed(chunk)
      sent += chunk.count
      largestBuffer = max(largestBuffer, decoder.bufferedByteCount)
    }
    frames += decoder.feed([UInt8](repeating: UInt8(ascii: "y"), count: size - 2 - sent) + Array("\"}".utf8))
    frames += decoder.feed(lspFrame("7"))
    #expect(largestBuffer <= FrameDecoder.sniffBytes)
    #expect(frames == [.tooLarge(id: "abc", bytes: size), body("7")])
  }

  @Test func idBeyondTheSniffedPrefixIsUnknown() {
    let big = #"{"params":""# + String(repeating: "z", count: 70_000) + #"","id":5}"#
    #expect(decode([lspFrame(big)], max: 100) == [.tooLarge(id: nil, bytes: big.utf8.count)])
  }

  @Test func garbageWithoutNewlinesIsDroppedUntilTheNextHeader() {
    let garbage = [UInt8](repeating: UInt8(ascii: "g"), count: 100_000)
    let frames = decode([garbage + lspFrame("[8]")])
    #expect(frames == [.framingError("header block longer than 65536 bytes"), body("[8]")])
    // The same when the anchor is split across chunks right at the limit.
    let stream = garbage + lspFrame("[9]")
    for k in stride(from: 99_990, through: 100_020, by: 1) {
      #expect(decode([Array(stream[..<k]), Array(stream[k...])]).last == body("[9]"))
    }
  }

  @Test func junkHeaderLinesAreIgnored() {
    let stream = Array("hello there\r\nContent-Length: 2\r\n\r\n{}".utf8)
    #expect(decode([stream]) == [body("{}")])
  }
}

/// An ndjson client talking to LSP framing is told what to do instead of waiting forever.
@Suite struct FrameDecoderJSONLineTests {
  @Test func aJSONLineWhereAHeaderBelongsNamesNDJSONFramingOnce() {
    let lines = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n{\"id\":2}\n".utf8)
    #expect(decode([lines]) == [.framingError(FrameDecoder.jsonLineHint)])
    #expect(FrameDecoder.jsonLineHint.contains("--framing ndjson"))
  }

  @Test func theStreamStaysUsableAfterwards() {
    let stream = Array("[1,2]\r\n".utf8) + lspFrame(#"{"id":3}"#)
    #expect(decode([stream]) == [.framingError(FrameDecoder.jsonLineHint), body(#"{"id":3}"#)])
  }

  @Test func anUnterminatedJSONLineAtEndOfInputGetsTheHintToo() {
    #expect(decode([Array(" {\"id\":1}".utf8)]) == [.framingError(FrameDecoder.jsonLineHint)])
  }

  @Test func aLongJSONLineGetsTheHintInsteadOfTheHeaderLimit() {
    let long = Array("{\"x\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: FrameDecoder.maxHeaderBlockBytes + 10) + Array("\"}\n".utf8)
    #expect(decode([long + lspFrame("[4]")]) == [.framingError(FrameDecoder.jsonLineHint), body("[4]")])
  }

  /// Headers as clients write them and as they should not: the usual `Content-Length: N` is read
  /// at once when it arrives whole, everything else byte by byte. Streams of two and three of
  /// these pieces decode to the same frames whole, byte by byte, and split anywhere.
  static let pieces: [[UInt8]] = [
    lspFrame(#"{"id":1}"#), lspFrame("[]"), lspFrame(#""é""#),
    Array("content-length: 2\r\n\r\n{}".utf8), Array("CONTENT-LENGTH: 2\r\n\r\n{}".utf8),
    Array("Content-Length:2\r\n\r\n{}".utf8), Array("Content-Length:  2\r\n\r\n{}".utf8),
    Array("Content-Length: 2 \r\n\r\n{}".utf8), Array("Content-Length: 02\r\n\r\n{}".utf8),
    Array("Content-Length: 2\n\n{}".utf8), Array("Content-Length: 0\r\n\r\n".utf8),
    Array("Content-Length: 123456789012345678\r\n\r\n".utf8), Array("Content-Length: 1234567890123456789\r\n\r\n".utf8),
    Array("Content-Length: 70\r\n\r\n{\"id\":7,\"pad\":\"".utf8) + Array(repeating: UInt8(ascii: "p"), count: 58) + Array("\"}".utf8),
    Array("Content-Length: 2\r\nContent-Type: text/plain; charset=latin1\r\n\r\n{}".utf8),
    Array("Content-Length: 5\r\n\r\n{}".utf8), Array("Content-Length: 2\r\n\r".utf8), Array("Content-Length: x\r\n\r\n".utf8),
    Array("\r\n".utf8), Array("\n".utf8), Array("{\"jsonrpc\":\"2.0\"}\n".utf8), Array("garbage".utf8),
  ]

  @Test func theUsualHeaderReadAtOnceDecodesAsReadByteByByte() {
    var streams = 0, differing: [String] = []
    for a in Self.pieces {
      for b in Self.pieces {
        let stream = a + b
        let whole = decode([stream], max: 64)
        for k in 0...stream.count where decode([Array(stream[..<k]), Array(stream[k...])], max: 64) != whole {
          differing.append("\(String(decoding: stream, as: UTF8.self).debugDescription) split at \(k)")
        }
        for c in Self.pieces {
          let three = stream + c
          if decode([three], max: 64) != decode(three.map { [$0] }, max: 64) {
            differing.append(String(decoding: three, as: UTF8.self).debugDescription)
          }
          streams += 1
        }
      }
    }
    #expect(streams == Self.pieces.count * Self.pieces.count * Self.pieces.count)
    let first = differing.prefix(3)
    #expect(differing.count == 0, "streams that differ, the first: \(first)")
    // What the usual header reads as, exactly: the body, an empty body, the length at its limit.
    #expect(decode([lspFrame("[]") + Array("Content-Length: 0\r\n\r\n".utf8)]) == [body("[]"), .body([])])
    #expect(decode([Array("Content-Length: 70\r\n\r\n".utf8) + Array(repeating: 0x20, count: 70)], max: 64)
              == [.tooLarge(id: nil, bytes: 70)])
  }
}
