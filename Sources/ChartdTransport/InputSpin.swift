/// Whether the reader polls its input for a moment before it sleeps in `read(2)`, and how long.
///
/// A thread asleep in `read` is woken by the kernel when bytes arrive; where CPUs idle deeply
/// (virtual machines, power-saving states) that wake-up costs tens of microseconds, as much as a
/// whole update. A client that waits for each answer sends its next message soon after reading
/// it, so polling for up to `limitNanoseconds` (yielding the CPU between polls) reads that message
/// without a wake-up.
/// Only after a message that came within the limit: a client that pauses longer costs at most one
/// limit of polling per pause, and an idle daemon never polls.
public struct InputSpin: Sendable, Equatable {
  /// The longest poll before sleeping; 0 never polls.
  public let limitNanoseconds: UInt64
  /// Whether the next wait starts with a poll: the last message came within the limit.
  public private(set) var armed = false

  /// The daemon's default (`--busy-poll-us`): 1 ms, beyond the turnaround of a client in a
  /// scripting language that reads an answer and sends the next message.
  public static let defaultMicroseconds = 1_000
  /// The largest limit accepted: longer polls would only burn a CPU a sleeping thread leaves free.
  public static let maxMicroseconds = 10_000

  /// A limit in microseconds, clamped to 0 … `maxMicroseconds`.
  public init(microseconds: Int) {
    limitNanoseconds = UInt64(min(max(microseconds, 0), Self.maxMicroseconds)) * 1_000
  }

  /// Records how long the last wait for input took, from its start to its bytes.
  public mutating func waited(nanoseconds: UInt64) {
    armed = limitNanoseconds > 0 && nanoseconds <= limitNanoseconds
  }
}
