/// What the spec reader's checks of whole data sets (`checkSlotSpacing`, `checkDateUnits`) read of
/// a data set's entries: read from the entries, or told by a document that keeps the data sets and
/// knows them already (a `mergeSpec` of the title keeps millions of entries, which those checks
/// would otherwise read again at every such edit).
public struct EntryFacts {
  /// `EntryColumns.smallestXGap()` of the data set's entries.
  let smallestXGap: (DataSetSpec) -> Double?
  /// The lowest and highest finite x of the data set's entries; (∞, -∞) when there is none.
  let xExtremes: (DataSetSpec) -> (lo: Double, hi: Double)

  public init(smallestXGap: @escaping (DataSetSpec) -> Double?, xExtremes: @escaping (DataSetSpec) -> (lo: Double, hi: Double)) {
    self.smallestXGap = smallestXGap
    self.xExtremes = xExtremes
  }

  /// Read from the entries.
  public static var fromEntries: EntryFacts {
    EntryFacts(smallestXGap: { $0.entries.smallestXGap() }, xExtremes: { $0.entries.xExtremes() })
  }
}

extension EntryColumns {
  /// The lowest and highest finite x; (∞, -∞) when there is none.
  public func xExtremes() -> (lo: Double, hi: Double) {
    x.withUnsafeBufferPointer { ColumnScan.extremes($0, 0..<$0.count) }
  }
}
