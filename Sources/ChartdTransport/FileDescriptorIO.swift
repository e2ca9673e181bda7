#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocking reads and writes on raw file descriptors, with the retry rules in one place.
enum FileDescriptorIO {
  /// The outcome of one `read(2)`.
  enum ReadResult: Equatable {
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

  /// True when a read would return at once (input waiting, end of input or an error): a poll
  /// that does not wait.
  static func hasInput(_ fd: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) != 0
  }

  /// Polls `fd` without blocking, yielding the CPU between polls, until input (or its end, or an
  /// error) is ready, the monotonic clock passes `deadline` (`monotonicNanoseconds`), or a yield
  /// comes back late.
  ///
  /// A yield that takes longer than `busyYieldNanoseconds` means another thread ran on this CPU
  /// meanwhile (the client itself, when both share one): it needs the CPU more than the poll, so
  /// the caller sleeps in `read` instead.
  static func pollForInput(_ fd: Int32, until deadline: UInt64) {
    _ = spin(until: deadline) { hasInput(fd) ? () : nil }
  }

  /// Tries `attempt` until it gives a result, yielding the CPU between tries, until the monotonic
  /// clock passes `deadline` or a yield comes back late (`pollForInput`): nil then.
  static func spin<T>(until deadline: UInt64, _ attempt: () -> T?) -> T? {
    var now = monotonicNanoseconds()
    while true {
      if let result = attempt() { return result }
      guard now < deadline else { return nil }
      sched_yield()
      let then = now
      now = monotonicNanoseconds()
      if now &- then > busyYieldNanoseconds { return nil }
    }
  }

  /// A poll and a yield with nobody else to run take a few microseconds.
  static let busyYieldNanoseconds: UInt64 = 30_000

  /// The monotonic clock, in nanoseconds.
  static func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
  }

  /// True when at least `PIPE_BUF` bytes can be written without blocking (for a pipe: a write of
  /// that size or less completes at once and whole).
  static func canWriteAtOnce(_ fd: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLOUT) != 0
      && descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
  }

  /// Whether one blocking `write(2)` of `size` bytes to `fd` completes at once and whole right now:
  /// up to `PIPE_BUF` when the descriptor has room; more only into an empty pipe, up to half its
  /// `capacity` (see `pipeCapacity`).
  ///
  /// An empty pipe has every one of its buffers free, so a write of up to its capacity never waits;
  /// half leaves room for anything else writing to the same pipe (a log sent to the same place).
  static func writesAtOnce(_ fd: Int32, size: Int, capacity: Int?) -> Bool {
    guard canWriteAtOnce(fd) else { return false }
    if size <= 4096 { return true }
    guard let capacity, size <= capacity / 2 else { return false }
    #if os(Linux)
      var unread: Int32 = -1
      return ioctl(fd, UInt(FIONREAD), &unread) == 0 && unread == 0
    #else
      return false
    #endif
  }

  /// The capacity of the pipe `fd` writes to (Linux), or nil when it is not a pipe.
  static func pipeCapacity(_ fd: Int32) -> Int? {
    #if os(Linux)
      let capacity = fcntl(fd, 1032)  // F_GETPIPE_SZ (not exported by the Glibc module); -1 if not a pipe
      return capacity > 0 ? Int(capacity) : nil
    #else
      return nil
    #endif
  }

  /// Whether `fd` is a pipe (or FIFO).
  static func isPipe(_ fd: Int32) -> Bool {
    var status = stat()
    return fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
  }

  /// Whether `fd` is a stream socket (what Node's and libuv's child processes get for stdio).
  static func isStreamSocket(_ fd: Int32) -> Bool {
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return false }
    var type: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    #if os(Linux)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 && type == stream
  }

  /// A new descriptor of what `fd` refers to (closed on exec, as chartd's own are), or nil when
  /// none can be made (the process is out of descriptors).
  static func duplicate(_ fd: Int32) -> Int32? {
    let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    return own >= 0 ? own : nil
  }

  /// Closes `fd`, which nothing uses any more.
  static func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
  }

  /// Asks for a pipe of `bytes` (Linux; the kernel caps what it grants at
  /// /proc/sys/fs/pipe-max-size, 1 MiB by default, and a refusal leaves the pipe as it was).
  /// Nothing happens when `fd` is not a pipe or its capacity is that large already. A pipe takes
  /// memory for what it holds, not for its capacity.
  static func widenPipe(_ fd: Int32, to bytes: Int) {
    #if os(Linux)
      guard let capacity = pipeCapacity(fd), capacity < bytes else { return }
      _ = fcntl(fd, 1031, Int32(clamping: bytes))  // F_SETPIPE_SZ (not exported by the Glibc module)
    #endif
  }

  /// Blocks until a non-blocking descriptor is ready (or reports an error, which the next
  /// read or write then surfaces).
  private static func waitUntilReady(_ fd: Int32, events: Int16) {
    var descriptor = pollfd(fd: fd, events: events, revents: 0)
    _ = poll(&descriptor, 1, -1)
  }
}
