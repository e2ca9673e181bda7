import ChartdJSON
import Foundation
import Testing
@testable import ChartdTransport

/// Past `maxUnsentBytes` of unwritten output the reader stops reading, and starts again when the
/// client drains its input.
@Suite struct BackpressureTests {
  @Test func theReaderPausesWhileTheOutputIsOverItsBound() throws {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1 << 20,
                                maxUnsentBytes: 1 << 20)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    input.write(Array("{\"n\":1}\n".utf8))
    #expect(recorder.wait(for: 1).count == 1)

    // 4 MiB of output nobody reads: over the 1 MiB bound.
    let payload = String(repeating: "x", count: 100_000)
    for i in 0..<40 { connection.send(["seq": .number(Double(i)), "data": .string(payload)]) }
    #expect(connection.unsentBytes > 1 << 20)
    input.write(Array("{\"n\":2}\n".utf8))
    Thread.sleep(forTimeInterval: 0.3)
    #expect(recorder.wait(for: 1).count == 1, "the reader read input although the output is over its bound")

    // The client reads: the reader resumes, and every frame arrives whole and in order.
    var bytes: [UInt8] = []
    var newlines = 0
    while newlines < 40 {
      let chunk = output.readSome(max: 256 * 1024)
      newlines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      bytes += chunk
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    #expect(recorder.wait(for: 2).count == 2)
    for (i, line) in lines.prefix(40).enumerated() {
      #expect(line.hasPrefix("{\"data\":\"xxx") && line.hasSuffix(",\"seq\":\(i)}"))
    }
    input.closeWriteEnd()
  }

  @Test func waitForOutputRoomReturnsWhenTheOutputIsGone() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000,
                                maxUnsentBytes: 1000)
    connection.send(["data": .string(String(repeating: "y", count: 200_000))])
    output.closeReadEnd()
    let done = Thread.detachNewThreadAndWait { connection.waitForOutputRoom() }
    #expect(done.wait(seconds: 10))
    input.closeWriteEnd()
  }
}
