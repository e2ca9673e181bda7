import Foundation

/// The daemon's memory limit (`--max-memory`) and the checks made against it before work that
/// would grow memory: reading a message, and adding entries to a document.
///
/// The checks compare the process's resident memory plus the documented worst case of the work
/// with the limit (protocol/transport.md, "Memory"), so a request that would pass it is refused
/// with -32803 `resourceLimit` before anything changes.
public struct MemoryBudget: Sendable {
  /// The limit in bytes.
  public var limit: Int

  /// Resident bytes a message may take while read, per byte of its text (the reader's worst case:
  /// general values; numbers and rows of numbers take about one byte per byte).
  public static let bytesPerMessageByte = 3
  /// Messages below this size are admitted without a look at the process's memory.
  public static let smallMessageBytes = 1 << 20

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
    return Self.residentBytes() + growth <= limit
  }

  /// Resident memory of this process (Linux `/proc/self/statm`; 0 where that is not available).
  public static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
