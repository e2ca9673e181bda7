/// Limits on what one spec or edit may hold, so that a hostile or mistaken request is refused with a
/// message naming the limit instead of exhausting memory or time.
///
/// The server advertises them in `initialize` (`capabilities.chart.limits`); each parse takes them as
/// an argument so that tests and embedders can choose smaller ones.
public struct SpecLimits: Sendable, Equatable {
  /// Most entries one data set may hold (in a spec, or added by one edit).
  public var maxEntriesPerDataSet: Int
  /// Most data sets one chart may have.
  public var maxDataSets: Int
  /// Longest string (UTF-8 bytes) for ids, labels, titles and descriptions.
  public var maxLabelBytes: Int

  public init(maxEntriesPerDataSet: Int = 10_000_000, maxDataSets: Int = 1_000, maxLabelBytes: Int = 10_000) {
    self.maxEntriesPerDataSet = maxEntriesPerDataSet
    self.maxDataSets = maxDataSets
    self.maxLabelBytes = maxLabelBytes
  }

  /// The message for a count above a limit, naming the limit so the client knows what to change.
  static func exceeded(_ what: String, count: Int, limit: String, value: Int) -> String {
    "\(what) \(count) exceeds the limit \(limit) = \(value)"
  }
}
