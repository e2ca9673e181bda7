/// Lists the regions of a chart state in z-order: the one place that decides what the SVG consists of.
public enum RegionPlan {
  /// The regions, back to front.
  public static func regions(_ model: ChartModel, _ layout: ChartLayout, _ aggregations: Aggregations) -> [RegionName] {
    let spec = model.spec
    var out: [RegionName] = [.accessibleTitle, .accessibleDescription, .definitions, .background]
    // One grid region draws every axis's lines in every pane: it goes over the data when any axis
    // drawn asks for that, a lower pane's as well as the main axes.
    let gridFront = spec.xAxis.common.gridInFront || spec.leftAxis.common.gridInFront || spec.rightAxis.common.gridInFront
      || spec.panes.prefix(spec.paneCount).dropFirst().contains { $0.axis.common.gridInFront }
    if spec.kind == .radar {
      // Web under the polygons; ring values, category and value labels over them (as iOS Charts).
      out.append(.radarWeb)
      for ds in spec.dataSets { out.append(.radarPolygon(dataSet: ds.id)) }
      out.append(.radarScale)
      out.append(.radarCategories)
      for ds in spec.dataSets where ds.valueLabels.show { out.append(.valueLabels(dataSet: ds.id)) }
    } else if spec.kind != .pie {
      if !gridFront { out.append(.grid) }
      out.append(.limitLines(front: false))
      for i in seriesDrawOrder(model) {
        let id = spec.dataSets[i].id
        for chunk in chunkSource(ofDataSet: i, id: id, model, aggregations).chunks { out.append(.series(dataSet: id, chunk: chunk)) }
      }
      for i in spec.dataSets.indices where spec.dataSets[i].valueLabels.show {
        out.append(.valueLabels(dataSet: spec.dataSets[i].id))
      }
      if gridFront { out.append(.grid) }
      out.append(.limitLines(front: true))
      if layout.x != nil { out.append(.xAxis) }
      if layout.left != nil { out.append(.leftAxis) }
      if layout.right != nil { out.append(.rightAxis) }
      for k in layout.panes.indices { out.append(.paneAxis(k + 1)) }
    } else {
      out.append(.pie)
    }
    // Over the plot and under the legend, which may lie inside the plot.
    if layout.noData != nil { out.append(.noData) }
    for item in layout.legend?.items ?? [] { out.append(.legendItem(legendKey(item))) }
    if layout.title != nil { out.append(.title) }
    out.append(.highlight)
    out.append(.marker)
    return out
  }

  /// What a data set's chunk regions divide: M4 columns when an aggregation draws it (or would,
  /// were it shown), otherwise its entries.
  enum ChunkSource {
    case columns(M4Aggregation)
    case hiddenColumns(count: Int)
    case entries(Range<Int>)

    /// The chunk regions' numbers.
    var chunks: Range<Int> {
      switch self {
      case .columns(let m4): 0..<m4.chunkCount
      case .hiddenColumns(let n): 0..<n
      case .entries(let numbers): numbers
      }
    }
  }

  /// The chunk source of data set `i`, whose id is `id`.
  static func chunkSource(ofDataSet i: Int, id: String, _ model: ChartModel, _ aggregations: Aggregations) -> ChunkSource {
    if let m4 = aggregations.aggregation(of: id) { return .columns(m4) }
    if let n = aggregations.hiddenChunkCount(of: id) { return .hiddenColumns(count: n) }
    return .entries(model.series[i].chunkNumbers)
  }

  /// Data set indices in drawing order: combined charts draw bar, bubble, line, candle, scatter.
  /// The sets of a stack are drawn top of the stack first, in the places the group takes: every
  /// line then lies over both bands it borders (bands only meet along lines), never under the
  /// band above it.
  public static func seriesDrawOrder(_ model: ChartModel) -> [Int] {
    var order = Array(model.spec.dataSets.indices)
    if model.spec.kind == .combined {
      order.sort {
        let a = model.seriesKind(of: $0)?.combinedOrder ?? 0, b = model.seriesKind(of: $1)?.combinedOrder ?? 0
        return a != b ? a < b : $0 < $1
      }
    }
    // Hidden members count, so a legend toggle never moves a region.
    var done = Set<Int>()
    for i in order where model.isStackedLine(i) && !done.contains(i) {
      guard let members = model.stackGroup(of: i, includingHidden: true)?.members else { continue }
      done.formUnion(members)
      let slots = order.indices.filter { members.contains(order[$0]) }
      for (slot, member) in zip(slots, members.reversed()) { order[slot] = member }
    }
    return order
  }

  /// Entries drawn by an absolute chunk. Line chunks start one entry early so that neighbouring chunks join.
  ///
  /// - Parameter m4: the data set's aggregation in `aggregations`, looked up by the caller (which
  ///   also reads it for the region's mode).
  public static func chunkIndices(_ model: ChartModel, dataSet i: Int, chunk: Int, _ aggregations: Aggregations,
                                  m4: M4Aggregation?) -> EntryIndices {
    let id = model.spec.dataSets[i].id
    if let m4 { return m4.indices(ofChunk: chunk) }
    // A hidden M4 set's chunks are numbered by columns, not entries; they draw nothing.
    if aggregations.hiddenChunkCount(of: id) != nil { return .list([]) }
    let r = model.series[i].localRange(ofChunk: chunk)
    let joined = model.seriesKind(of: i) == .line && r.lowerBound > 0 ? r.lowerBound - 1 : r.lowerBound
    return .range(joined..<r.upperBound)
  }

  public static func legendKey(_ item: LegendItemLayout) -> RegionName.LegendKey {
    if item.moreCount > 0 { return .more }
    if let id = item.dataSetID { return .dataSet(id) }
    return .entry(item.entryIndex ?? 0)
  }
}
