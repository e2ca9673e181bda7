/// The largest bubble size of a data set, which gets the full diameter: every chunk, highlight and
/// hit test scales by it, so it is read once per data revision (and after an append, from the
/// appended sizes alone), not once per chunk drawn (a pan across a million bubbles read them a
/// thousand times).
extension ChartModel {
  /// Largest sizes already read, by data revision (0: none is positive and finite).
  static let largestSizes = BoundedCache<UInt64, Double>(capacity: 256, ceiling: ChartModel.setCacheCeiling)

  /// The largest finite positive size of data set `i` (`BubbleRenderer.largestSize`), or nil.
  public func largestBubbleSize(dataSet i: Int) -> Double? {
    guard let sizes = spec.dataSets[i].entries.size else { return nil }
    let largest = Self.largestSizes.value(at: series[i], whole: { BubbleRenderer.largestSize(sizes[...]) ?? 0 },
                                          appended: { known, count in
      max(known, BubbleRenderer.largestSize(sizes[min(count, sizes.count)...]) ?? 0)
    })
    return largest > 0 ? largest : nil
  }
}
