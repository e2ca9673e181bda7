import Foundation
import Synchronization
import Testing
@testable import ChartCore

/// The cache keeps the values in use, drops the stale ones, grows to what is in use up to its
/// ceiling and back, and answers what a computation would, from any thread.
@Suite struct BoundedCacheTests {
  /// A value that names its key, so a wrong hit shows.
  static func worked(_ key: UInt64) -> UInt64 { key &* 0x9E37_79B9_7F4A_7C15 ^ 0x5555 }

  /// Asks `cache` for every key of `keys`, counting the values worked out; checks each value.
  static func read(_ cache: BoundedCache<UInt64, UInt64>, _ keys: [UInt64]) -> Int {
    var worked = 0
    for k in keys {
      let v = cache.value(k) { worked += 1; return Self.worked(k) }
      #expect(v == Self.worked(k), "key \(k)")
    }
    return worked
  }

  /// Values read every round stay while a stream of new keys passes through a cache that cannot
  /// grow (the values read between two reads of one fit in a generation): emptied at once when
  /// full, it would work every one of them out again every few rounds.
  @Test func valuesInUseStayWhileStaleOnesGo() {
    let cache = BoundedCache<UInt64, UInt64>(capacity: 64)
    let inUse = (0..<40).map { UInt64($0) }
    var next: UInt64 = 1_000
    _ = Self.read(cache, inUse)
    for round in 0..<50 {
      let fresh = (0..<20).map { _ in defer { next += 1 }; return next }
      let stale = Self.read(cache, fresh)
      #expect(stale == 20, "round \(round): the new keys are worked out")
      #expect(Self.read(cache, inUse) == 0, "round \(round): a value in use was worked out again")
      let o = cache.occupancy
      #expect(o.held <= 128 && o.limit == 64 && o.ghosts == 0, "round \(round): \(o)")
    }
  }

  /// Working sets of 2.5, 12 and 60 generations of the smallest size, read in order (each value
  /// dropped before it is asked for again unless the cache grows) and shuffled: after a few rounds
  /// none is worked out again, and the generation stays within the ceiling.
  @Test(arguments: [40, 200, 960], [false, true])
  func growsToTheValuesInUse(size: Int, shuffled: Bool) {
    let cache = BoundedCache<UInt64, UInt64>(capacity: 16, ceiling: 1_024)
    var rng = SeededRandom(seed: UInt64(size))
    var keys = (0..<size).map { UInt64($0) }
    var next = UInt64(size)
    var last = Int.max
    for round in 0..<12 {
      if shuffled {
        for k in keys.indices.reversed() { keys.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      }
      keys[round % size] = next  // a set's revision moves on
      next += 1
      last = Self.read(cache, keys)
      let o = cache.occupancy
      #expect(o.limit <= 1_024 && o.held <= 2 * 1_024 && o.ghosts <= 1_024, "round \(round): \(o)")
    }
    #expect(last == 1, "size \(size), shuffled \(shuffled): \(last) values worked out again in the last round")
    #expect(cache.occupancy.limit >= size / 2)
  }

  /// More values in use than the ceiling allows: the cache stays bounded and right.
  @Test func staysBoundedBeyondTheCeiling() {
    let cache = BoundedCache<UInt64, UInt64>(capacity: 16, ceiling: 256)
    let keys = (0..<3_000).map { UInt64($0) }
    for _ in 0..<4 {
      _ = Self.read(cache, keys)
      let o = cache.occupancy
      #expect(o.limit <= 256 && o.held <= 512 && o.ghosts <= 256, "\(o)")
    }
  }

  /// When the values in use go (documents closed), the generation shrinks back to the smallest
  /// size and the values held with it.
  @Test func shrinksWhenTheValuesInUseGo() {
    let cache = BoundedCache<UInt64, UInt64>(capacity: 16, ceiling: 4_096)
    let inUse = (0..<2_000).map { UInt64($0) }
    for _ in 0..<6 { _ = Self.read(cache, inUse) }
    #expect(cache.occupancy.limit >= 2_048)
    var next: UInt64 = 1_000_000
    for _ in 0..<20_000 {
      _ = cache.value(next) { Self.worked(next) }
      next += 1
    }
    let o = cache.occupancy
    #expect(o.limit == 16 && o.held <= 32 && o.ghosts <= 4_096, "\(o)")
  }

  /// A key that counts the keys alive (its object is freed with the last copy of the key).
  struct CountedKey: Hashable, Sendable {
    final class Life: Sendable {
      static let alive = Atomic<Int>(0)
      init() { Self.alive.add(1, ordering: .relaxed) }
      deinit { Self.alive.add(-1, ordering: .relaxed) }
    }
    let id: Int
    let life = Life()
    static func == (a: CountedKey, b: CountedKey) -> Bool { a.id == b.id }
    func hash(into h: inout Hasher) { h.combine(id) }
  }

  /// The keys of dropped values are not kept alive by the cache (a key may hold a list: a stack
  /// extent's holds the revisions below it): only the keys of the values held are.
  @Test func dropsTheKeysOfDroppedValues() {
    let before = CountedKey.Life.alive.load(ordering: .relaxed)
    do {
      let cache = BoundedCache<CountedKey, Int>(capacity: 16, ceiling: 1_024)
      for round in 0..<3 {
        for id in 0..<3_000 { _ = cache.value(CountedKey(id: id)) { id } }  // more than the ceiling, each round
        let alive = CountedKey.Life.alive.load(ordering: .relaxed) - before
        #expect(alive == cache.occupancy.held, "round \(round): \(alive) keys alive, \(cache.occupancy)")
      }
    }
    #expect(CountedKey.Life.alive.load(ordering: .relaxed) == before)
  }

  /// Threads reading and adding at once always get the value of their key.
  @Test func threadsGetTheirOwnValues() {
    let cache = BoundedCache<UInt64, UInt64>(capacity: 8, ceiling: 64)
    let wrong = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { t in
      var rng = SeededRandom(seed: UInt64(t + 1))
      for _ in 0..<20_000 {
        let k = rng.next() % (t.isMultiple(of: 2) ? 40 : 400)
        if cache.value(k, compute: { Self.worked(k) }) != Self.worked(k) { wrong.add(1, ordering: .relaxed) }
        if let v = cache.known(k), v != Self.worked(k) { wrong.add(1, ordering: .relaxed) }
      }
    }
    #expect(wrong.load(ordering: .relaxed) == 0)
    let o = cache.occupancy
    #expect(o.limit <= 64 && o.held <= 128, "\(o)")
  }
}
