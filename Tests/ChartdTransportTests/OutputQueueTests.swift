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
}
