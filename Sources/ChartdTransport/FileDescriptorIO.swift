#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocking reads and writes on raw file descriptors, with the retry rules in one place.
enum FileDescriptorIO {
  /// The outcome of one `read(2)`.
  enum ReadResult {
    case bytes(Int)
    case endOfInput
  }

  /// Reads at most `buffer.count` bytes, retrying on EINTR and waiting out EAGAIN.
  /// Any other error counts as end of input: there is nothing more to read.
  static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    while true {
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n > 0 { return .bytes(n) }
      if n == 0 { return .endOfInput }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: waitUntilReady(fd, events: Int16(POLLIN))
      default: return .endOfInput
      }
    }
  }

  /// Writes all of `bytes`, looping on partial writes and EINTR and waiting out EAGAIN.
  /// Returns false when the descriptor is gone (EPIPE, EBADF or another hard error).
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var next = bytes.baseAddress else { return true }
    var remaining = bytes.count
    while remaining > 0 {
      let n = write(fd, next, remaining)
      if n > 0 {
        next += n
        remaining -= n
        continue
      }
      if n == 0 { return false }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: waitUntilReady(fd, events: Int16(POLLOUT))
      default: return false
      }
    }
    return true
  }

  /// Blocks until a non-blocking descriptor is ready (or reports an error, which the next
  /// read or write then surfaces).
  private static func waitUntilReady(_ fd: Int32, events: Int16) {
    var descriptor = pollfd(fd: fd, events: events, revents: 0)
    _ = poll(&descriptor, 1, -1)
  }
}
