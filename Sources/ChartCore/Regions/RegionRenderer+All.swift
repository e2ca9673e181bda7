/// Renders many regions at once, on every core when there is enough work to share.
extension RegionRenderer {
  /// Below this many regions to render, one thread renders them all.
  static let parallelRegions = 8
  /// Below this many entries in the chart, one thread renders every region: small charts render
  /// in tenths of a millisecond, about what waking another thread costs.
  static let parallelEntries = 5_000

  /// Whether the chart is large enough for its regions to be rendered side by side.
  static func mayRenderSideBySide(_ model: ChartModel) -> Bool {
    var entries = 0
    for d in model.spec.dataSets {
      entries += d.entries.count
      if entries >= parallelEntries { return true }
    }
    return false
  }

  /// The markup of each of `names`, in order: what `render` gives for each, the regions of a large
  /// chart rendered side by side (a full render of a large line, or its regions after a zoom).
  /// Renderers are pure functions of their arguments, so the order they run in cannot show.
  static func renderAll(_ names: [RegionName], prefix: String, model: ChartModel, layout: ChartLayout,
                        aggregations: Aggregations) -> [String] {
    var none: StraightPathMemos? = nil
    return renderAll(names, prefix: prefix, model: model, layout: layout, aggregations: aggregations, memos: &none)
  }

  /// `renderAll` with the checkpoints of straight line chunks drawn before: they serve the regions
  /// rendered one after another (a few: an append's), not those rendered side by side. `ids`: the
  /// regions' element ids, when the caller holds them.
  static func renderAll(_ names: [RegionName], ids: [String]? = nil, prefix: String, model: ChartModel, layout: ChartLayout,
                        aggregations: Aggregations, memos: inout StraightPathMemos?) -> [String] {
    guard names.count >= parallelRegions, mayRenderSideBySide(model) else {
      return names.indices.map { k in
        render(names[k], id: ids?[k], prefix: prefix, model: model, layout: layout, aggregations: aggregations, memos: &memos)
      }
    }
    var out = [String](repeating: "", count: names.count)
    out.withUnsafeMutableBufferPointer { buffer in
      let writes = DisjointWrites(buffer: buffer)
      // One iteration per region, handed to whichever thread is free: regions differ in cost
      // (a chunk of a line, an axis), so fixed halves would leave one thread waiting.
      ColumnScan.inParts(names.count) { k in
        var none: StraightPathMemos? = nil
        writes.buffer[k] = render(names[k], id: ids?[k], prefix: prefix, model: model, layout: layout,
                                  aggregations: aggregations, memos: &none)
      }
    }
    return out
  }
}
