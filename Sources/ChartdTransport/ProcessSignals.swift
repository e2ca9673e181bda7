#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process-wide signal settings the daemon needs.
public enum ProcessSignals {
  /// Ignores SIGPIPE so that writing to a vanished client fails with EPIPE instead of
  /// killing the process. Safe to call more than once.
  public static func ignoreSIGPIPE() {
    signal(SIGPIPE, SIG_IGN)
  }
}
