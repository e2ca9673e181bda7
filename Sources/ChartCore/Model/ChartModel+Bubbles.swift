/// The largest bubble size of a data set, which gets the full diameter: every chunk, highlight and
/// hit test scales by it, so it is read once per data revision (and after an append, from the
/// appended sizes alone), not once per chunk drawn (a pan across a million bubbles read them a
/// thousand times).
extension ChartModel {
  /// Largest sizes already read, by data revision (0: none is positive and finite).
  static let largestSizes = BoundedCache<UInt64, Double>(capacity: 256)

  /// The largest finite positive size of data set `i` (`BubbleRenderer.largestSize`), or nil.
  public func largestBubbleSize(dataSet i: Int) -> Double? {
    let index = series[i], entries = spec.dataSets[i].entries
    guard let sizes = entries.size else { return nil }
    let largest = Self.largestSizes.value(index.dataRevision) {
      if let before = index.appendedTo, let known = Self.largestSizes.known(before.revision), before.count <= sizes.count {
        return max(known, BubbleRenderer.largestSize(sizes[before.count...]) ?? 0)
      }
      return BubbleRenderer.largestSize(sizes[...]) ?? 0
    }
    return largest > 0 ? largest : nil
  }
}
