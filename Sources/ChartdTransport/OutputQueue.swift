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
  /// Threads in `waitUntilDrained`, and in `waitForRoom`.
  private var drainWaiters = 0
  private var roomWaiters = 0
  /// Frames may wait in `pending` (see `hold`) until `heldBytes` or `heldDelay` is reached.
  private var holding = false
  /// When the oldest frame waiting in `pending` came while holding (nil: none waits that way).
  private var heldSince: UInt64?

  /// Held frames go out once this many bytes wait: one `write` for many answers, within one pipe's room.
  static let heldBytes = 32 * 1024
  /// …or once the oldest has waited this long (nanoseconds), however long the sender's next job runs.
  static let heldDelay: UInt64 = 1_000_000

  /// The capacity of the output pipe, read once (nil when the output is not a pipe).
  private let pipeCapacity: Int?
  /// `fd` written without waiting (`NoWaitDescriptor`): a frame is written as far as the descriptor
  /// takes it, without asking first, and the writer thread writes the rest, through `fd` (blocking:
  /// one `write` that waits, not a poll and then the write). The writer thread closes a descriptor
  /// of the queue's own when it ends.
  private let noWait: NoWaitDescriptor?

  init(fd: Int32, noWait: NoWaitDescriptor? = nil) {
    self.fd = fd
    self.noWait = noWait
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
  /// order, since nothing is queued or being written. A descriptor written without waiting takes what
  /// it can of any frame, and what it does not take waits for the writer thread.
  func enqueue(_ frame: Frame) {
    condition.lock()
    defer { condition.unlock() }
    guard !broken, !closed else { return }
    let size = frame.buffer.count - frame.start
    if holding {
      pending.append(frame)
      enqueuedCount += 1
      unsentBytes += size
      if unsentBytes >= Self.heldBytes {
        writeOrWake()
      } else if heldSince == nil {
        // The writer thread keeps the time: it sends the frames if nobody releases them first.
        heldSince = DispatchTime.now().uptimeNanoseconds
        condition.broadcast()
      }
      return
    }
    if pending.isEmpty, !writing, let noWait {
      writeNow(frame, size: size, noWait)
      return
    }
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

  /// Writes what the descriptor takes of `frame` (`size` bytes) at once and queues the rest for the
  /// writer thread. Called with the lock held, nothing queued and nothing being written.
  private func writeNow(_ frame: Frame, size: Int, _ noWait: NoWaitDescriptor) {
    let written = frame.buffer.withUnsafeBytes { raw in
      noWait.writeNow(UnsafeRawBufferPointer(rebasing: raw[frame.start...]))
    }
    enqueuedCount += 1
    guard let written else {
      broken = true
      finishedCount += 1
      condition.broadcast()
      return
    }
    guard written < size else {
      finishedCount += 1
      // Not a broadcast by default: it would wake the idle writer thread for nothing.
      if drainWaiters > 0 { condition.broadcast() }
      return
    }
    pending.append(Frame(buffer: frame.buffer, start: frame.start + written))
    unsentBytes += size - written
    condition.broadcast()
  }

  /// While `on`, frames may wait to leave together (at most `heldBytes`, at most `heldDelay`); turning
  /// it off sends what waits. For a sender that knows more answers follow at once: a client that
  /// pipelines requests gets them in one `write` instead of one each, and is woken once.
  func hold(_ on: Bool) {
    condition.lock()
    defer { condition.unlock() }
    holding = on
    if !on, !pending.isEmpty { writeOrWake() }
  }

  /// Sends everything in `pending` from the calling thread when one `write` of it cannot block and
  /// the writer thread is idle; otherwise wakes the writer thread. Called with the lock held.
  private func writeOrWake() {
    heldSince = nil
    let size = unsentBytes
    guard !writing, size <= Self.heldBytes, FileDescriptorIO.writesAtOnce(fd, size: size, capacity: pipeCapacity) else {
      condition.broadcast()
      return
    }
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    let ok = Self.write(batch, to: fd) { _ in }
    if !ok { broken = true }
    unsentBytes = 0
    finishedCount += batch.count
    // Not a broadcast by default: it would wake the idle writer thread for nothing.
    if drainWaiters > 0 || roomWaiters > 0 || !ok { condition.broadcast() }
  }

  /// Writes `frames` in order, several frames per `write` (up to `writeBytes` each), calling `sent`
  /// with the bytes of each write that went out; false once a write failed.
  private static func write(_ frames: [Frame], to fd: Int32, sent: (Int) -> Void) -> Bool {
    var k = 0
    var joined: [UInt8] = []
    while k < frames.count {
      let first = frames[k]
      var end = k + 1
      var size = first.buffer.count - first.start
      while end < frames.count, size + frames[end].buffer.count - frames[end].start <= writeBytes {
        size += frames[end].buffer.count - frames[end].start
        end += 1
      }
      let ok: Bool
      if end == k + 1 {
        ok = first.buffer.withUnsafeBytes { FileDescriptorIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[first.start...])) }
      } else {
        joined.removeAll(keepingCapacity: true)
        joined.reserveCapacity(size)
        for frame in frames[k..<end] { joined.append(contentsOf: frame.buffer[frame.start...]) }
        ok = joined.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
      }
      guard ok else { return false }
      sent(size)
      k = end
    }
    return true
  }

  /// Bytes joined into one `write` by `write(_:to:sent:)`.
  static let writeBytes = 64 * 1024

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
    roomWaiters += 1
    while unsentBytes > limit, !broken, !closed { condition.wait() }
    roomWaiters -= 1
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
      while !closed {
        if pending.isEmpty {
          condition.wait()
        } else if let since = heldSince {
          // Held frames: sent when the delay is up, unless released or sent before.
          let due = since + Self.heldDelay, now = DispatchTime.now().uptimeNanoseconds
          guard now < due else { break }
          _ = condition.wait(until: Date(timeIntervalSinceNow: Double(due - now) / 1e9))
        } else {
          break
        }
      }
      if pending.isEmpty {
        condition.unlock()
        if let noWait, noWait.isOwned { FileDescriptorIO.closeDescriptor(noWait.fd) }
        return
      }
      let batch = pending
      pending.removeAll(keepingCapacity: true)
      heldSince = nil
      writing = true
      var failed = broken
      condition.unlock()

      if !failed {
        failed = !Self.write(batch, to: fd) { bytes in
          // Room shows as soon as a write leaves, not only after the whole batch.
          condition.lock()
          unsentBytes -= bytes
          condition.broadcast()
          condition.unlock()
        }
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
