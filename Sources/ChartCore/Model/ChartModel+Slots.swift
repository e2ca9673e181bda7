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
  static let slotGaps = BoundedCache<UInt64, Double>(capacity: 256)

  /// X units per slot: `xAxis.slot`; on a `date` x axis, the smallest gap between consecutive x of
  /// the bar and candlestick data sets, hidden ones too (so that a toggle never resizes the others);
  /// else 1.
  public var slot: Double {
    if let s = spec.xAxis.slot { return s }
    guard case .date? = spec.xAxis.common.formatter else { return 1 }
    var smallest = Double.infinity
    for i in spec.dataSets.indices {
      guard let kind = seriesKind(of: i), kind == .bar || kind == .candlestick else { continue }
      smallest = min(smallest, consecutiveXGap(dataSet: i))
    }
    return smallest.isFinite ? smallest : Self.lonelyDateSlot
  }
}

extension ChartModel {
  /// `EntryColumns.consecutiveXGap` of data set `i`, from the cache: after an append, the gap of
  /// the state appended to (when known) with the appended entries read, not the whole column;
  /// after an update that left every x as it was, that state's gap.
  func consecutiveXGap(dataSet i: Int) -> Double {
    let entries = spec.dataSets[i].entries
    return Self.slotGaps.value(at: series[i], keeps: { if case .updated(_, sameX: true) = $0 { true } else { false } },
                               whole: { entries.consecutiveXGap() },
                               appended: { known, count in
      // The entries before `count` are that state's: its last finite x meets the first appended one.
      var start = min(count, entries.x.count) - 1
      while start > 0, !entries.x[start].isFinite { start -= 1 }
      return min(known, entries.consecutiveXGap(from: max(0, start)))
    })
  }
}

extension EntryColumns {
  /// The smallest distance between consecutive finite x that differ (infinity when none do), from
  /// entry `start` on: for x in order, the smallest gap between two values; one pass, whatever the order.
  func consecutiveXGap(from start: Int = 0) -> Double {
    x.withUnsafeBufferPointer { all in
      let xs = UnsafeBufferPointer(rebasing: all[min(max(0, start), all.count)...])
      var smallest = Double.infinity
      var previous = Double.nan
      for v in xs where v.isFinite {
        let d = abs(v - previous)
        // The first finite value meets NaN (no gap); equal neighbours share a slot.
        if d > 0, d < smallest { smallest = d }
        previous = v
      }
      return smallest
    }
  }
}
