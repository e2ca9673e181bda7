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
}
