/// Limits on what one spec or edit may hold. (Temporary: replaced by the spec work's version.)
public struct SpecLimits: Sendable, Equatable {
  public var maxEntriesPerDataSet: Int = 10_000_000
  public var maxDataSets: Int = 1_000
  public var maxLabelBytes: Int = 10_000
  public init() {}
}
