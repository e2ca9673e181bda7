import Foundation

/// Work over a large column split into parts that run on every core at once.
///
/// A million entries take a few passes of a few tenths of a millisecond each (index summaries with
/// order and gaps, the M4 columns): on a machine with more than one core, the parts of a pass run
/// side by side. Small inputs stay on the
/// calling thread, where waking other threads would cost more than it saves. The parts write
/// disjoint results, so what comes out does not depend on which part finishes first.
extension ColumnScan {
  /// Below this many elements of work, one thread does it all.
  static let parallelThreshold = 80_000

  /// How many parts `count` elements of work split into: one per core, one when small.
  static func partCount(forWork count: Int) -> Int {
    guard count >= parallelThreshold else { return 1 }
    return max(1, min(8, cores, count / (parallelThreshold / 2)))
  }

  private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// Runs `body` for each part `0 ..< parts` (at once when there are several).
  static func inParts(_ parts: Int, _ body: @Sendable (Int) -> Void) {
    if parts <= 1 {
      body(0)
      return
    }
    DispatchQueue.concurrentPerform(iterations: parts, execute: body)
  }
}

/// A buffer handed to the parts of `ColumnScan.inParts`, each of which writes its own elements.
struct DisjointWrites<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
}
