import Dispatch
import Foundation
import Synchronization

/// A FIFO of jobs drained by one worker: the single place where work is executed in order.
///
/// The worker may take several jobs at once (`takeRun`) so that a burst of updates of one document
/// becomes one render.
final class WorkQueue<Job: Sendable>: Sendable {
  private struct State {
    /// Taken jobs are set to nil at once, so a finished 100 MB message is not held until compaction.
    var jobs: [Job?] = []
    /// Bytes of the input message of each job in `jobs` (0 when unknown).
    var sizes: [Int] = []
    var head = 0
    var draining = false
    /// Jobs and input bytes waiting (taken jobs no longer count).
    var waitingJobs = 0
    var waitingBytes = 0
    /// Jobs and input bytes run since the queue last went idle with `onIdleAfterBurst` called.
    var burstJobs = 0
    var burstBytes = 0
    /// Set while the reader waits for room: the levels to wake it at.
    var roomWanted: (jobs: Int, bytes: Int)?
  }

  /// A burst worth `onIdleAfterBurst`: this many jobs, or this many bytes of input, run before the
  /// queue went idle.
  static var burstJobs: Int { 2_000 }
  static var burstBytes: Int { 4 << 20 }

  private let state = Mutex(State())
  /// Wakes producers waiting for room (`Mutex` has no condition of its own).
  private let room = NSCondition()
  private let queue = DispatchQueue(label: "chartd.work")
  private let perform: @Sendable (Job, WorkQueue<Job>) -> Void
  /// Called on the worker when the queue goes idle after a burst (`burstJobs`, `burstBytes`).
  private let onIdleAfterBurst: @Sendable () -> Void
  /// Called on the worker with true before a job that more jobs wait behind, and with false before
  /// the last one and when the queue empties: answers of a pipelined run may leave together.
  private let holdOutput: @Sendable (Bool) -> Void

  init(onIdleAfterBurst: @escaping @Sendable () -> Void = {}, holdOutput: @escaping @Sendable (Bool) -> Void = { _ in },
       perform: @escaping @Sendable (Job, WorkQueue<Job>) -> Void) {
    self.perform = perform
    self.onIdleAfterBurst = onIdleAfterBurst
    self.holdOutput = holdOutput
  }

  /// Queues a job whose input message had `bytes` bytes.
  func enqueue(_ job: Job, bytes: Int = 0) {
    let start = state.withLock { s -> Bool in
      s.jobs.append(job)
      s.sizes.append(bytes)
      s.waitingJobs += 1
      s.waitingBytes += bytes
      guard !s.draining else { return false }
      s.draining = true
      return true
    }
    if start { queue.async { self.drain() } }
  }

  /// Runs `job` on the calling thread when the worker is idle and nothing is queued, then
  /// whatever was queued meanwhile; returns false (nothing done) otherwise.
  ///
  /// This saves the hand-off to the worker and back for a client that waits for each answer; the
  /// order is the same, since the queue is held (`draining`) while the job runs, so a job queued
  /// meanwhile runs after it.
  ///
  /// Its input bytes count toward a burst (a large message's parse leaves large free blocks), the
  /// job itself does not: one run here queued nothing, and each freed what the next one reuses.
  /// Counted, every 2,000th answer of a client that waits for each one paid for a trim of the
  /// heaps and the pages it gave back (1 ms, ten times the median, on a 1M-point line).
  func runHereIfIdle(_ job: Job, bytes: Int = 0) -> Bool {
    let idle = state.withLock { s -> Bool in
      guard !s.draining, s.head == s.jobs.count else { return false }
      s.draining = true
      s.burstBytes += bytes
      return true
    }
    guard idle else { return false }
    perform(job, self)
    drain()
    return true
  }

  /// Removes and returns the jobs directly after the current one while `matches` holds.
  func takeRun(while matches: (Job) -> Bool) -> [Job] {
    defer { signalRoom() }
    return state.withLock { s in
      var taken: [Job] = []
      while s.head < s.jobs.count, let job = s.jobs[s.head], matches(job) {
        taken.append(job)
        Self.release(&s, s.head)
        s.jobs[s.head] = nil
        s.head += 1
      }
      return taken
    }
  }

