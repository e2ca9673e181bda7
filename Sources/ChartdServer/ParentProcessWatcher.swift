import Foundation

/// Polls whether a process is alive and calls back once when it is gone.
final class ParentProcessWatcher: @unchecked Sendable {
  private let timer: DispatchSourceTimer

  init(pid: Int32, interval: Double = 0.5, onDeath: @escaping @Sendable () -> Void) {
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "chartd.parent-watch"))
    timer.schedule(deadline: .now() + interval, repeating: interval)
    let t = timer
    timer.setEventHandler {
      // kill(pid, 0) fails with ESRCH once the process no longer exists.
      if pid > 0, kill(pid, 0) != 0, errno == ESRCH {
        t.cancel()
        onDeath()
      }
    }
    timer.resume()
  }

  deinit { timer.cancel() }
}
