import Dispatch
import Synchronization

/// A FIFO of jobs drained by one worker: the single place where work is executed in order.
///
/// The worker may take several jobs at once (`takeRun`) so that a burst of updates of one document
/// becomes one render.
final class WorkQueue<Job: Sendable>: Sendable {
  private struct State {
    var jobs: [Job] = []
    var head = 0
    var draining = false
  }

  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "chartd.work")
  private let perform: @Sendable (Job, WorkQueue<Job>) -> Void

  init(perform: @escaping @Sendable (Job, WorkQueue<Job>) -> Void) { self.perform = perform }

  func enqueue(_ job: Job) {
    let start = state.withLock { s -> Bool in
      s.jobs.append(job)
      guard !s.draining else { return false }
      s.draining = true
      return true
    }
    if start { queue.async { self.drain() } }
  }

  /// Removes and returns the jobs directly after the current one while `matches` holds.
  func takeRun(while matches: (Job) -> Bool) -> [Job] {
    state.withLock { s in
      var taken: [Job] = []
      while s.head < s.jobs.count, matches(s.jobs[s.head]) {
        taken.append(s.jobs[s.head])
        s.head += 1
      }
      return taken
    }
  }

  private func drain() {
    while let job = next() { perform(job, self) }
  }

  private func next() -> Job? {
    state.withLock { s in
      guard s.head < s.jobs.count else {
        s.jobs.removeAll(keepingCapacity: true)
        s.head = 0
        s.draining = false
        return nil
      }
      let job = s.jobs[s.head]
      s.head += 1
      // Compact now and then so a long-running queue does not hold finished jobs.
      if s.head > 4096 && s.head * 2 > s.jobs.count {
        s.jobs.removeFirst(s.head)
        s.head = 0
      }
      return job
    }
  }
}
