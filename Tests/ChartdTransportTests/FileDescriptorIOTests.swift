import Foundation
import Testing
@testable import ChartdTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Descriptors of the connection's own on its pipes: they never block, and the descriptors the
/// daemon was given (shared with its parent) stay as they were.
@Suite(.timeLimit(.minutes(1))) struct FileDescriptorIOTests {
  func isNonBlocking(_ fd: Int32) -> Bool { fcntl(fd, F_GETFL) & O_NONBLOCK != 0 }

  #if os(Linux)
  @Test func anOwnReadDescriptorNeverWaitsAndLeavesTheGivenOneBlocking() throws {
    let pipe = TestPipe()
    let own = try #require(FileDescriptorIO.ownNonBlockingPipe(pipe.readEnd, writing: false))
    defer { FileDescriptorIO.closeDescriptor(own) }
    #expect(own != pipe.readEnd)
    #expect(isNonBlocking(own))
    #expect(!isNonBlocking(pipe.readEnd), "the flag would reach the parent through a shared description")
    var buffer = [UInt8](repeating: 0, count: 16)
    func readNow() -> FileDescriptorIO.ReadResult? {
      buffer.withUnsafeMutableBytes { FileDescriptorIO.readNow(own, into: $0) }
    }
    #expect(readNow() == nil, "nothing waiting: no wait either")
    pipe.write(Array("ab".utf8))
    #expect(readNow() == .bytes(2))
    #expect(Array(buffer[0..<2]) == Array("ab".utf8))
    // The same pipe: what one descriptor reads, the other does not see again.
    pipe.write(Array("c".utf8))
    #expect(pipe.readSome(max: 4) == Array("c".utf8))
    #expect(readNow() == nil)
    pipe.closeWriteEnd()
    #expect(readNow() == .endOfInput)
  }

  @Test func pollingByReadingEndsAtItsDeadlineOrWithTheInput() throws {
    let pipe = TestPipe()
    let own = try #require(FileDescriptorIO.ownNonBlockingPipe(pipe.readEnd, writing: false))
    defer { FileDescriptorIO.closeDescriptor(own) }
    var buffer = [UInt8](repeating: 0, count: 16)
    let soon = FileDescriptorIO.monotonicNanoseconds() + 2_000_000
    #expect(buffer.withUnsafeMutableBytes { FileDescriptorIO.readPolling(own, into: $0, until: soon) } == nil)
    pipe.write(Array("xyz".utf8))
    #expect(buffer.withUnsafeMutableBytes { FileDescriptorIO.readPolling(own, into: $0, until: .max) } == .bytes(3))
  }

  @Test func anOwnWriteDescriptorTakesWhatThePipeHasRoomFor() throws {
    let pipe = TestPipe()
    let own = try #require(FileDescriptorIO.ownNonBlockingPipe(pipe.writeEnd, writing: true))
    defer { FileDescriptorIO.closeDescriptor(own) }
    #expect(isNonBlocking(own))
    #expect(!isNonBlocking(pipe.writeEnd))
    let capacity = try #require(FileDescriptorIO.pipeCapacity(own))
    let bytes = [UInt8](repeating: 0x61, count: capacity + 100)
    #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeNow(own, $0) } == capacity)
    #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeNow(own, UnsafeRawBufferPointer(rebasing: $0[0..<10])) } == 0,
            "a full pipe takes nothing, and says so at once")
    #expect(pipe.read(count: capacity).count == capacity)
    pipe.closeReadEnd()
    #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeNow(own, $0) } == nil, "no reader left: the output is gone")
  }
  #endif

  @Test func aFileIsNotAPipeAndIsUsedAsGiven() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chartd-fdio-\(getpid()).txt").path
    let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    defer {
      close(fd)
      unlink(path)
    }
    #expect(!FileDescriptorIO.isPipe(fd))
    #expect(FileDescriptorIO.ownNonBlockingPipe(fd, writing: false) == nil)
    #expect(FileDescriptorIO.ownNonBlockingPipe(fd, writing: true) == nil)
    let pipe = TestPipe()
    #expect(FileDescriptorIO.isPipe(pipe.readEnd))
    #expect(FileDescriptorIO.isPipe(pipe.writeEnd))
  }
}
