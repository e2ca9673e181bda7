/// What the model knows of its data sets' entries without reading them again, for a spec read that
/// keeps them (`mergeSpec`): the reader's checks of whole data sets then cost O(chunks), not O(entries).
extension ChartModel {
  /// Smallest gaps between different x (`EntryColumns.smallestXGap`), by the data revision they
  /// were read at: restyling a large bar chart again and again reads its x once.
  static let smallestGaps = BoundedCache<UInt64, Double?>(capacity: 256, ceiling: ChartModel.setCacheCeiling)

  /// The facts of a data set this model holds (by id, with as many entries), from its index and the
  /// cache; any other data set's are read from its entries.
  public var entryFacts: EntryFacts {
    let model = self
    func held(_ ds: DataSetSpec) -> Int? {
      guard let i = model.dataSetIndex(id: ds.id), model.spec.dataSets[i].entries.count == ds.entries.count else { return nil }
      return i
    }
    return EntryFacts(
      smallestXGap: { ds in
        guard let i = held(ds) else { return ds.entries.smallestXGap() }
        return Self.smallestGaps.value(model.series[i].dataRevision) { ds.entries.smallestXGap() }
      },
      xExtremes: { ds in
        guard let i = held(ds) else { return ds.entries.xExtremes() }
        return model.series[i].xRange.map { ($0.lowerBound, $0.upperBound) } ?? (.infinity, -.infinity)
      })
  }
}
