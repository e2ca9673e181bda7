/// How the regions of a render line up with the previous render's: for each new region its place
/// in the old order, and for each old region whether the new order still has it.
///
/// Matched by position over the common head and tail and by name only in between: a change of
/// order (a chunk more or fewer after a legend toggle, a legend item added) touches a few regions
/// in the middle, and hashing every name of a large chart into sets and maps cost a third of such
/// an update. Names are unique within an order by construction (`RegionName`); should that ever
/// break, the first place wins rather than the daemon trapping.
struct RegionAlignment {
  /// For each region of the new order, its index in the old order (nil: new).
  let oldIndex: [Int?]
  /// For each region of the old order, whether the new order has it.
  let kept: [Bool]
  /// For each region of the new order, whether it stays in place: regions present before and after
  /// stay if they form a longest increasing run of old positions (a patch replaces them at most);
  /// the rest are moved (removed and inserted again).
  let staysInPlace: [Bool]
  /// For each region of the old order, whether it stays in place.
  let oldStaysInPlace: [Bool]

  init(old: [RegionName], new: [RegionName]) {
    let most = min(old.count, new.count)
    var head = 0
    while head < most, old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < most - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
    var oldIndex = [Int?](repeating: nil, count: new.count)
    var kept = [Bool](repeating: false, count: old.count)
    for k in 0..<head {
      oldIndex[k] = k
      kept[k] = true
    }
    for t in 0..<tail {
      oldIndex[new.count - 1 - t] = old.count - 1 - t
      kept[old.count - 1 - t] = true
    }
    let oldMiddle = head..<(old.count - tail), newMiddle = head..<(new.count - tail)
    if !oldMiddle.isEmpty, !newMiddle.isEmpty {
      var position: [RegionName: Int] = [:]
      position.reserveCapacity(oldMiddle.count)
      for i in oldMiddle where position[old[i]] == nil { position[old[i]] = i }
      for k in newMiddle {
        guard let i = position[new[k]], !kept[i] else { continue }
        oldIndex[k] = i
        kept[i] = true
      }
    }
    self.oldIndex = oldIndex
    self.kept = kept
    let survivors = new.indices.filter { oldIndex[$0] != nil }
    var stays = [Bool](repeating: false, count: new.count)
    var oldStays = [Bool](repeating: false, count: old.count)
    for j in Self.longestIncreasingRun(survivors.map { oldIndex[$0] ?? 0 }) {
      let k = survivors[j]
      stays[k] = true
      if let i = oldIndex[k] { oldStays[i] = true }
    }
    staysInPlace = stays
    oldStaysInPlace = oldStays
  }

  /// Indices (into `values`) of a longest strictly increasing subsequence.
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    if values.isEmpty { return [] }
    // Fast path: already increasing (the common case: nothing moved).
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return Array(values.indices) }
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var parent = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
      var lo = 0, hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { parent[i] = tails[lo - 1] }
      if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
      out.append(k)
      k = parent[k]
    }
    return out.reversed()
  }
}
