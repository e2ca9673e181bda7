#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPUs this process may run on.
enum ProcessCPUs {
  /// How many CPUs the scheduler may run this process on (its affinity, Linux); nil where that
  /// cannot be read.
  static func allowed() -> Int? {
    #if os(Linux)
      // glibc declares it only with _GNU_SOURCE, which the Glibc module is not built with: looked up
      // by name instead (it is in every glibc since 2.3.4).
      typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
      guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
      let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
      // A mask of 1,024 CPUs, as glibc's cpu_set_t.
      var mask = [UInt64](repeating: 0, count: 16)
      let ok = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) == 0 }
      guard ok else { return nil }
      return mask.reduce(0) { $0 + $1.nonzeroBitCount }
    #else
      return nil
    #endif
  }
}

extension InputSpin {
  /// This poll, or none when the process may run on one CPU only: a client that waits for an
  /// answer then waits for that same CPU, and a poll (yielding or not) only takes turns from it and
  /// from anything else running there (a pipe echo timed beside a polling chartd on one CPU took a
  /// microsecond longer).
  func needingAnotherCPU(allowed cpus: Int?) -> InputSpin {
    guard let cpus, cpus <= 1 else { return self }
    return InputSpin(microseconds: 0)
  }
}
