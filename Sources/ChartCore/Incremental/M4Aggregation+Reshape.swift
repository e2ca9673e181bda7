/// Columns brought up to date after a removal or an update in place of a range of entries
/// (`SeriesIndex.lastReshape`): a sliding window drops its oldest entry, a client corrects a value.
///
/// M4 data is sorted by x before and after (`applies`), so the entries of a column are one run and
/// the runs follow the columns in order: the columns a changed range touches are one span, and the
/// entries now in that span are one run of indices, found by bisection. Those columns are folded
/// again from their entries, as a fresh aggregation folds them; every other column keeps the
/// points it had (after a removal, at indices moved down), and its chunk is not drawn again.
extension M4Aggregation {
  /// Applies `change` to the columns, which hold the entries before `builtCount` of the shape
  /// before it; `e` is the entries after it. False (nothing changed) on a scale that is not linear,
  /// where columns are not found by bisection.
  mutating func catchUp(_ change: SeriesIndex.Reshape.Change, _ e: EntryColumns) -> Bool {
    guard case .linear = key.scale.transform else { return false }
    let built = builtCount
    switch change {
    case .removed(let range):
      // Entries appended since the columns were brought up to date are not in them yet.
      let gone = min(range.lowerBound, built)..<min(range.upperBound, built)
      // A run changes only where a removed entry was, and the columns that held one are `span`;
      // none when the removed entries were none of those kept (inside the run left of the plot).
      let span = slots(holding: gone)
      shiftIndices(from: range.upperBound, by: -range.count)
      builtCount = built <= range.lowerBound ? built : max(range.lowerBound, built - range.count)
      refold(span, e)
    case .updated(let range, _):
      let changed = min(range.lowerBound, built)..<min(range.upperBound, built)
      guard !changed.isEmpty else { return true }
      // Where the changed entries were (their columns say) and where they are now.
      var lo = Int.max, hi = Int.min
      if let old = slots(holding: changed) { lo = old.lowerBound; hi = old.upperBound }
      for i in changed {
        let slot = Self.column(ofX: e.x[i], key) + 1
        lo = min(lo, slot)
        hi = max(hi, slot)
      }
      refold(lo...hi, e)
    }
    return true
  }

  /// The span of slots (indices into `columns`) whose columns hold an entry of `indices`, or nil.
  ///
  /// A column inside the plot holds the run from its `first` to its `last` entry. A column outside
  /// it keeps one entry of its run (`first` = `last`): the others there draw nothing, and removing
  /// or moving them changes no column.
  private func slots(holding indices: Range<Int>) -> ClosedRange<Int>? {
    guard !indices.isEmpty else { return nil }
    var lo = Int.max, hi = Int.min
    columns.withUnsafeBufferPointer { cols in
      for s in cols.indices where cols[s].first >= 0 && cols[s].first < indices.upperBound && cols[s].last >= indices.lowerBound {
        lo = min(lo, s)
        hi = max(hi, s)
      }
    }
    return lo <= hi ? lo...hi : nil
  }

  /// Moves every kept index at or after `start` by `delta` (the entries after a removal).
  private mutating func shiftIndices(from start: Int, by delta: Int) {
    columns.withUnsafeMutableBufferPointer { cols in
      for s in cols.indices where cols[s].first >= 0 {
        if cols[s].first >= start { cols[s].first += delta }
        if cols[s].last >= start { cols[s].last += delta }
        if cols[s].low >= start { cols[s].low += delta }
        if cols[s].high >= start { cols[s].high += delta }
      }
    }
  }

  /// Folds the columns of `span` again from the entries (before `builtCount`) that lie in them
  /// now, and bumps their chunks, with the next chunk that draws after each (it starts its line at
  /// the last entry before it).
  ///
  /// Every chunk of the span is drawn again, its columns' indices the same or not: an update may
  /// move a kept entry without changing which entries are kept, and after a removal an index that
  /// named a removed entry names the one after it.
  private mutating func refold(_ span: ClosedRange<Int>?, _ e: EntryColumns) {
    guard let span else { return }
    for s in span { columns[s] = Column() }
    let (start, end) = run(ofColumns: (span.lowerBound - 1)...(span.upperBound - 1), e.x)
    if start < end {
      let key = key
      let extremes = extremes
      columns.withUnsafeMutableBufferPointer { Self.buildRuns(e.x, e.y, start..<end, key, extremes: extremes, into: $0) }
    }
    for chunk in (span.lowerBound / Self.columnsPerChunk)...(span.upperBound / Self.columnsPerChunk) {
      bump(chunk)
      if let next = nextDrawingChunk(after: chunk) { bump(next) }
    }
    if span.upperBound >= lastFilledSlot { lastFilledSlot = columns.lastIndex { $0.first >= 0 } ?? -1 }
  }

  /// The entries before `builtCount` whose column lies in `columns`: one run, as the column of an
  /// entry never decreases with its index (nor increases, on an inverted scale).
  private func run(ofColumns columns: ClosedRange<Int>, _ xs: EntryColumn<Double>) -> (start: Int, end: Int) {
    let n = builtCount
    guard n > 0 else { return (0, 0) }
    let ascending = Self.column(ofX: xs[0], key) <= Self.column(ofX: xs[n - 1], key)
    // The first index where `past` holds; it holds from there on.
    func first(_ past: (Int) -> Bool) -> Int {
      var lo = 0, hi = n
      while lo < hi {
        let mid = lo + (hi - lo) / 2
        if past(Self.column(ofX: xs[mid], key)) { hi = mid } else { lo = mid + 1 }
      }
      return lo
    }
    return ascending
      ? (first { $0 >= columns.lowerBound }, first { $0 > columns.upperBound })
      : (first { $0 <= columns.upperBound }, first { $0 < columns.lowerBound })
  }
}
