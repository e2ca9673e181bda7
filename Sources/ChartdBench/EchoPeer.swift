import Foundation

/// `chartd-bench echo-peer`: a line echo that works a fixed time on every line before answering it.
///
/// The stand-in for a server whose answer takes `--work-us` microseconds, with nothing else of a
/// server: `bench/wakeup.py` times round trips to it from a client that blocks while it waits, to
/// tell what a round trip costs beyond the work itself in each placement of client and peer. With
/// `--spin` it polls its input between lines instead of sleeping in `read(2)`, as chartd's reader
/// does (`--busy-poll-us`), so its own CPU never idles.
enum EchoPeer {
  static func run(_ options: BenchArguments) {
    // At most ten seconds a line: the product below stays far from overflowing.
    let work = UInt64(min(max(options.int("work-us", default: 0), 0), 10_000_000)) * 1_000
    let spin = options.has("spin")
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if spin {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while poll(&input, 1, 0) == 0 {}
      }
      let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      // Busy, not asleep: the time a server spends on a request keeps its CPU running.
      let until = BenchClock.now() &+ work
      while BenchClock.now() < until {}
      var sent = 0
      while sent < n {
        let w = buffer.withUnsafeBytes { bytes in
          let rest = UnsafeRawBufferPointer(rebasing: bytes[sent..<n])
          return write(1, rest.baseAddress, rest.count)
        }
        guard w > 0 else { return }
        sent += w
      }
    }
  }
}
