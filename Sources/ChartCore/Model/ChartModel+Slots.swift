/// The width of the slot a bar group or a candle stands in, in x units (protocol/spec/axes.md,
/// "Slots"). On index axes it is 1, as in iOS Charts; on a `date` axis, where x are Unix times, it is
/// the data's own rhythm (a day for daily candles), as a unit is in Swift Charts.
extension ChartModel {
  /// The slot on a date axis whose bar and candle data sets hold fewer than two different x: a day.
  public static let lonelyDateSlot = 86_400.0

  /// Consecutive-x gaps already worked out, by the data revision they were read at, for every
  /// model: revisions never repeat in the process (a trial copy's appends make their own), and a
  /// model holds no reference of its own, which every copy of it would retain. The layout asks
  /// twice an update (the plan, and the check that the bars keep their widths).
  static let slotGaps = BoundedCache<UInt64, XGaps>(capacity: 256, ceiling: ChartModel.setCacheCeiling)

  /// X units per slot: `xAxis.slot`; on a `date` x axis, the smallest gap between consecutive x of
  /// the bar and candlestick data sets, hidden ones too (so that a toggle never resizes the others);
  /// else 1.
  public var slot: Double {
    if let s = spec.xAxis.slot { return s }
    guard case .date? = spec.xAxis.common.formatter else { return 1 }
    var smallest = Double.infinity
    for i in spec.dataSets.indices where slotReadsGaps(of: i) {
      smallest = min(smallest, consecutiveXGap(dataSet: i))
    }
    return smallest.isFinite ? smallest : Self.lonelyDateSlot
  }

  /// Whether `slot` reads the x gaps of data set `i`: a bar or candle set on a `date` x axis
  /// without a given slot.
  func slotReadsGaps(of i: Int) -> Bool {
    guard spec.xAxis.slot == nil, case .date? = spec.xAxis.common.formatter, let kind = seriesKind(of: i) else { return false }
    return kind == .bar || kind == .candlestick
  }
}

extension ChartModel {
  /// `EntryColumns.consecutiveXGap` of data set `i`, from the cache: after an append, the gap of
  /// the state appended to (when known) with the appended entries read, not the whole column;
  /// after an update that left every x as it was, that state's gap; after a removal, what
  /// `removeEntries` kept (`xGaps(dataSet:removing:)`).
  func consecutiveXGap(dataSet i: Int) -> Double { xGaps(dataSet: i).smallest }

  /// The smallest gap of data set `i` and how often it occurs (see `consecutiveXGap`).
  func xGaps(dataSet i: Int) -> XGaps {
    let entries = spec.dataSets[i].entries
    return Self.slotGaps.value(at: series[i], keeps: { if case .updated(_, sameX: true) = $0 { true } else { false } },
                               whole: { entries.xGaps() },
                               appended: { known, count in
      // The entries before `count` are that state's: its last finite x meets the first appended one.
      var start = min(count, entries.x.count) - 1
      while start > 0, !entries.x[start].isFinite { start -= 1 }
      return known.adding(entries.xGaps(from: max(0, start)))
    })
  }

  /// The gaps data set `i` will have once `range` is removed, from the gaps it has now, read from
  /// the entries around the range alone; nil when they are not known now (the slot never asked,
  /// or not on this chart) or the smallest gap goes with the range. A window of daily candles
  /// then reads a few entries per removal, not every entry.
  func xGaps(dataSet i: Int, removing range: Range<Int>) -> XGaps? {
    // Only a date axis's slot reads the gaps; other charts pay for nothing here.
    guard slotReadsGaps(of: i) else { return nil }
    let index = series[i]
    guard Self.slotGaps.known(index.dataRevision) != nil
            || index.appendedTo.map({ Self.slotGaps.known($0.revision) != nil }) == true else { return nil }
    return xGaps(dataSet: i).removing(range, from: spec.dataSets[i].entries)
  }

  /// Keeps `gaps` as the gaps of data set `i` as it is now (after a removal they were worked out for).
  func keep(_ gaps: XGaps, dataSet i: Int) {
    _ = Self.slotGaps.value(series[i].dataRevision) { gaps }
  }
}

/// The smallest distance between consecutive finite x that differ, and how many consecutive pairs
/// lie that far apart: a removal that takes some of them away leaves the smallest as it was while
/// any remain.
struct XGaps: Sendable, Equatable {
  var smallest = Double.infinity
  var count = 0

  /// These gaps and `more`, another run's.
  func adding(_ more: XGaps) -> XGaps {
    more.smallest < smallest ? more : more.smallest == smallest ? XGaps(smallest: smallest, count: count + more.count) : self
  }

  /// These gaps, of `entries`, once `range` of them is removed; nil when that takes away every
  /// gap as small as the smallest and the sides it leaves do not meet closer (the next smallest
  /// is not known).
  func removing(_ range: Range<Int>, from entries: EntryColumns) -> XGaps? {
    let xs = entries.x
    guard range.lowerBound >= 0, range.upperBound <= xs.count, !range.isEmpty else { return self }
    // The finite x on each side: every gap with an end in the range lies between them (entries
    // between a side and the range have no finite x).
    var left = range.lowerBound - 1
    while left >= 0, !xs[left].isFinite { left -= 1 }
    var right = range.upperBound
    while right < xs.count, !xs[right].isFinite { right += 1 }
    let removed = entries.xGaps(from: max(left, 0), through: min(right, xs.count - 1))
    var kept = self
    if removed.smallest == smallest { kept.count -= removed.count }
    // The two sides now meet.
    var joined = XGaps()
    if left >= 0, right < xs.count, case let d = abs(xs[right] - xs[left]), d > 0 { joined = XGaps(smallest: d, count: 1) }
    if kept.count > 0 || smallest == .infinity { return kept.adding(joined) }
    // Every gap left is larger than the smallest was: one that is not larger is the new smallest.
    return joined.smallest <= smallest ? joined : nil
  }
}

extension EntryColumns {
  /// The smallest distance between consecutive finite x that differ (infinity when none do), from
  /// entry `start` on: for x in order, the smallest gap between two values; one pass, whatever the order.
  func consecutiveXGap(from start: Int = 0) -> Double { xGaps(from: start).smallest }

  /// `consecutiveXGap` and how many consecutive pairs lie that far apart, of the entries from
  /// `start` through `end` (to the last when nil).
  func xGaps(from start: Int = 0, through end: Int? = nil) -> XGaps {
    x.withUnsafeBufferPointer { all in
      let lo = min(max(0, start), all.count), hi = min(max(lo, (end ?? all.count - 1) + 1), all.count)
      let xs = UnsafeBufferPointer(rebasing: all[lo..<hi])
      var smallest = Double.infinity, count = 0
      var previous = Double.nan
      for v in xs where v.isFinite {
        let d = abs(v - previous)
        // The first finite value meets NaN (no gap); equal neighbours share a slot.
        if d > 0 {
          if d < smallest { (smallest, count) = (d, 1) } else if d == smallest { count += 1 }
        }
        previous = v
      }
      return XGaps(smallest: smallest, count: count)
    }
  }
}
