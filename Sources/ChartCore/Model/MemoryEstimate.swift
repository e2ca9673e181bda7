/// What a document's entries cost in memory while it is opened or changed, per entry, by how they
/// are drawn: their columns, their index and the markup of their regions, with the transient copies
/// of a full render (the SVG text and its answer).
///
/// The figures are peak resident bytes measured on release builds (protocol/transport.md, "Memory"),
/// rounded up; the server checks them against `--max-memory` before a document grows.
public enum MemoryEstimate {
  /// Peak bytes per entry drawn as `kind` (nil: pie slices); `aggregated` for M4 lines.
  public static func bytesPerEntry(_ kind: SeriesKind?, aggregated: Bool) -> Int {
    switch kind {
    case .line?: return aggregated ? 48 : 360
    case .scatter?: return 160
    case .bar?: return 680
    case .bubble?: return 720
    case .candlestick?: return 960
    case nil: return 1_000
    }
  }

  /// Peak bytes of `count` entries drawn as `kind` in a chart with `largeData`.
  public static func bytes(count: Int, kind: SeriesKind?, largeData: LargeDataSpec) -> Int {
    // Lines above the threshold are drawn through M4 when they can be; assume they can.
    let aggregated = kind == .line && largeData.mode == .auto && count > largeData.threshold
    return count.multipliedReportingOverflow(by: bytesPerEntry(kind, aggregated: aggregated)).partialValue
  }

  /// Peak bytes of every data set of `spec`.
  public static func bytes(of spec: ChartSpec) -> Int {
    // By position: each data set read in place, not copied out (a retain per column).
    spec.dataSets.indices.reduce(0) {
      $0 + bytes(count: spec.dataSets[$1].entries.count, kind: spec.dataSets[$1].seriesKind(in: spec.kind), largeData: spec.largeData)
    }
  }
}

extension ChartDocument {
  /// Peak bytes the document would need to grow by for `plans` (0 when it shrinks).
  public func estimatedGrowth(_ plans: [EditPlan]) -> Int {
    guard let shape = plans.last?.shape else { return 0 }
    let largeData = model.spec.largeData
    let after = shape.sets.reduce(0) { $0 + MemoryEstimate.bytes(count: $1.count, kind: $1.drawn, largeData: largeData) }
    return max(0, after - MemoryEstimate.bytes(of: model.spec))
  }
}
