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
}
