import Foundation
import Synchronization

/// The server's log: to stderr, quiet by default, never to stdout (stdout is the protocol).
public final class ServerLog: Sendable {
  public enum Level: Int, Sendable, Comparable, CaseIterable {
    case off = 0, error, warning, info, debug
    public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    public init?(name: String) {
      guard let l = Level.allCases.first(where: { "\($0)" == name }) else { return nil }
      self = l
    }
  }

  public let level: Level
  private let lock = Mutex(())

  public init(level: Level) { self.level = level }

  public func log(_ l: Level, _ message: @autoclosure () -> String) {
    guard l != .off, l <= level else { return }
    let line = "chartd[\(l)]: \(message())\n"
    lock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
  }
}
