import Foundation

/// Monotonic time for measurements.
enum BenchClock {
  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Nanoseconds of CPU time the calling thread has used: on a loaded machine it leaves out the time
  /// the thread waited for a core, which wall-clock time counts.
  static func threadCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Milliseconds elapsed since `start` (a value of `now()`).
  static func ms(since start: UInt64) -> Double { Double(now() &- start) / 1e6 }

  /// Runs `body` and returns its result with the milliseconds it took.
  static func measure<T>(_ body: () throws -> T) rethrows -> (ms: Double, value: T) {
    let t0 = now()
    let v = try body()
    return (ms(since: t0), v)
  }
}

/// Peak and current memory of a process, from /proc (Linux).
enum ProcessMemory {
  /// A field of /proc/<pid>/status in KiB (`VmHWM` = peak RSS, `VmRSS` = current).
  static func kib(_ field: String, pid: Int32? = nil) -> Int? {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter { $0.isNumber }
      return Int(digits)
    }
    return nil
  }
}
