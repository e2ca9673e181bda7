import Foundation

/// The single writer of the output descriptor: frames are queued by any thread and written
/// in order by one dedicated thread, so a client that reads our output slowly can never
/// block whoever reads our input.
final class OutputQueue: @unchecked Sendable {
  /// One frame: the bytes from `start` to the end of `buffer` (header and body contiguous,
  /// so a frame normally leaves in one `write` call).
  struct Frame {
    var buffer: [UInt8]
    var start: Int
  }

  private let fd: Int32
  private let condition = NSCondition()
  // All fields below are guarded by `condition`.
  private var pending: [Frame] = []
  private var enqueuedCount = 0
  /// Bytes queued and not yet written (what backpressure bounds).
  private var unsentBytes = 0
  private var finishedCount = 0
  private var closed = false
  /// Set once a write failed: the peer is gone and further output is dropped.
  private var broken = false
  /// The writer thread is writing a batch it took from `pending`.
  private var writing = false
  /// Threads in `waitUntilDrained`.
  private var drainWaiters = 0

  /// The capacity of the output pipe, read once (nil when the output is not a pipe).
  private let pipeCapacity: Int?

  init(fd: Int32) {
    self.fd = fd
    pipeCapacity = FileDescriptorIO.pipeCapacity(fd)
  }

  /// Starts the writer thread; it holds the queue until `close()` and then drains and exits.
  func startWriterThread() {
    let thread = Thread { [self] in runWriterLoop() }
    thread.name = "chartd.writer"
    thread.start()
  }

  /// Queues a frame; never blocks on the descriptor. Dropped once the output is gone.
  ///
  /// A frame with nothing ahead of it is written right away by the calling thread when the
  /// descriptor has room for all of it (so the write cannot block; see
  /// `FileDescriptorIO.writesAtOnce`): one thread wake-up less per answer, in the same
  /// order, since nothing is queued or being written.
  func enqueue(_ frame: Frame) {
    condition.lock()
    defer { condition.unlock() }
    guard !broken, !closed else { return }
    let size = frame.buffer.count - frame.start
    if pending.isEmpty, !writing, FileDescriptorIO.writesAtOnce(fd, size: size, capacity: pipeCapacity) {
      let ok = frame.buffer.withUnsafeBytes { raw in
        FileDescriptorIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[frame.start...]))
      }
      if !ok { broken = true }
      enqueuedCount += 1
      finishedCount += 1
      // Not a broadcast by default: it would wake the idle writer thread for nothing.
      if drainWaiters > 0 || !ok { condition.broadcast() }
      return
    }
    pending.append(frame)
    enqueuedCount += 1
    unsentBytes += frame.buffer.count - frame.start
    condition.broadcast()
  }

  /// Blocks until every frame queued before the call is written or dropped.
  func waitUntilDrained() {
    condition.lock()
    defer { condition.unlock() }
    let target = enqueuedCount
    drainWaiters += 1
    while finishedCount < target { condition.wait() }
    drainWaiters -= 1
  }

  /// Blocks while more than `limit` bytes wait to be written; returns at once when the output is
  /// gone (nothing will drain it) or closed.
  func waitForRoom(limit: Int) {
    condition.lock()
    defer { condition.unlock() }
    while unsentBytes > limit, !broken, !closed { condition.wait() }
  }

  /// Bytes queued and not yet written.
  var unsent: Int {
    condition.lock()
    defer { condition.unlock() }
    return unsentBytes
  }

  /// True once a write has failed.
  var isBroken: Bool {
    condition.lock()
    defer { condition.unlock() }
    return broken
  }

  /// Lets the writer thread exit once everything queued so far is written.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  private func runWriterLoop() {
    while true {
      condition.lock()
      while pending.isEmpty, !closed { condition.wait() }
      if pending.isEmpty {
        condition.unlock()
        return
      }
      let batch = pending
      pending.removeAll(keepingCapacity: true)
      writing = true
      var failed = broken
      condition.unlock()

      for frame in batch where !failed {
        failed = !frame.buffer.withUnsafeBytes { raw in
          FileDescriptorIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[frame.start...]))
        }
        // Room shows as soon as a frame leaves, not only after the whole batch.
        condition.lock()
        unsentBytes -= frame.buffer.count - frame.start
        condition.broadcast()
        condition.unlock()
      }

      condition.lock()
      if failed {
        broken = true
        // Nothing queued can be delivered any more; release waiting flushes too.
        finishedCount += pending.count
        pending.removeAll()
        unsentBytes = 0
      }
      finishedCount += batch.count
      writing = false
      condition.broadcast()
      condition.unlock()
    }
  }
}
