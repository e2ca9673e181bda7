/// The legend's "+N more" item: what it stands for, so that a client can offer those items elsewhere.
extension HitTester {
  /// Most items a `legendMore` target lists: as many as a legend shows at most; `count` says how many there are.
  public static let maxListed = LegendLayouter.maxItems

  /// The `legendMore` target of a legend that shows its first `shown` entries and summarises the
  /// next `count`: the first `maxListed` of them, each with what it toggles.
  static func moreHit(_ model: ChartModel, shown: Int, count: Int) -> HitTarget {
    let listed = LegendLayouter.entries(model, limit: shown + min(count, maxListed)).dropFirst(shown)
    // A pie's items name its data set, as `legendItem` targets do (their `index` is the slice); a
    // stacked bar's stack-label items toggle nothing and name none, so a menu can leave them out.
    let owner = model.spec.kind == .pie ? model.spec.dataSets.first?.id : nil
    var target = HitTarget(kind: .legendMore)
    target.count = count
    target.items = listed.map {
      HitTarget.LegendItem(dataSet: $0.dataSetID ?? owner, index: $0.entryIndex, label: $0.label, hidden: $0.dimmed)
    }
    return target
  }
}
