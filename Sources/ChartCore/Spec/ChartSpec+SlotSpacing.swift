import ChartdJSON

/// Bars and candles sit in slots one x unit wide (protocol/spec/axes.md, "Slots"), or `xAxis.slot`
/// units: x values far apart leave each mark a sliver of the room between them, which is almost
/// always Unix times or other measures given where indices were meant. The spec reader warns about
/// it. On a `date` x axis without `slot` the slot is the data's own spacing: nothing to warn about.
extension ChartSpec {
  /// The closest two x values of a bar or candle data set may lie before the reader warns: a mark
  /// then fills at most 1/20 of the room between its neighbours.
  static let sparseSlotGap = 20.0

  /// Warns at the entries of every bar or candle data set whose closest x values lie
  /// `sparseSlotGap` or more apart.
  func checkSlotSpacing(at path: JSONPointer, log: DiagnosticLog, facts: EntryFacts) {
    if xAxis.slot == nil, case .date? = xAxis.common.formatter { return }
    let slot = xAxis.slot ?? 1
    for (i, ds) in dataSets.enumerated() {
      guard let drawn = ds.seriesKind(in: kind), drawn == .bar || drawn == .candlestick,
            let gap = facts.smallestXGap(ds), gap / slot >= Self.sparseSlotGap else { continue }
      let mark = drawn == .bar ? "bar" : "candle"
      let apart = ValueFormatter.format(gap, nil), share = ValueFormatter.format(gap / slot, nil)
      let within = slot == 1 ? "1 x unit" : "1 slot of \(ValueFormatter.format(slot, nil)) x units (xAxis.slot)"
      log.warning(path / "dataSets" / i / "entries",
                  "each \(mark) is drawn within \(within), and these x values lie \(apart) or more apart: a \(mark) fills "
                  + "no more than 1/\(share) of the room between them. Give x as indices 0, 1, 2, … and name them with "
                  + "a 'category' or 'indexDate' x format, or Unix times in seconds with a 'date' x format")
    }
  }
}

extension EntryColumns {
  /// Entries whose x are out of order are sorted to find their closest pair only up to this many:
  /// the check runs on every read of the spec, a language server's keystroke too, where sorting a
  /// larger column would cost more than the rest of the read (x in order cost one pass at any size).
  static let gapSortLimit = 10_000

  /// The smallest distance between two different finite x values (at most the largest double); nil
  /// when there are fewer than two, or when unsorted x are too many to sort for it.
  func smallestXGap() -> Double? {
    if case .sorted(let gap) = x.withUnsafeBufferPointer({ Self.gapScan($0) }) { return gap }
    guard x.count <= Self.gapSortLimit else { return nil }
    let sorted = x.filter(\.isFinite).sorted()
    guard case .sorted(let gap) = sorted.withUnsafeBufferPointer({ Self.gapScan($0) }) else { return nil }
    return gap
  }

  /// What one pass over x values finds: they decrease somewhere, or the smallest gap of sorted values.
  private enum GapScan {
    case unsorted
    /// The smallest difference between neighbours that differ (nil when fewer than two differ).
    case sorted(Double?)
  }

  /// One pass over `xs`, skipping values that are not finite.
  private static func gapScan(_ xs: UnsafeBufferPointer<Double>) -> GapScan {
    var previous: Double? = nil
    var smallest = Double.infinity
    for v in xs where v.isFinite {
      if let p = previous {
        if v < p { return .unsorted }
        // Two finite doubles can lie further apart than the largest double: that counts as the largest.
        if v > p { smallest = min(smallest, min(v - p, .greatestFiniteMagnitude)) }
      }
      previous = v
    }
    return .sorted(smallest.isFinite ? smallest : nil)
  }
}
