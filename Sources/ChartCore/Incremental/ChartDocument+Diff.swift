/// The patch of a change of region order: what stays in place, what moves, what comes and goes.
extension ChartDocument {
  /// Fills removals, insertions (with positions), replacements and restores, keeping the regions
  /// that stay in place (`RegionAlignment.staysInPlace`) where they are.
  ///
  /// - Parameters:
  ///   - old: the element ids of the regions before; `new`: after.
  ///   - markup: each new region's markup; `changed`: the positions in `new` whose markup changed
  ///     and goes out (`splices`: those sent as a splice, in position order, all in place);
  ///     `restored`: positions (of regions that stay in place) the client restores.
  static func diff(_ alignment: RegionAlignment, from old: [String], to new: [String], markup: [RegionMarkup],
                   changed: [Int], splices: [(at: Int, splice: MarkupSplice)], restored: [Int], into patch: inout ChartPatch) {
    for (i, id) in old.enumerated() where !alignment.oldStaysInPlace[i] { patch.removed.append(id) }
    var isChanged = [Bool](repeating: false, count: new.count)
    for k in changed { isChanged[k] = true }
    var spliced = splices.makeIterator(), next = spliced.next()
    for (k, id) in new.enumerated() {
      if !alignment.staysInPlace[k] {
        patch.inserted.append(.init(id: id, svg: markup[k].svg, after: k > 0 ? new[k - 1] : nil, json: markup[k].json))
      } else if isChanged[k] {
        var splice: MarkupSplice?
        if let n = next, n.at == k { splice = n.splice; next = spliced.next() }
        patch.fragments.append(.init(id: id, svg: markup[k].svg, json: markup[k].json, splice: splice))
      }
    }
    for k in restored { patch.restored.append(new[k]) }
  }
}
