#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input or output read or written without waiting, where the kind of descriptor allows
/// it without touching what chartd shares with whoever started it: a message then costs one `read`
/// and its answer one `write`, with no poll before either.
///
/// `O_NONBLOCK` belongs to an open file description, and a daemon's standard input and output share
/// theirs with the process that started it; setting the flag there would reach that process too.
/// So a pipe is opened again through /proc/self/fd (a new description of the same pipe, whose flag
/// is chartd's alone), and a stream socket is asked with `MSG_DONTWAIT` at each call. Files and
/// terminals are used as given (`FileDescriptorIO`).
struct NoWaitDescriptor: Sendable {
  /// How a call is kept from waiting.
  enum Way: Sendable, Equatable {
    /// `fd` is chartd's own non-blocking descriptor of a pipe, closed by its user when done.
    case ownPipe
    /// `fd` is the socket given; each call says `MSG_DONTWAIT`.
    case socket
  }

  let fd: Int32
  let way: Way

  #if os(Linux)
    /// `recv`'s and `send`'s flags: do not wait (and, sending, raise no SIGPIPE; it is ignored anyway).
    private static let receiveFlags = Int32(MSG_DONTWAIT)
    private static let sendFlags = Int32(MSG_DONTWAIT | MSG_NOSIGNAL)
  #else
    private static let receiveFlags = MSG_DONTWAIT
    private static let sendFlags = MSG_DONTWAIT
  #endif

  /// Whoever uses this descriptor closes it when done (chartd opened it).
  var isOwned: Bool { way == .ownPipe }

  /// The way to read `fd` (or write it, `writing`) without waiting; nil for a descriptor that is
  /// neither a pipe (on Linux) nor a stream socket, or a pipe that cannot be opened again.
  static func make(_ fd: Int32, writing: Bool) -> NoWaitDescriptor? {
    if FileDescriptorIO.isStreamSocket(fd) { return NoWaitDescriptor(fd: fd, way: .socket) }
    return ownPipe(fd, writing: writing).map { NoWaitDescriptor(fd: $0, way: .ownPipe) }
  }

  /// A non-blocking descriptor of chartd's own on the pipe `fd` reads (or writes, `writing`), or nil.
  static func ownPipe(_ fd: Int32, writing: Bool) -> Int32? {
    #if os(Linux)
      var before = stat()
      guard fstat(fd, &before) == 0, before.st_mode & S_IFMT == S_IFIFO else { return nil }
      let own = open("/proc/self/fd/\(fd)", (writing ? O_WRONLY : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
      guard own >= 0 else { return nil }
      var after = stat()
      // The same pipe or none (a /proc that is not this process's would open something else).
      guard fstat(own, &after) == 0, after.st_dev == before.st_dev, after.st_ino == before.st_ino else {
        FileDescriptorIO.closeDescriptor(own)
        return nil
      }
      return own
    #else
      return nil
    #endif
  }

  /// Reads what is waiting, without waiting; nil when nothing is (EAGAIN). Retries on EINTR; any
  /// other error counts as end of input.
  func readNow(into buffer: UnsafeMutableRawBufferPointer) -> FileDescriptorIO.ReadResult? {
    while true {
      let n = way == .socket
        ? recv(fd, buffer.baseAddress, buffer.count, Self.receiveFlags)
        : read(fd, buffer.baseAddress, buffer.count)
      if n > 0 { return .bytes(n) }
      if n == 0 { return .endOfInput }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return nil
      default: return .endOfInput
      }
    }
  }

  /// `FileDescriptorIO.pollForInput` by reading instead of polling: the read that finds the input
  /// is the poll. Nil when the deadline passes or a yield comes back late (the caller then sleeps
  /// in `FileDescriptorIO.readSome`).
  func readPolling(into buffer: UnsafeMutableRawBufferPointer, until deadline: UInt64) -> FileDescriptorIO.ReadResult? {
    FileDescriptorIO.spin(until: deadline) { readNow(into: buffer) }
  }

  /// Writes what the descriptor takes of `bytes` now: the count written (0 when it takes nothing),
  /// or nil when it is gone. Retries on EINTR.
  func writeNow(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    while true {
      let n = way == .socket
        ? send(fd, base, bytes.count, Self.sendFlags)
        : write(fd, base, bytes.count)
      if n >= 0 { return n }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return 0
      default: return nil
      }
    }
  }
}
