import Foundation
import Testing
@testable import ChartdTransport

/// The output queue writes a frame on the calling thread only when the descriptor takes all of it at
/// once; anything else waits for the writer thread (here never started, so it stays queued).
@Suite struct OutputQueueTests {
  func frame(_ count: Int) -> OutputQueue.Frame { .init(buffer: [UInt8](repeating: 0x61, count: count), start: 0) }

  #if os(Linux)  // the pipe's capacity (F_GETPIPE_SZ) is read on Linux only
  @Test func aFrameUpToHalfAnEmptyPipeIsWrittenAtOnce() throws {
    let pipe = TestPipe()
    let capacity = Int(fcntl(pipe.writeEnd, 1032))  // F_GETPIPE_SZ
    try #require(capacity >= 16 * 1024)
    let queue = OutputQueue(fd: pipe.writeEnd)
    queue.enqueue(frame(capacity / 2))
    #expect(queue.unsent == 0)
    #expect(pipe.readSome(max: capacity).count == capacity / 2)
  }

  @Test func aFrameLargerThanHalfAnEmptyPipeWaitsForTheWriter() throws {
    let pipe = TestPipe()
    let capacity = Int(fcntl(pipe.writeEnd, 1032))
    let queue = OutputQueue(fd: pipe.writeEnd)
    queue.enqueue(frame(capacity / 2 + 1))
    #expect(queue.unsent == capacity / 2 + 1)
  }
  #endif

  @Test func aPipeWithUnreadBytesTakesOnlyPipeBufAtOnce() throws {
    let pipe = TestPipe()
    let queue = OutputQueue(fd: pipe.writeEnd)
    queue.enqueue(frame(10))  // written: the pipe was empty
    #expect(queue.unsent == 0)
    queue.enqueue(frame(4096))  // written: PIPE_BUF always fits a pipe with room
    #expect(queue.unsent == 0)
    queue.enqueue(frame(4097))  // unread bytes: more than PIPE_BUF waits for the writer
    #expect(queue.unsent == 4097)
    // Once a frame waits, later ones queue behind it, whatever their size: order is kept.
    queue.enqueue(frame(1))
    #expect(queue.unsent == 4098)
    #expect(pipe.readSome(max: 1 << 16).count == 4106)
  }

  /// Frames of distinct bytes, so their order shows in what the pipe gets.
  func frames(_ sizes: [Int]) -> [OutputQueue.Frame] {
    sizes.enumerated().map { k, n in .init(buffer: [UInt8](repeating: UInt8(0x61 + k), count: n), start: 0) }
  }

  /// Whether the pipe has bytes to read within `seconds`.
  func readable(_ pipe: TestPipe, within seconds: Double = 0) -> Bool {
    var descriptor = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, Int32(seconds * 1000)) == 1
  }

  @Test func heldFramesLeaveTogetherWhenReleased() throws {
    let pipe = TestPipe()
    let queue = OutputQueue(fd: pipe.writeEnd)  // no writer thread: nothing leaves unless sent here
    queue.hold(true)
    let sent = frames([10, 300, 1])
    for f in sent { queue.enqueue(f) }
    #expect(queue.unsent == 311)
    #expect(!readable(pipe))
    queue.hold(false)
    #expect(queue.unsent == 0)
    #expect(pipe.readSome(max: 1 << 16) == sent.flatMap(\.buffer))
    // Released, frames leave one by one again.
    queue.enqueue(frame(5))
    #expect(queue.unsent == 0)
  }

  @Test func heldFramesLeaveOnceTheyFillTheBatch() throws {
    let pipe = TestPipe()
    let queue = OutputQueue(fd: pipe.writeEnd)
    queue.hold(true)
    let half = OutputQueue.heldBytes / 2
    let sent = frames([half, half - 1, 1])
    for f in sent.prefix(2) { queue.enqueue(f) }
    #expect(queue.unsent == 2 * half - 1)
    queue.enqueue(sent[2])  // the batch is full: written while still holding
    #expect(queue.unsent == 0)
    #expect(pipe.read(count: 2 * half) == sent.flatMap(\.buffer))
  }

  @Test(.timeLimit(.minutes(1))) func heldFramesNeverReleasedLeaveAfterTheDelay() throws {
    let pipe = TestPipe()
    let queue = OutputQueue(fd: pipe.writeEnd)
    queue.startWriterThread()
    defer { queue.close() }
    queue.hold(true)
    let sent = frames([20, 7])
    for f in sent { queue.enqueue(f) }
    // The writer thread sends them once the oldest has waited `heldDelay` (1 ms); the 10 s here
    // only keeps a broken queue from hanging the run.
    #expect(readable(pipe, within: 10))
    #expect(pipe.read(count: 27) == sent.flatMap(\.buffer))
    queue.waitUntilDrained()
    #expect(queue.unsent == 0)
  }

  #if os(Linux)
  @Test(.timeLimit(.minutes(1))) func aNonBlockingQueueWritesWhatThePipeTakesAndTheWriterTheRest() throws {
    let pipe = TestPipe()
    let own = try #require(NoWaitDescriptor.make(pipe.writeEnd, writing: true))
    let capacity = try #require(FileDescriptorIO.pipeCapacity(own.fd))
    let queue = OutputQueue(fd: pipe.writeEnd, noWait: own)
    let sent = frames([capacity + 100, 1])
    // No writer thread yet: the calling thread writes all the pipe takes, and the rest waits.
    queue.enqueue(sent[0])
    #expect(queue.unsent == 100)
    queue.enqueue(sent[1])
    #expect(queue.unsent == 101, "a frame behind a waiting one waits too: order is kept")
    #expect(pipe.read(count: capacity) == Array(sent[0].buffer[0..<capacity]))
    queue.startWriterThread()
    #expect(pipe.read(count: 101) == Array(sent[0].buffer[capacity...]) + sent[1].buffer)
    queue.waitUntilDrained()
    #expect(queue.unsent == 0)
    // Closed, the writer thread ends and closes the descriptor it owns: with the test's own
    // write end closed too, the reader sees the end of the output.
    queue.close()
    pipe.closeWriteEnd()
    #expect(readable(pipe, within: 10))
    #expect(pipe.readSome(max: 8).isEmpty)
  }
  #endif
}
