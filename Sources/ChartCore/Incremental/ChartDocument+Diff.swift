/// The patch of a change of region order: what stays in place, what moves, what comes and goes.
extension ChartDocument {
  /// Fills removals, insertions (with positions) and replacements, keeping untouched regions in place.
  ///
  /// - Parameters:
  ///   - old: the element ids of the regions before; `new`: after.
  ///   - markup: each new region's markup; `changed`: the positions in `new` whose markup changed.
  static func diff(_ alignment: RegionAlignment, from old: [String], to new: [String], markup: [RegionMarkup],
                   changed: [Int], into patch: inout ChartPatch) {
    // Regions present before and after stay put if they form an increasing run of old positions;
    // the rest are moved (removed and inserted again).
    let survivors = new.indices.filter { alignment.oldIndex[$0] != nil }
    var staysNew = [Bool](repeating: false, count: new.count)
    var staysOld = [Bool](repeating: false, count: old.count)
    for j in Self.longestIncreasingRun(survivors.map { alignment.oldIndex[$0] ?? 0 }) {
      let k = survivors[j]
      staysNew[k] = true
      if let i = alignment.oldIndex[k] { staysOld[i] = true }
    }
    for (i, id) in old.enumerated() where !staysOld[i] { patch.removed.append(id) }
    var isChanged = [Bool](repeating: false, count: new.count)
    for k in changed { isChanged[k] = true }
    for (k, id) in new.enumerated() {
      if !staysNew[k] {
        patch.inserted.append(.init(id: id, svg: markup[k].svg, after: k > 0 ? new[k - 1] : nil, json: markup[k].json))
      } else if isChanged[k] {
        patch.fragments.append(.init(id: id, svg: markup[k].svg, json: markup[k].json))
      }
    }
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
