import Foundation
import Testing
@testable import ChartdTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input and output read and written without waiting: a pipe through a descriptor of the
/// connection's own, a stream socket by asking at each call; the descriptors the daemon was given
/// (shared with its parent) stay as they were.
@Suite struct NoWaitDescriptorTests {
  func isNonBlocking(_ fd: Int32) -> Bool { fcntl(fd, F_GETFL) & O_NONBLOCK != 0 }

  #if os(Linux)
  @Test func anOwnReadDescriptorNeverWaitsAndLeavesTheGivenOneBlocking() throws {
    let pipe = TestPipe()
    let input = try #require(NoWaitDescriptor.make(pipe.readEnd, writing: false))
    let own = input.fd
    defer { FileDescriptorIO.closeDescriptor(own) }
    #expect(input.way == .ownPipe && input.isOwned)
    #expect(own != pipe.readEnd)
    #expect(isNonBlocking(own))
    #expect(!isNonBlocking(pipe.readEnd), "the flag would reach the parent through a shared description")
    var buffer = [UInt8](repeating: 0, count: 16)
    func readNow() -> FileDescriptorIO.ReadResult? {
      buffer.withUnsafeMutableBytes { input.readNow(into: $0) }
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
    let input = try #require(NoWaitDescriptor.make(pipe.readEnd, writing: false))
    defer { FileDescriptorIO.closeDescriptor(input.fd) }
    var buffer = [UInt8](repeating: 0, count: 16)
    let soon = FileDescriptorIO.monotonicNanoseconds() + 2_000_000
    #expect(buffer.withUnsafeMutableBytes { input.readPolling(into: $0, until: soon) } == nil)
    pipe.write(Array("xyz".utf8))
    #expect(buffer.withUnsafeMutableBytes { input.readPolling(into: $0, until: .max) } == .bytes(3))
  }

  @Test func anOwnWriteDescriptorTakesWhatThePipeHasRoomFor() throws {
    let pipe = TestPipe()
    let output = try #require(NoWaitDescriptor.make(pipe.writeEnd, writing: true))
    let own = output.fd
    defer { FileDescriptorIO.closeDescriptor(own) }
    #expect(isNonBlocking(own))
    #expect(!isNonBlocking(pipe.writeEnd))
    let capacity = try #require(FileDescriptorIO.pipeCapacity(own))
    let bytes = [UInt8](repeating: 0x61, count: capacity + 100)
    #expect(bytes.withUnsafeBytes { output.writeNow($0) } == capacity)
    #expect(bytes.withUnsafeBytes { output.writeNow(UnsafeRawBufferPointer(rebasing: $0[0..<10])) } == 0,
            "a full pipe takes nothing, and says so at once")
    #expect(pipe.read(count: capacity).count == capacity)
    // A write with no reader left raises SIGPIPE, which chartd ignores (as a connection does).
    ProcessSignals.ignoreSIGPIPE()
    pipe.closeReadEnd()
    #expect(bytes.withUnsafeBytes { output.writeNow($0) } == nil, "no reader left: the output is gone")
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
    #expect(!FileDescriptorIO.isStreamSocket(fd))
    #expect(NoWaitDescriptor.make(fd, writing: false) == nil)
    #expect(NoWaitDescriptor.make(fd, writing: true) == nil)
    let pipe = TestPipe()
    #expect(FileDescriptorIO.isPipe(pipe.readEnd))
    #expect(FileDescriptorIO.isPipe(pipe.writeEnd))
  }

  @Test func aStreamSocketIsAskedNotToWaitAndStaysAsGiven() throws {
    let pair = try TestSocketPair()
    let input = try #require(NoWaitDescriptor.make(pair.near, writing: false))
    let output = try #require(NoWaitDescriptor.make(pair.near, writing: true))
    #expect(input.way == .socket && !input.isOwned && input.fd == pair.near)
    #expect(output.way == .socket && output.fd == pair.near)
    #expect(!isNonBlocking(pair.near), "the flag is asked for at each call, not set on the description")
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(buffer.withUnsafeMutableBytes { input.readNow(into: $0) } == nil)
    pair.writeFar(Array("hello".utf8))
    #expect(buffer.withUnsafeMutableBytes { input.readNow(into: $0) } == .bytes(5))
    #expect(Array(buffer[0..<5]) == Array("hello".utf8))
    // Writes go until the socket's buffers are full, then take nothing, at once.
    let chunk = [UInt8](repeating: 0x62, count: 64 * 1024)
    var total = 0
    while let n = chunk.withUnsafeBytes({ output.writeNow($0) }), n > 0 { total += n }
    #expect(total > 0)
    #expect(chunk.withUnsafeBytes { output.writeNow($0) } == 0)
    #expect(pair.readFar(count: total).count == total)
    pair.closeFar()
    #expect(buffer.withUnsafeMutableBytes { input.readNow(into: $0) } == .endOfInput)
    #expect(chunk.withUnsafeBytes { output.writeNow($0) } == nil, "the peer is gone")
  }
}

/// A connected pair of stream sockets, as Node and libuv give a child process for its stdio: the
/// near end plays the daemon's, the far end the client's.
final class TestSocketPair: @unchecked Sendable {
  let near: Int32
  let far: Int32
  private var farOpen = true

  init() throws {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EMFILE) }
    near = fds[0]
    far = fds[1]
  }

  func writeFar(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(far, $0) }
  }

  /// Reads exactly `count` bytes from the far end (fewer only at its end).
  func readFar(count: Int) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while out.count < count {
      let want = min(buffer.count, count - out.count)
      let n = buffer.withUnsafeMutableBytes { posixRead(far, $0.baseAddress, want) }
      if n <= 0 { break }
      out += buffer[0..<n]
    }
    return out
  }

  func closeFar() {
    if farOpen { close(far); farOpen = false }
  }

  deinit {
    closeFar()
    close(near)
  }
}
