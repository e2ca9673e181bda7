/// The entries of a data set, held column by column so that a million points cost a few arrays.
///
/// All present columns have `count` elements. `y` is the value drawn for line, bar, scatter and
/// bubble entries (the stack total for stacked bars; the close for candles). A missing value is NaN:
/// a gap in a line, nothing drawn for a bar or a symbol.
public struct EntryColumns: Sendable, Equatable {
  public var x: EntryColumn<Double> = []
  public var y: EntryColumn<Double> = []
  /// The columns most data sets do not have, in one box: a copy of the entries (into an edit, a
  /// plan, a context) retains three references, not ten.
  private var more = Self.none

  /// The columns besides x and y.
  struct More: Sendable, Equatable {
    var stacks: EntryColumn<[Double]>? = nil
    var size: EntryColumn<Double>? = nil
    var open: EntryColumn<Double>? = nil
    var high: EntryColumn<Double>? = nil
    var low: EntryColumn<Double>? = nil
    var close: EntryColumn<Double>? = nil
    var labels: EntryColumn<String?>? = nil
    var colors: EntryColumn<Color?>? = nil
  }

  /// One box of none, shared by every set of entries that has only x and y.
  private static let none = CopyOnWrite(More())

  /// Stacked bars: the segment values of each entry (empty array for a plain entry).
  public var stacks: EntryColumn<[Double]>? {
    _read { yield more.value.stacks }
    _modify { yield &more.value.stacks }
  }
  /// Bubble size.
  public var size: EntryColumn<Double>? {
    _read { yield more.value.size }
    _modify { yield &more.value.size }
  }
  /// Candles (y holds the close as well).
  public var open: EntryColumn<Double>? {
    _read { yield more.value.open }
    _modify { yield &more.value.open }
  }
  public var high: EntryColumn<Double>? {
    _read { yield more.value.high }
    _modify { yield &more.value.high }
  }
  public var low: EntryColumn<Double>? {
    _read { yield more.value.low }
    _modify { yield &more.value.low }
  }
  public var close: EntryColumn<Double>? {
    _read { yield more.value.close }
    _modify { yield &more.value.close }
  }
  /// Per-entry label (pie slices, categories, marker text).
  public var labels: EntryColumn<String?>? {
    _read { yield more.value.labels }
    _modify { yield &more.value.labels }
  }
  /// Per-entry colour override.
  public var colors: EntryColumn<Color?>? {
    _read { yield more.value.colors }
    _modify { yield &more.value.colors }
  }

  public init() {}

  public init(x: [Double], y: [Double]) {
    self.x = EntryColumn(x)
    self.y = EntryColumn(y)
  }

  public var count: Int { x.count }
  public var isEmpty: Bool { x.isEmpty }

  /// True when the x values never decrease (lines are drawn in x order; M4 and binary search need it).
  public var isSortedByX: Bool {
    x.withUnsafeBufferPointer { ColumnScan.isNonDecreasing($0, 0..<$0.count) }
  }

  /// The lowest and highest value an entry occupies on its value axis (for ranges): with a candle
  /// range, the extent of the candle as it is drawn (missing ends fall back to the body's), so that
  /// nothing drawn lies outside the axis.
  @inline(__always)
  public func valueSpan(at i: Int) -> (lo: Double, hi: Double) {
    if low != nil, high != nil {
      guard let c = ohlc(at: i) else { return (.nan, .nan) }
      return (min(c.low, c.open, c.close), max(c.high, c.open, c.close))
    }
    if let stacks, !stacks[i].isEmpty {
      let pile = StackPile(stacks[i])
      return (pile.negative, pile.positive)
    }
    return (y[i], y[i])
  }

  /// The lowest positive value entry `i` marks on a log value axis (infinity when none): a
  /// candle's low (or high), a stack's first positive segment (the lowest boundary of the pile
  /// from the axis minimum), else y.
  @inline(__always)
  public func lowestPositiveValue(at i: Int) -> Double {
    func positive(_ v: Double) -> Double { v > 0 && v.isFinite ? v : .infinity }
    if low != nil, high != nil {
      guard let c = ohlc(at: i) else { return .infinity }
      return min(positive(c.low), positive(c.high), positive(c.open), positive(c.close))
    }
    if let stacks, !stacks[i].isEmpty { return stacks[i].first { $0 > 0 && $0.isFinite } ?? .infinity }
    return positive(y[i])
  }

