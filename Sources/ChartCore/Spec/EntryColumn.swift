import ChartdJSON

/// One column of a data set's entries: an array whose first elements can be dropped without
/// moving the rest.
///
/// A sliding window drops the oldest entries on every append. From an `Array` that moves every
/// entry after them: six columns of 8 MB per candle of a million-candle window. Here the dropped
/// elements stay in the storage, ahead of `start`, until they are as many as a quarter of the
/// column (and at least `slack`); then the storage is moved down once. A drop costs O(1)
/// amortized, and a column holds at most a quarter more than its elements (or `slack` more).
public struct EntryColumn<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  @usableFromInline var storage: [Element]
  /// Elements of `storage` dropped from the front and not yet moved out.
  @usableFromInline var start: Int

  /// Dropped elements kept at most before the storage is moved down, whatever the column's size.
  @usableFromInline static var slack: Int { 4_096 }

  @inlinable public init() {
    storage = []
    start = 0
  }

  @inlinable public init(_ array: [Element]) {
    storage = array
    start = 0
  }

  @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
    storage = Array(elements)
    start = 0
  }

  @inlinable public init(repeating value: Element, count: Int) {
    storage = Array(repeating: value, count: count)
    start = 0
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { storage.count - start }
  @inlinable public var count: Int { storage.count - start }
  @inlinable public var isEmpty: Bool { storage.count == start }

  @inlinable public func index(after i: Int) -> Int { i + 1 }
  @inlinable public func index(before i: Int) -> Int { i - 1 }

  @inlinable public subscript(i: Int) -> Element {
    get { storage[start + i] }
    _modify { yield &storage[start + i] }
  }

  @inlinable public subscript(bounds: Range<Int>) -> Slice<EntryColumn<Element>> {
    get { Slice(base: self, bounds: bounds) }
    set { replaceSubrange(bounds, with: newValue) }
  }

  /// The elements as an array (a copy unless nothing was dropped).
  @inlinable public var array: [Element] { start == 0 ? storage : Array(storage[start...]) }

  /// Replaces `range`, clamped to the column (callers check ranges against the entries first; one
  /// that is not checked never traps nor drops elements it does not name).
  @inlinable public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C)
  where C.Element == Element {
    let range = range.clamped(to: 0..<count)
    if range.lowerBound == 0, elements.isEmpty, !range.isEmpty {
      start += range.count
      if start > Self.slack && start > storage.count / 4 || start == storage.count {
        storage.removeFirst(start)
        start = 0
      }
      return
    }
    storage.replaceSubrange((start + range.lowerBound)..<(start + range.upperBound), with: elements)
  }

  @inlinable public mutating func append(_ element: Element) { storage.append(element) }

  @inlinable public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
    storage.append(contentsOf: elements)
  }

  /// Another column's elements, copied as one block (not one by one, as a sequence would be).
  @inlinable public mutating func append(contentsOf other: EntryColumn<Element>) {
    other.withUnsafeBufferPointer { storage.append(contentsOf: $0) }
  }

  @inlinable public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(start + n) }

  @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start...])) }
  }

  @inlinable public mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    let start = self.start
    return try storage.withUnsafeMutableBufferPointer { all in
      var part = UnsafeMutableBufferPointer(rebasing: all[start...])
      return try body(&part)
    }
  }

  /// Gives back the resident pages of the storage's room to grow (`ColumnRoom.releaseRoom`).
  func releaseRoom() { ColumnRoom.releaseRoom(of: storage) }

  /// Elements the column's storage holds, the dropped ones not yet moved out included.
  @inlinable public var storageCount: Int { storage.count }
}

extension EntryColumn: ExpressibleByArrayLiteral {
  @inlinable public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension EntryColumn: Equatable where Element: Equatable {
  @inlinable public static func == (a: EntryColumn, b: EntryColumn) -> Bool {
    // As an array compares: the same storage is equal without a look (NaN included).
    a.count == b.count && a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress || pa.elementsEqual(pb) }
    }
  }
}

extension EntryColumn: Hashable where Element: Hashable {
  @inlinable public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for e in self { hasher.combine(e) }
  }
}

extension EntryColumn: Sendable where Element: Sendable {}

extension EntryColumn: CustomStringConvertible {
  public var description: String { array.description }
}
