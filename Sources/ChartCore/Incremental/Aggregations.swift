/// M4 aggregations of every data set drawn through M4, by data set id.
public struct Aggregations: Sendable {
  var byDataSet: [String: M4Aggregation] = [:]
  /// Chunk regions of hidden data sets that M4 would draw: as many as their aggregation would
  /// have, so that a toggle keeps the region ids. A hidden chunk draws nothing, so it needs no columns.
  var hiddenChunkCounts: [String: Int] = [:]
  /// The last aggregation of each hidden data set, built for the layout it was drawn with: kept
  /// so that showing the set again folds in what changed meanwhile (nothing, for a legend toggle)
  /// instead of rescanning every entry. Never drawn; only `update` reads it.
  var parked: [String: M4Aggregation] = [:]

  public init() {}

  /// Computes them from scratch (full renders).
  public static func compute(_ model: ChartModel, _ layout: ChartLayout) -> Aggregations {
    var out = Aggregations()
    out.update(model, layout)
    return out
  }

  /// Updates them after a change: appends are folded in, anything else rebuilds that data set's.
  ///
  /// What is drawn depends only on `model` and `layout` (a parked aggregation is reused only when
  /// `M4Aggregation.update` finds its key still valid), so this equals `compute` for the same state.
  public mutating func update(_ model: ChartModel, _ layout: ChartLayout) {
    if updateInPlace(model, layout) { return }
    // Taken out of `self` first, so that each previous aggregation is held only here and an append
    // folds into its columns without copying them.
    var old = Aggregations()
    swap(&old, &self)
    for i in model.spec.dataSets.indices where M4Aggregation.applies(model, dataSet: i) {
      let id = model.spec.dataSets[i].id
      let key = M4Aggregation.key(model, layout, dataSet: i)
      var previous = old.byDataSet.removeValue(forKey: id) ?? old.parked.removeValue(forKey: id)
      guard model.spec.dataSets[i].visible else {
        // Hiding moves the domains, and so the key, more often than not (hiding the only set
        // leaves no x axis at all): bringing the columns up to date now would rescan for nothing.
        if let key { hiddenChunkCounts[id] = M4Aggregation.chunkCount(columns: key.columns) }
        parked[id] = previous
        continue
      }
      guard let key else { continue }
      let entries = model.spec.dataSets[i].entries
      var extremes: M4BlockExtremes? = nil
      if var kept = previous {
        previous = nil
        if kept.update(for: key, entries: entries, index: model.series[i]) {
          byDataSet[id] = kept
          continue
        }
        extremes = kept.extremes
      }
      byDataSet[id] = Self.rebuilt(key, entries, model.series[i], extremes: extremes)
    }
  }

  /// A new aggregation for `key`, handed `extremes` (brought up to date with the entries by the
  /// aggregation it replaces), or new ones where the scale is linear and there are none.
  private static func rebuilt(_ key: M4Aggregation.Key, _ entries: EntryColumns, _ index: SeriesIndex,
                              extremes: M4BlockExtremes?) -> M4Aggregation {
    var extremes = extremes
    if case .linear = key.scale.transform {
      if extremes == nil { extremes = M4BlockExtremes(entries, index: index) }
    } else {
      extremes = nil  // runs are folded entry by entry there
    }
    return M4Aggregation(key: key, entries: entries, shape: index.reshapeRevision, extremes: extremes)
  }

  /// `update` where it keeps the same data sets: every set M4 draws is shown, has a key and has an
  /// aggregation here, and no other has one, none is parked and none hidden. Each is then brought up
  /// to date where it stands (rebuilt where it cannot be), as `update` would bring it; the
  /// dictionaries are not made anew and each set's id is hashed once. False otherwise, when
  /// `update` is to go on: the sets brought up to date before it turned out so are what it would
  /// make of them, and bringing them up to date again changes nothing.
  private mutating func updateInPlace(_ model: ChartModel, _ layout: ChartLayout) -> Bool {
    guard parked.isEmpty, hiddenChunkCounts.isEmpty else { return false }
    let sets = model.spec.dataSets
    var drawn = 0
    for i in sets.indices where M4Aggregation.applies(model, dataSet: i) {
      guard sets[i].visible, let key = M4Aggregation.key(model, layout, dataSet: i) else { return false }
      switch byDataSet[sets[i].id]?.update(for: key, entries: sets[i].entries, index: model.series[i]) {
      case nil: return false
      case false?:
        // Taken out first: the new aggregation then holds the extremes alone (no copy at the next append).
        let old = byDataSet.removeValue(forKey: sets[i].id)
        byDataSet[sets[i].id] = Self.rebuilt(key, sets[i].entries, model.series[i], extremes: old?.extremes)
      case true?: break
      }
      drawn += 1
    }
    return drawn == byDataSet.count
  }

  /// The aggregation a visible data set is drawn with, if it is drawn through M4.
  public func aggregation(of id: String) -> M4Aggregation? { byDataSet[id] }

  /// How many chunk regions a hidden data set has when M4 would draw it (nil otherwise).
  public func hiddenChunkCount(of id: String) -> Int? { hiddenChunkCounts[id] }
}
