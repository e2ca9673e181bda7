/// The only ways a model changes; each keeps the data set's index in step with its entries.
///
/// Callers (the document's edit application) validate first: these assume valid arguments.
extension ChartModel {
  /// Replaces the whole spec, reusing the indexes of data sets whose entries did not change.
  public mutating func replaceSpec(_ new: ChartSpec) {
    let old = self
    spec = new
    theme = Theme.named(new.theme)
    ids = DataSetIDs(new.dataSets) { $0.id }
    series = new.dataSets.map { ds in
      if new.largeData.chunkSize == old.spec.largeData.chunkSize, let j = old.dataSetIndex(id: ds.id),
         old.spec.dataSets[j].entryOffset == ds.entryOffset, old.spec.dataSets[j].entries == ds.entries {
        return old.series[j]
      }
      return SeriesIndex(chunkSize: new.largeData.chunkSize, dataSet: ds)
    }
  }

  /// Appends entries; with `maxEntries`, the oldest entries beyond it drop out (sliding window).
  public mutating func appendEntries(dataSet i: Int, _ entries: EntryColumns, maxEntries: Int?) {
    let old = spec.dataSets[i].entries.count
    spec.dataSets[i].entries.append(contentsOf: entries)
    series[i].didAppend(spec.dataSets[i].entries, oldCount: old)
    if let maxEntries, spec.dataSets[i].entries.count > maxEntries {
      removeEntries(dataSet: i, start: 0, count: spec.dataSets[i].entries.count - maxEntries)
    }
  }

  public mutating func removeEntries(dataSet i: Int, start: Int, count: Int) {
    guard count > 0 else { return }
    // Worked out while the entries are still there: after the removal they are not.
    let gaps = xGaps(dataSet: i, removing: start..<(start + count))
    spec.dataSets[i].entries.removeSubrange(start..<(start + count))
    if start == 0 {
      droppedFront(count, dataSet: i)
    } else {
      series[i].didRemove(start..<(start + count), spec.dataSets[i].entries)
    }
    if let gaps { keep(gaps, dataSet: i) }
    entriesRemoved(start..<(start + count), dataSet: i)
  }

  public mutating func updateEntries(dataSet i: Int, start: Int, _ entries: EntryColumns) {
    guard !entries.isEmpty else { return }
    let range = start..<(start + entries.count)
    // Told to the index: what depends on x alone (the slot's gap) then stays.
    let sameX = spec.dataSets[i].entries.x[range].elementsEqual(entries.x) { $0.bitPattern == $1.bitPattern }
    spec.dataSets[i].entries.replace(from: start, with: entries)
    series[i].didUpdate(range, spec.dataSets[i].entries, sameX: sameX)
  }

  /// New entries numbered from 0 again: they replace the data, not a window onto it.
  public mutating func replaceEntries(dataSet i: Int, _ entries: EntryColumns) {
    spec.dataSets[i].entries = entries
    spec.dataSets[i].entryOffset = 0
    series[i] = SeriesIndex(chunkSize: spec.largeData.chunkSize, dataSet: spec.dataSets[i])
  }

  public mutating func insertDataSet(_ ds: DataSetSpec, at index: Int) {
    spec.dataSets.insert(ds, at: index)
    series.insert(SeriesIndex(chunkSize: spec.largeData.chunkSize, dataSet: ds), at: index)
    ids = DataSetIDs(spec.dataSets) { $0.id }
  }

  public mutating func removeDataSet(at index: Int) {
    spec.dataSets.remove(at: index)
    series.remove(at: index)
    ids = DataSetIDs(spec.dataSets) { $0.id }
  }

  public mutating func replaceDataSet(at index: Int, with ds: DataSetSpec) {
    let old = spec.dataSets[index]
    let sameEntries = old.entryOffset == ds.entryOffset && old.entries == ds.entries
    spec.dataSets[index] = ds
    if old.id != ds.id { ids = DataSetIDs(spec.dataSets) { $0.id } }
    if !sameEntries { series[index] = SeriesIndex(chunkSize: spec.largeData.chunkSize, dataSet: ds) }
  }

  public mutating func setVisibility(dataSet i: Int, _ visible: Bool) { spec.dataSets[i].visible = visible }

  /// Shows or hides one entry (a pie slice); `hiddenEntries` stays sorted and free of repeats.
  public mutating func setVisibility(dataSet i: Int, entry: Int, _ visible: Bool) {
    var hidden = Set(spec.dataSets[i].hiddenEntries)
    if visible { hidden.remove(entry) } else { hidden.insert(entry) }
    let sorted = hidden.sorted()
    if sorted != spec.dataSets[i].hiddenEntries { spec.dataSets[i].hiddenEntries = sorted }
  }

  public mutating func setHighlights(_ highlights: [HighlightSpec]) { spec.highlights = highlights }

  /// Drops highlights whose data set, entry or stack segment an edit removed: a highlight always
  /// names something, so the document's spec stays one that a client could send back.
  public mutating func dropStaleHighlights() {
    guard !spec.highlights.isEmpty else { return }
    let kept = spec.highlights.filter { spec.problem(with: $0) == nil }
    if kept.count != spec.highlights.count { spec.highlights = kept }
  }

  /// What names entries of data set `i` by index follows them past the removal of `removed`:
  /// a highlight or hidden slice of a removed entry is dropped with it, one of a later entry moves
  /// down with that entry (so it names the same entry, not the one that slid into its place).
  private mutating func entriesRemoved(_ removed: Range<Int>, dataSet i: Int) {
    let id = spec.dataSets[i].id
    if spec.highlights.contains(where: { $0.dataSet == id && $0.index >= removed.lowerBound }) {
      spec.highlights = spec.highlights.compactMap { h in
        guard h.dataSet == id, h.index >= removed.lowerBound else { return h }
        guard h.index >= removed.upperBound else { return nil }
        var moved = h
        moved.index -= removed.count
        return moved
      }
    }
    let hidden = spec.dataSets[i].hiddenEntries
    if let last = hidden.last, last >= removed.lowerBound {
      // Stays sorted and free of repeats: removal keeps the order of what is left.
      spec.dataSets[i].hiddenEntries = hidden.compactMap { k in
        k < removed.lowerBound ? k : k < removed.upperBound ? nil : k - removed.count
      }
    }
  }

  public mutating func setViewport(_ viewport: Viewport?) { spec.viewport = viewport }

  public mutating func resize(width: Double, height: Double) {
    spec.width = width
    spec.height = height
  }

  /// `k` entries left the front of data set `i`: its `entryOffset` counts them, up to the largest
  /// offset a spec may give (beyond it the numbering stops advancing and the index is rebuilt to
  /// match, so the document stays one that a spec read from scratch reproduces).
  private mutating func droppedFront(_ k: Int, dataSet i: Int) {
    let limit = DataSetSpec.entryOffsetRange.upperBound
    let offset = spec.dataSets[i].entryOffset
    if offset <= limit - k {
      spec.dataSets[i].entryOffset = offset + k
      series[i].didDropFront(k, spec.dataSets[i].entries)
    } else {
      spec.dataSets[i].entryOffset = limit
      series[i] = SeriesIndex(chunkSize: spec.largeData.chunkSize, dataSet: spec.dataSets[i])
    }
  }
}