  /// Blocks the caller (the reader) while more than `maxJobs` jobs or `maxBytes` bytes of input
  /// wait; once over, until a quarter of each has drained.
  ///
  /// The margin lets the reader read a run of messages per wake-up: waking it as each job is taken
  /// cost the worker a wake-up per job while a client pipelined more than the queue holds.
  func waitForRoom(maxJobs: Int, maxBytes: Int) {
    guard state.withLock({ $0.waitingJobs > maxJobs || $0.waitingBytes > maxBytes }) else { return }
    let low = (jobs: maxJobs - maxJobs / 4, bytes: maxBytes - maxBytes / 4)
    room.lock()
    defer { room.unlock() }
    // The check and the wait both hold `room`, and `signalRoom` broadcasts holding it: a wake-up
    // decided between the two reaches the wait.
    while state.withLock({ s in
      let over = s.waitingJobs > low.jobs || s.waitingBytes > low.bytes
      s.roomWanted = over ? low : nil
      return over
    }) {
      // Re-checked at least every 50 ms all the same.
      _ = room.wait(until: Date().addingTimeInterval(0.05))
    }
  }

  /// Whether the reader waits for room (tests).
  var readerWaits: Bool { state.withLock { $0.roomWanted != nil } }

  /// Jobs and input bytes waiting (tests check the bound).
  var waiting: (jobs: Int, bytes: Int) { state.withLock { ($0.waitingJobs, $0.waitingBytes) } }

  private static func release(_ s: inout State, _ index: Int) {
    s.waitingJobs -= 1
    s.waitingBytes -= s.sizes[index]
    s.burstJobs += 1
    s.burstBytes += s.sizes[index]
  }

  /// Wakes the reader when it waits and the queue is down to the level it waits for.
  private func signalRoom() {
    let wake = state.withLock { s -> Bool in
      guard let wanted = s.roomWanted, s.waitingJobs <= wanted.jobs, s.waitingBytes <= wanted.bytes else { return false }
      s.roomWanted = nil
      return true
    }
    guard wake else { return }
    room.lock()
    room.broadcast()
    room.unlock()
  }

  private func drain() {
    var burstEnded = false
    var holding = false
    while let (job, more) = next(burstEnded: &burstEnded) {
      signalRoom()
      if more != holding {
        holding = more
        holdOutput(more)
      }
      perform(job, self)
    }
    if holding { holdOutput(false) }
    if burstEnded { onIdleAfterBurst() }
  }

  /// The next job and whether more wait behind it, or nil when the queue is empty (then
  /// `burstEnded` tells whether a burst just ended).
  private func next(burstEnded: inout Bool) -> (Job, more: Bool)? {
    state.withLock { s in
      while s.head < s.jobs.count {
        // A taken slot is never at `head` (`takeRun` moves `head` past what it takes); should one
        // be, it is stepped over rather than ending the drain with jobs still queued.
        guard let job = s.jobs[s.head] else {
          s.head += 1
          continue
        }
        Self.release(&s, s.head)
        s.jobs[s.head] = nil
        s.head += 1
        // Compact now and then so a long-running queue does not hold finished jobs.
        if s.head > 4096 && s.head * 2 > s.jobs.count {
          s.jobs.removeFirst(s.head)
          s.sizes.removeFirst(s.head)
          s.head = 0
        }
        return (job, s.head < s.jobs.count)
      }
      // A burst can leave the queue's arrays large: start again from small ones.
      if s.jobs.capacity > 4096 {
        s.jobs = []
        s.sizes = []
      } else {
        s.jobs.removeAll(keepingCapacity: true)
        s.sizes.removeAll(keepingCapacity: true)
      }
      s.head = 0
      s.draining = false
      if s.burstJobs >= Self.burstJobs || s.burstBytes >= Self.burstBytes {
        burstEnded = true
        s.burstJobs = 0
        s.burstBytes = 0
      }
      return nil
    }
  }
}
