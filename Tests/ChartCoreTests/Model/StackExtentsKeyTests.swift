import Testing
@testable import ChartCore

/// A key of the stack extents hashes only part of what the members below read, but names all of it:
/// keys that differ in any revision below are different keys, in a cache too.
@Suite struct StackExtentsKeyTests {
  @Test func aRevisionBelowAnywhereMakesAnotherKey() {
    let key = StackExtents.Key(dataSet: "s", chunk: 2, revision: 9, others: [2, 10, 11, 2, 20, 21], position: 2, percent: false)
    var kept = StackExtents.Extent()
    kept.take(4)
    for k in key.others.indices {
      var other = key
      other.others[k] += 100
      #expect(other != key, "revision \(k)")
      let cache = BoundedCache<StackExtents.Key, StackExtents.Extent>(capacity: 8)
      _ = cache.value(key) { kept }
      #expect(cache.known(other) == nil, "revision \(k): another key's extent")
      #expect(cache.known(key) == kept)
    }
    var shorter = key
    shorter.others.removeLast()
    #expect(shorter != key)
  }
}
