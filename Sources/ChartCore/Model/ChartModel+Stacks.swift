/// Stacked lines: which line data sets stand on one another (protocol/spec/series.md, "Stacked lines").
///
/// A stack group is every line data set with the same `stack` name on the same axis (and pane), bottom first
/// in data set order. Hidden sets leave the group (the sets above them drop down), except where the
/// axis range is worked out with `hiddenDataSetsAffectRange`.
public struct StackGroup: Sendable, Equatable {
  /// Data set indices, bottom first.
  public var members: [Int]
  /// Whether values are shares of each x's total (`stackMode: percent`).
  public var percent: Bool

  /// Where data set `i` stands in the group (nil when it is not a member).
  public func position(of i: Int) -> Int? { members.firstIndex(of: i) }

  /// The member right below data set `i` (whose line its band's lower edge follows), if any.
  public func member(below i: Int) -> Int? {
    guard let k = position(of: i), k > 0 else { return nil }
    return members[k - 1]
  }
}

extension ChartModel {
  /// Whether data set `i` is drawn as a stacked line: a line with a `stack` name.
  public func isStackedLine(_ i: Int) -> Bool {
    i >= 0 && i < spec.dataSets.count && spec.dataSets[i].stack != nil && seriesKind(of: i) == .line
  }

  /// The stack group data set `i` belongs to, or nil when it does not stack. Without
  /// `includingHidden` only visible sets are members (what is drawn); `i` itself is always a member.
  public func stackGroup(of i: Int, includingHidden: Bool = false) -> StackGroup? {
    guard isStackedLine(i) else { return nil }
    let groups = stackMemo.groups(state, includingHidden: includingHidden) { stackGroups(includingHidden: includingHidden) }
    var members = groups.members[groups.owner[i]]
    if !includingHidden && !spec.dataSets[i].visible {
      // A hidden set is a member of its own group, in its place.
      members.insert(i, at: members.firstIndex { $0 > i } ?? members.endIndex)
    }
    return StackGroup(members: members, percent: spec.stackMode == .percent)
  }

  /// Every stack group at once: the data sets with one `stack` name on one value axis that are
  /// stacked lines (and visible, unless `includingHidden`), in data set order.
  private func stackGroups(includingHidden: Bool) -> StackMemo.Groups {
    struct Name: Hashable {
      var stack: String
      var axis: ValueAxisRef
    }
    var numbers: [Name: Int] = [:]
    var groups = StackMemo.Groups(owner: [Int](repeating: -1, count: spec.dataSets.count), members: [])
    for j in spec.dataSets.indices where isStackedLine(j) {
      guard let stack = spec.dataSets[j].stack else { continue }
      let name = Name(stack: stack, axis: spec.valueAxis(of: j))
      let n = numbers[name] ?? groups.members.count
      if n == groups.members.count {
        numbers[name] = n
        groups.members.append([])
      }
      groups.owner[j] = n
      if includingHidden || spec.dataSets[j].visible { groups.members[n].append(j) }
    }
    return groups
  }

  /// The group as the axis ranges see it: hidden sets count when `hiddenDataSetsAffectRange` says so.
  func rangeStackGroup(of i: Int) -> StackGroup? {
    stackGroup(of: i, includingHidden: spec.hiddenDataSetsAffectRange)
  }

  /// The lowest and highest value the bands of a stacked data set reach (their bases included, so
  /// the bottom set reaches 0), over entries whose x lies in `xWindow`; with `positive`, only values
  /// above 0 (a log axis). Nil when the set is not stacked or has no band.
  ///
  /// Chunks wholly inside the window take their extent from `stackExtents`: after an append only
  /// the chunks whose own entries or whose sets below (in percent mode, any member) changed are
  /// worked out again.
  func stackedValueRange(dataSet i: Int, xWindow: ClosedRange<Double>?, positive: Bool = false) -> ClosedRange<Double>? {
    guard let group = rangeStackGroup(of: i) else { return nil }
    let bands = StackBands(self, group: group, dataSet: i)
    let e = spec.dataSets[i].entries
    let index = series[i]
    let position = group.position(of: i) ?? 0
    var total = StackExtents.Extent()
    var walk = StackBands.Walk(bands: bands)
    func add(_ k: Int, to x: inout StackExtents.Extent) {
      guard let b = walk.band(entry: k) else { return }
      x.take(b.base)
      x.take(b.top)
    }
    for chunk in index.chunkNumbers {
      guard let xs = index.xExtent(ofChunks: chunk...chunk) else { continue }
      if let w = xWindow, xs.upperBound < w.lowerBound || xs.lowerBound > w.upperBound { continue }
      var part = StackExtents.Extent()
      if let w = xWindow, xs.lowerBound < w.lowerBound || xs.upperBound > w.upperBound {
        // Partly inside: the entries of this chunk in the window only.
        for k in index.localRange(ofChunk: chunk) where w.contains(e.x[k]) { add(k, to: &part) }
      } else {
        var key = StackExtents.Key(dataSet: spec.dataSets[i].id, chunk: chunk, revision: index.revision(ofChunk: chunk),
                                   others: [], position: position, percent: group.percent)
        if !group.percent, position == 0 {
          // The bottom set's bands are its own values: nothing else to name.
        } else if !group.percent, let column = stackPiles(group, position: position, chunk: chunk) {
          key.piles = column.stamp
        } else if group.percent, let column = stackShares(group, position: position, chunk: chunk),
                  column.covers(absolute(index.localRange(ofChunk: chunk), index)) {
          // Totals and piles of shares over the whole chunk: their stamp names every member's entries.
          key.piles = column.stamp
        } else {
          appendStackRevisions(group, dataSet: i, position: position, meeting: xs, to: &key.others)
        }
        part = stackExtents.value(key) {
          var x = StackExtents.Extent()
          for k in index.localRange(ofChunk: chunk) { add(k, to: &x) }
          return x
        }
      }
      total.lo = min(total.lo, part.lo)
      total.hi = max(total.hi, part.hi)
      total.positiveLo = min(total.positiveLo, part.positiveLo)
    }
    let lo = positive ? total.positiveLo : total.lo
    return lo <= total.hi ? lo...total.hi : nil
  }

  /// Appends to `out` what data set `i` at `position` of `group` reads of the other members over
  /// the x range `xs`: for each member below it (every other one in percent mode), in group order,
  /// the revisions of its chunks that meet `xs`, led by their count (`SeriesIndex.appendRevisions`).
  func appendStackRevisions(_ group: StackGroup, dataSet i: Int, position: Int, meeting xs: ClosedRange<Double>,
                            to out: inout [UInt64]) {
    out.reserveCapacity(out.count + 2 * (group.percent ? group.members.count - 1 : position))
    for (k, j) in group.members.enumerated() where j != i && (group.percent || k < position) {
      // The summaries alone: a method of `series[j]` copied the index (a retain per array).
      SeriesIndex.appendRevisions(of: series[j].summaries, sorted: series[j].isSortedByX, meeting: xs, to: &out)
    }
  }

  /// Local indices `range` of `index` as absolute ones (origin + local).
  private func absolute(_ range: Range<Int>, _ index: SeriesIndex) -> Range<Int> {
    (index.origin + range.lowerBound)..<(index.origin + range.upperBound)
  }

  /// Whether any stacked line data set that counts for ranges is drawn against `axis` in percent mode.
  func hasPercentStack(on axis: ValueAxisRef) -> Bool {
    spec.stackMode == .percent
      && spec.dataSets.indices.contains { isStackedLine($0) && countsForRange($0) && spec.valueAxis(of: $0) == axis }
  }
}
