import Foundation
import Synchronization

/// The daemon's memory limit (`--max-memory`) and the checks made against it before work that
/// would grow memory: reading a message, and adding entries to a document.
///
/// The checks compare the process's resident memory plus the documented worst case of the work
/// with the limit (protocol/transport.md, "Memory"), so a request that would pass it is refused
/// with -32803 `resourceLimit` before anything changes.
public struct MemoryBudget: Sendable {
  /// The limit in bytes.
  public var limit: Int
  /// Growth admitted since resident memory was last read: small edits (a one-point append) are
  /// admitted without a look at `/proc` until they add up to `smallGrowthBytes`, so the hot path does
  /// not read a file per update and the limit is never passed by more than that.
  private let unmeasured = SharedCount()

  /// Resident bytes a message may take while read, per byte of its text (the reader's worst case:
  /// general values; numbers and rows of numbers take about one byte per byte).
  public static let bytesPerMessageByte = 3
  /// Messages below this size are admitted without a look at the process's memory.
  public static let smallMessageBytes = 1 << 20
  /// Growth admitted between two reads of resident memory.
  public static let smallGrowthBytes = 1 << 20

  public init(limit: Int = MemoryBudget.defaultLimit) { self.limit = limit }

  /// Half the machine's physical memory.
  public static var defaultLimit: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 2) }

  /// Whether a message of `bytes` bytes may be read.
  public func admitsMessage(bytes: Int) -> Bool {
    bytes < Self.smallMessageBytes || admits(growth: bytes.multipliedReportingOverflow(by: Self.bytesPerMessageByte).partialValue)
  }

  /// Whether the process may grow by `growth` bytes.
  public func admits(growth: Int) -> Bool {
    guard growth > 0 else { return true }
    let small = unmeasured.value.withLock { sum -> Bool in
      guard growth < Self.smallGrowthBytes, sum + growth < Self.smallGrowthBytes else { return false }
      sum += growth
      return true
    }
    if small { return true }
    let fits = Self.residentBytes() + growth <= limit
    if fits { unmeasured.value.withLock { $0 = 0 } }
    return fits
  }

  /// Resident memory of this process (Linux `/proc/self/statm`; 0 where that is not available).
  public static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// A count shared by the copies of a `MemoryBudget` (the transport's and the server's).
private final class SharedCount: Sendable {
  let value = Mutex(0)
}
