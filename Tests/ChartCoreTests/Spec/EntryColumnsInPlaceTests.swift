import Testing
@testable import ChartCore

/// Appending to and updating entries change their columns in place: a column held in an optional
/// (open, high, low, close, size, stacks, labels, colours) was copied whole by every append and
/// every update of a candle or a bubble, so streaming into a large K-line chart cost O(entries).
@Suite struct EntryColumnsInPlaceTests {
  static func candles(_ n: Int) -> EntryColumns {
    var e = EntryColumns(x: (0..<n).map(Double.init), y: (0..<n).map { Double($0 % 9) })
    e.open = EntryColumn(e.y.map { $0 - 1 })
    e.high = EntryColumn(e.y.map { $0 + 2 })
    e.low = EntryColumn(e.y.map { $0 - 2 })
    e.close = EntryColumn(e.y.map { $0 })  // its own storage (a copy of y would share it until written)
    e.size = EntryColumn(e.y.map { $0 + 5 })
    e.labels = EntryColumn(e.y.map { "\($0)" })
    return e
  }

  /// Where each column's storage starts.
  static func addresses(_ e: EntryColumns) -> [UnsafeRawPointer?] {
    func at<T>(_ a: EntryColumn<T>?) -> UnsafeRawPointer? { a?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    return [at(e.x), at(e.y), at(e.open), at(e.high), at(e.low), at(e.close), at(e.size), at(e.labels)]
  }

  @Test func anAppendGrowsEveryColumnWhereItIs() {
    var e = Self.candles(1_000)
    // Room for what comes, so that growing needs no new storage.
    e.x.reserveCapacity(2_000); e.y.reserveCapacity(2_000); e.open?.reserveCapacity(2_000); e.high?.reserveCapacity(2_000)
    e.low?.reserveCapacity(2_000); e.close?.reserveCapacity(2_000); e.size?.reserveCapacity(2_000); e.labels?.reserveCapacity(2_000)
    let before = Self.addresses(e)
    e.append(contentsOf: Self.candles(3))
    #expect(Self.addresses(e) == before)
    #expect(e.count == 1_003 && e.open?.count == 1_003 && e.close?.last == 2 && e.labels?.last == "2.0")
  }

  @Test func anUpdateWritesEveryColumnWhereItIs() {
    var e = Self.candles(1_000)
    let before = Self.addresses(e)
    var row = Self.candles(1)
    row.x = [500]
    row.close = [42]
    e.replace(from: 500, with: row)
    #expect(Self.addresses(e) == before)
    #expect(e.close?[500] == 42 && e.x[500] == 500 && e.open?[500] == -1 && e.count == 1_000)
  }
}
