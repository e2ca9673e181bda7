#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Room to grow for a long array of numbers read from a message.
///
/// Such an array is a data set's column, and clients append to it. Read at exactly its length, it
/// is copied whole by the first append past its end: for a 10,000,000-entry line, 160 MB copied
/// and faulted in at once, a 100 ms stall of one append. From `minCount` elements on it is given
/// capacity for as many again instead: address space, resident only once appended into (the
/// memory budget counts resident pages), so appends fill it without copying until it has doubled.
public enum ColumnRoom {
  /// Below this many elements a copy costs less than the room would be worth (a few tens of µs).
  public static let minCount = 65_536

  /// The capacity to allocate for `count` elements read from a message.
  public static func capacity(for count: Int) -> Int {
    guard count >= minCount else { return count }
    let (doubled, overflow) = count.multipliedReportingOverflow(by: 2)
    return overflow ? count : doubled
  }

  /// Gives back the resident pages of the room past `array`'s elements. Memory the allocator
  /// hands out again (a message read and let go of) may still be resident, and the room would
  /// keep it so until appended into: three 1,000,000-point lines opened after a larger one held
  /// 24 MiB more. The pages read as zeros when touched again; the elements are not touched.
  public static func releaseRoom<T>(of array: [T]) {
    guard array.capacity >= minCount, array.capacity > array.count else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard page > 0 else { return }
    array.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress else { return }
      let start = Int(bitPattern: base) + array.count * MemoryLayout<T>.stride
      let end = Int(bitPattern: base) + array.capacity * MemoryLayout<T>.stride
      // Whole pages inside the room only: the allocator's own words lie outside it.
      let from = (start + page - 1) / page * page, to = end / page * page
      guard to > from, let at = UnsafeMutableRawPointer(bitPattern: from) else { return }
      _ = madvise(at, to - from, MADV_DONTNEED)
    }
  }
}
