import Foundation
import Testing
@testable import ChartdTransport

/// The reader's poll before it sleeps: when it arms, and that polling loses no input and no end.
@Suite(.timeLimit(.minutes(1))) struct InputSpinTests {
  @Test func armsOnlyAfterAWaitWithinTheLimit() {
    var spin = InputSpin(microseconds: 200)
    #expect(spin.limitNanoseconds == 200_000)
    #expect(!spin.armed, "a daemon that has read nothing yet does not poll")
    spin.waited(nanoseconds: 150_000)
    #expect(spin.armed)
    spin.waited(nanoseconds: 200_000)
    #expect(spin.armed)
    spin.waited(nanoseconds: 200_001)
    #expect(!spin.armed, "a client that paused longer than the limit is waited for asleep")
    spin.waited(nanoseconds: 10)
    #expect(spin.armed)
  }

  @Test func aZeroLimitNeverPolls() {
    var spin = InputSpin(microseconds: 0)
    spin.waited(nanoseconds: 0)
    #expect(!spin.armed)
  }

  @Test func limitsAreClampedWithoutOverflow() {
    #expect(InputSpin(microseconds: -5).limitNanoseconds == 0)
    #expect(InputSpin(microseconds: Int.max).limitNanoseconds == UInt64(InputSpin.maxMicroseconds) * 1_000)
    #expect(InputSpin(microseconds: InputSpin.defaultMicroseconds).limitNanoseconds == 1_000_000)
  }

  @Test func pollingEndsOnInputOnTheEndOfInputAndAtTheDeadline() {
    let pipe = TestPipe()
    // Nothing to read: the poll gives up at its deadline, and the input is still empty.
    FileDescriptorIO.pollForInput(pipe.readEnd, until: FileDescriptorIO.monotonicNanoseconds() + 2_000_000)
    #expect(!FileDescriptorIO.hasInput(pipe.readEnd))
    // Bytes waiting: it returns with them unread.
    pipe.write(Array("x".utf8))
    FileDescriptorIO.pollForInput(pipe.readEnd, until: .max)
    #expect(pipe.readSome(max: 8) == Array("x".utf8))
    // The writer gone: the end of input ends the poll too (a deadline that never comes would hang).
    pipe.closeWriteEnd()
    FileDescriptorIO.pollForInput(pipe.readEnd, until: .max)
    #expect(pipe.readSome(max: 8).isEmpty)
  }

  @Test func aPollingReaderDeliversEveryMessageAndTheEnd() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000,
                                inputSpin: InputSpin(microseconds: 5_000))
    let recorder = EventRecorder()
    connection.start(recorder.append)
    input.write(Array("{\"id\":1}\n".utf8))
    #expect(recorder.wait(for: 1).count == 1)
    // After a pause longer than the poll (the reader has gone to sleep in `read`), then right
    // behind that one (the reader, armed, polls for what follows), then the end of input while
    // it polls.
    Thread.sleep(forTimeInterval: 0.03)
    input.write(Array("{\"id\":2}\n".utf8))
    #expect(recorder.wait(for: 2).count == 2)
    input.write(Array("{\"id\":3}\n".utf8))
    #expect(recorder.wait(for: 3).count == 3)
    input.closeWriteEnd()
    #expect(recorder.wait(for: 4) == [
      .message(["id": 1], bytes: 8), .message(["id": 2], bytes: 8), .message(["id": 3], bytes: 8), .endOfInput,
    ])
  }
}