  /// Entry `i` as a candle is drawn: close falls back to y, open to close, high and low to the
  /// body's ends. Nil when neither close nor y is a number (no candle is drawn).
  public func ohlc(at i: Int) -> (open: Double, high: Double, low: Double, close: Double)? {
    func value(_ column: EntryColumn<Double>?) -> Double? {
      guard let column, i >= 0, i < column.count, column[i].isFinite else { return nil }
      return column[i]
    }
    guard let close = value(close) ?? value(y) else { return nil }
    let open = value(open) ?? close
    return (open, value(high) ?? max(open, close), value(low) ?? min(open, close), close)
  }

  /// Gives back the resident pages of every column's room to grow (columns read from a message).
  func releaseRoom() {
    x.releaseRoom()
    y.releaseRoom()
    for column in [size, open, high, low, close] { column?.releaseRoom() }
    stacks?.releaseRoom()
    labels?.releaseRoom()
    colors?.releaseRoom()
  }

  /// Appends the entries of `other` (same columns present).
  public mutating func append(contentsOf other: EntryColumns) {
    let n = count
    x.append(contentsOf: other.x)
    y.append(contentsOf: other.y)
    // Each column is taken out of its optional before it grows: grown while the optional still
    // held it, the whole column was copied first (every append of a candle copied four columns).
    func merge<T>(_ a: inout EntryColumn<T>?, _ b: EntryColumn<T>?, fill: T) {
      guard a != nil || b != nil else { return }
      var base = a ?? EntryColumn(repeating: fill, count: n)
      a = nil
      base.append(contentsOf: b ?? EntryColumn(repeating: fill, count: other.count))
      a = base
    }
    merge(&stacks, other.stacks, fill: [])
    merge(&size, other.size, fill: .nan)
    merge(&open, other.open, fill: .nan)
    merge(&high, other.high, fill: .nan)
    merge(&low, other.low, fill: .nan)
    // An entry's close is its value: entries that come without one take their y, as a spec read
    // back takes y from the close (chart/getSpec must give the same entries).
    if close != nil || other.close != nil {
      var base = close ?? EntryColumn(y[0..<n])
      close = nil
      base.append(contentsOf: other.close ?? other.y)
      close = base
    }
    merge(&labels, other.labels, fill: nil)
    merge(&colors, other.colors, fill: nil)
  }

  /// Removes entries in `range` from every column.
  public mutating func removeSubrange(_ range: Range<Int>) {
    x.removeSubrange(range)
    y.removeSubrange(range)
    stacks?.removeSubrange(range)
    size?.removeSubrange(range)
    open?.removeSubrange(range)
    high?.removeSubrange(range)
    low?.removeSubrange(range)
    close?.removeSubrange(range)
    labels?.removeSubrange(range)
    colors?.removeSubrange(range)
  }

  /// Replaces entries starting at `start` with `other` (which must fit inside).
  public mutating func replace(from start: Int, with other: EntryColumns) {
    let r = start..<(start + other.count)
    let n = count
    x.replaceSubrange(r, with: other.x)
    y.replaceSubrange(r, with: other.y)
    // Taken out of the optional first, as in `append`: otherwise the column is copied whole.
    func put<T>(_ a: inout EntryColumn<T>?, _ b: EntryColumn<T>?, fill: T) {
      guard a != nil || b != nil else { return }
      var base = a ?? EntryColumn(repeating: fill, count: n)
      a = nil
      base.replaceSubrange(r, with: b ?? EntryColumn(repeating: fill, count: other.count))
      a = base
    }
    put(&stacks, other.stacks, fill: [])
    put(&size, other.size, fill: .nan)
    put(&open, other.open, fill: .nan)
    put(&high, other.high, fill: .nan)
    put(&low, other.low, fill: .nan)
    // As in `append`: an entry without a close takes its value as the close.
    if close != nil || other.close != nil {
      var base = close ?? y
      close = nil
      base.replaceSubrange(r, with: other.close ?? other.y)
      close = base
    }
    put(&labels, other.labels, fill: nil)
    put(&colors, other.colors, fill: nil)
  }
}
