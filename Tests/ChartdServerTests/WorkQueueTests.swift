import Foundation
import Synchronization
import Testing
@testable import ChartdServer

/// The work queue runs jobs in order and tells when it goes idle after a burst (the daemon then
/// returns freed memory to the system), and not after a few small jobs.
@Suite struct WorkQueueTests {
  final class Record: Sendable {
    let ran = Mutex<[Int]>([])
    let idles = Mutex(0)
  }

  /// Holds jobs until opened.
  final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    func wait() {
      condition.lock()
      while !isOpen { condition.wait() }
      condition.unlock()
    }
    func open() {
      condition.lock()
      isOpen = true
      condition.broadcast()
      condition.unlock()
    }
  }

  func queue(_ record: Record, gate: Gate? = nil) -> WorkQueue<Int> {
    WorkQueue(onIdleAfterBurst: { record.idles.withLock { $0 += 1 } }) { job, _ in
      gate?.wait()
      record.ran.withLock { $0.append(job) }
    }
  }

  func waitUntil(_ done: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
  }

  @Test func aBurstOfJobsEndsWithOneIdleCall() {
    let record = Record()
    let gate = Gate()
    let q = queue(record, gate: gate)
    let n = WorkQueue<Int>.burstJobs + 10
    // Held at the first job, so the rest queue up behind it: one burst.
    for k in 0..<n { q.enqueue(k, bytes: 10) }
    gate.open()
    waitUntil { record.ran.withLock { $0.count } == n && record.idles.withLock { $0 } == 1 }
    #expect(record.ran.withLock { $0 } == Array(0..<n))
    #expect(record.idles.withLock { $0 } == 1)
  }

  @Test func aLargeMessageCountsAsABurst() {
    let record = Record()
    let q = queue(record)
    #expect(q.runHereIfIdle(1, bytes: WorkQueue<Int>.burstBytes))
    #expect(record.idles.withLock { $0 } == 1)
  }

  @Test func smallJobsDoNotCallIt() {
    let record = Record()
    let q = queue(record)
    for k in 0..<20 {
      if !q.runHereIfIdle(k, bytes: 100) { q.enqueue(k, bytes: 100) }
    }
    waitUntil { record.ran.withLock { $0.count } == 20 }
    Thread.sleep(forTimeInterval: 0.05)
    #expect(record.ran.withLock { $0.count } == 20)
    #expect(record.idles.withLock { $0 } == 0)
  }

  /// A client that waits for each answer queues nothing: however many of its requests run in
  /// place, none ends a burst (the daemon trimmed its heaps after every 2,000th of them).
  @Test func jobsRunOneAtATimeInPlaceNeverCallIt() {
    let record = Record()
    let q = queue(record)
    for k in 0..<(WorkQueue<Int>.burstJobs * 2 + 10) { #expect(q.runHereIfIdle(k, bytes: 100)) }
    #expect(record.ran.withLock { $0.count } == WorkQueue<Int>.burstJobs * 2 + 10)
    #expect(record.idles.withLock { $0 } == 0)
    // Their bytes still count: 4 MiB of input run in place calls it once.
    for k in 0..<(WorkQueue<Int>.burstBytes / 100_000 + 1) { #expect(q.runHereIfIdle(k, bytes: 100_000)) }
    #expect(record.idles.withLock { $0 } == 1)
  }

  @Test func outputIsHeldWhileMoreJobsWait() {
    // What the worker says about holding output, in order with the jobs it runs.
    let events = Mutex<[String]>([])
    let started = Gate(), gate = Gate()
    let q = WorkQueue<Int>(holdOutput: { on in events.withLock { $0.append(on ? "hold" : "release") } }) { job, _ in
      if job == 0 {
        started.open()
        gate.wait()
      }
      events.withLock { $0.append("job \(job)") }
    }
    // Job 0 starts with nothing behind it; 1, 2 and 3 queue up while it waits at the gate.
    q.enqueue(0)
    started.wait()
    for k in 1..<4 { q.enqueue(k) }
    gate.open()
    waitUntil { events.withLock { $0.count } == 6 }
    // Job 0's answer leaves at once. 1 and 2 have jobs behind them, so theirs may wait; before 3,
    // the last, they are released, and 3's answer leaves at once.
    #expect(events.withLock { $0 } == ["job 0", "hold", "job 1", "job 2", "release", "job 3"])
  }

  @Test func aReaderOverTheBoundWaitsUntilAQuarterHasDrained() {
    let steps = DispatchSemaphore(value: 0)
    let q = WorkQueue<Int> { _, _ in steps.wait() }
    for k in 0..<6 { q.enqueue(k) }  // one runs (waiting for a step), five wait
    waitUntil { q.waiting.jobs == 5 }
    let returned = Mutex(false)
    Thread.detachNewThread {
      q.waitForRoom(maxJobs: 4, maxBytes: 1 << 20)
      returned.withLock { $0 = true }
    }
    waitUntil { q.readerWaits }
    steps.signal()  // four wait: within the bound, but not yet a quarter below it
    waitUntil { q.waiting.jobs == 4 }
    Thread.sleep(forTimeInterval: 0.1)
    #expect(!returned.withLock { $0 })
    steps.signal()  // three wait: the reader goes on
    waitUntil { returned.withLock { $0 } }
    #expect(returned.withLock { $0 })
    #expect(q.waiting.jobs == 3)
    for _ in 0..<6 { steps.signal() }
  }
}
