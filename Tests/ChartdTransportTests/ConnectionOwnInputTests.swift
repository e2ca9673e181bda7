import ChartdJSON
import Testing
@testable import ChartdTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader reads a descriptor of its own: the number its owner gave may be closed and reused at
/// once (tests side by side do so) without the reader reading what that number names next.
@Suite(.timeLimit(.minutes(2))) struct ConnectionOwnInputTests {
  @Test func theNumberGivenMayNameAnotherDescriptorWhileTheReaderRuns() throws {
    let input = TestPipe(), output = TestPipe(), other = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    input.write(Array("{\"a\":1}\n".utf8))
    #expect(recorder.wait(for: 1) == [.message(["a": 1], bytes: 7)])
    // The number given now names another pipe (one call: no other test can take it in between),
    // which holds a line of its own.
    try #require(dup2(other.readEnd, input.readEnd) == input.readEnd)
    other.write(Array("{\"other\":1}\n".utf8))
    // The reader, woken by a second message, reads on where it read before, to the end.
    input.write(Array("{\"a\":2}\n".utf8))
    input.closeWriteEnd()
    #expect(recorder.wait(for: 3) == [.message(["a": 1], bytes: 7), .message(["a": 2], bytes: 7), .endOfInput])
    // The other pipe's line is still there for its own reader (its writer gone, so that a read
    // of a pipe emptied by the connection ends rather than waits).
    other.closeWriteEnd()
    #expect(other.readSome(max: 64) == Array("{\"other\":1}\n".utf8))
  }
}
