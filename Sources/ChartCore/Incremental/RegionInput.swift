/// What a region's markup depends on, compared by value to decide whether to re-render it.
///
/// Series chunks use a cheap form (the layer's epoch and the chunk's data revision) because a
/// large layer has hundreds of chunks; every other region lists the values its renderer reads.
enum RegionInput: Equatable, Sendable {
  case chunk(layer: UInt64, revision: UInt64)
  /// A chunk of a stacked line: it also reads the chunks of the other sets of its stack (those
  /// below it, or the whole group in percent mode) whose x extent meets its own (`StackReads`).
  case stackedChunk(layer: UInt64, revision: UInt64, others: StackReads)
  /// A chunk whose marks all lie beyond the plot along x (`RegionRenderer.chunkDrawsNothing`): an
  /// empty group clipped to its pane, however the scales moved (a pan redraws only what is in view).
  case emptyChunk(pane: Int)
  case values([AnyEquatable])
}

/// Decides, in one place, what every region reads. A region is re-rendered exactly when its input
/// differs from the input it was last rendered with.
///
/// - Important: when a renderer starts reading a new value, add it here; the patch property test
///   fails otherwise (a patch would miss a change that a full render shows).
///
/// A class, made once per update, so that reading an input can keep the series cache below without
/// a mutating method (which copied the whole model, and retained each reference in it, per call).
final class RegionInputs {
  let model: ChartModel
  let layout: ChartLayout
  /// Layer epochs by data set id, computed by `ChartDocument` from `layerKey`.
  let layerEpochs: [String: UInt64]
  let aggregations: Aggregations
  /// The axis tooltip, resolved once per update (nil without `marker.trigger: "axis"` or a highlight).
  let axisTooltip: AxisTooltip?
  /// Names `highlightSceneKey` of this update, computed by `ChartDocument`: the same epoch, the same key.
  let highlightScene: UInt64
  /// What the last series chunk's data set resolved to: a layer's chunks come one after another,
  /// so each chunk after the first looks nothing up by id and works out no stack group.
  private var lastSeries: Series?
  /// What stacked chunks' reads worked out in this update (`stackReads`; nil until one asks).
  var stackReadMemo: StackReads.Memo?

  /// A data set's layer, as its chunks' inputs read it.
  private final class Series {
    let id: String
    let index: Int
    let aggregation: M4Aggregation?
    let epoch: UInt64
    /// The stack group of a visible stacked line (nil otherwise).
    let stack: StackGroup?
    /// For a shown set of marks drawn entry by entry (not lines, not M4, not a stacked line): what
    /// its chunks are drawn with, for the look at whether a chunk lies beyond the plot. (A reference:
    /// a context held inline was copied with every series of every update, lines' too.)
    let outside: OutsideLook?

    init(id: String, index: Int, aggregation: M4Aggregation?, epoch: UInt64, stack: StackGroup?, outside: OutsideLook?) {
      self.id = id
      self.index = index
      self.aggregation = aggregation
      self.epoch = epoch
      self.stack = stack
      self.outside = outside
    }
  }

  init(model: ChartModel, layout: ChartLayout, layerEpochs: [String: UInt64], aggregations: Aggregations,
       highlightScene: UInt64) {
    self.model = model
    self.layout = layout
    self.layerEpochs = layerEpochs
    self.aggregations = aggregations
    self.highlightScene = highlightScene
    axisTooltip = model.spec.usesAxisTooltip && !model.spec.highlights.isEmpty ? AxisTooltip.resolve(model, layout) : nil
  }

  func input(for name: RegionName) -> RegionInput {
    // Fields are read in place: a local copy of the spec or the layout is a retain, for every region.
    switch name {
    case .accessibleTitle:
      return .values(inputs(model.spec.title, model.spec.kind))
    case .accessibleDescription:
      return .values(inputs(model.spec.description, model.spec.kind, model.spec.dataSets.filter(\.visible).map(\.label),
                      layout.x?.scale, layout.left?.scale, layout.right?.scale, model.spec.locale, layout.radar?.geometry.domainMin,
                      layout.radar?.geometry.domainMax, layout.radar?.geometry.spokes, model.spec.stackMode,
                      ChartSummary.stackedLabels(model)))
    case .definitions:
      return .values(inputs(layout.paneRects))
    case .background:
      return .values(inputs(layout.canvas, layout.theme.background))
    case .grid:
      return .values(inputs(layout.x, layout.left, layout.right, layout.plot, layout.panes, layout.theme, layout.horizontal,
                            model.spec.xAxis, model.spec.leftAxis, model.spec.rightAxis))
    case .limitLines:
      // Without limit lines the region is empty whatever the scales do.
      guard !model.spec.limitLines.isEmpty else { return .values([]) }
      // Lines of lower panes read those panes' rectangles and axes too.
      let panes = model.spec.limitLines.contains { $0.pane > 0 } ? layout.panes : []
      return .values(inputs(model.spec.limitLines, layout.x, layout.left, layout.right, layout.plot, layout.theme,
                            layout.horizontal, model.spec.fontSize, model.spec.locale, panes, model.spec.paneCount))
    case .series(let id, let chunk):
      return seriesInput(dataSet: id, chunk: chunk)
    case .valueLabels(let id):
      guard let i = model.dataSetIndex(id: id) else { return .values([]) }
      return .values(inputs(layerEpochs[id] ?? 0, model.series[i].dataRevision, model.spec.xAxis.common.formatter,
                      model.spec.leftAxis.common.formatter, model.spec.rightAxis.common.formatter, stackDataRevisions(dataSet: i)))
    case .pie:
      return .values(inputs(model.spec.dataSets.first, model.spec.pie, layout.pie, layout.theme, model.spec.locale,
                            model.spec.fontSize, model.spec.legend))
    case .radarWeb:
      var web = model.spec.radar
      web.categories = []  // the web reads their count (in the geometry), not their text
      return .values(inputs(layout.radar?.geometry, layout.radar?.rings.map(\.position), web.drawWeb, web.webLineWidth,
                            web.innerWebLineWidth, web.webColor, web.innerWebColor, web.webOpacity,
                            web.skipWebLineCount, layout.theme))
    case .radarPolygon(let id):
      guard let i = model.dataSetIndex(id: id) else { return .values([]) }
      // Its accessible label names each vertex by its category.
      return .values(inputs(layerEpochs[id] ?? 0, model.series[i].dataRevision, model.spec.radar.categories))
    case .radarScale:
      return .values(inputs(layout.radar?.geometry, layout.radar?.rings, layout.radar?.ringFontSize,
                            model.spec.radar.drawRingLabels, layout.theme))
    case .radarCategories:
      return .values(inputs(layout.radar?.labels, layout.radar?.labelFontSize, model.spec.radar.labelColor, layout.theme))
    case .xAxis:
      return .values(inputs(layout.x, layout.frame, layout.theme, layout.horizontal, layout.canvas, model.spec.xAxis,
                            model.spec.fontSize))
    case .leftAxis:
      return .values(inputs(layout.left, layout.plot, layout.theme, layout.horizontal, layout.canvas,
                            model.spec.leftAxis, model.spec.fontSize))
    case .rightAxis:
      return .values(inputs(layout.right, layout.plot, layout.theme, layout.horizontal, layout.canvas,
                            model.spec.rightAxis, model.spec.fontSize))
    case .paneAxis(let k):
      guard k >= 1, k <= layout.panes.count else { return .values([]) }
      return .values(inputs(layout.panes[k - 1], layout.theme, layout.horizontal, layout.canvas,
                            model.spec.valueAxisSpec(.pane(k)), model.spec.fontSize))
    case .legendItem(let key):
      let item = layout.legend?.items.first { RegionPlan.legendKey($0) == key }
      // A gradient's direction in the form follows the bars' (upright or rightward).
      return .values(inputs(item, layout.legend?.fontSize, model.spec.legend, layout.theme, model.spec.fontSize,
                            item?.gradient != nil && layout.horizontal))
    case .title:
      return .values(inputs(layout.title, layout.theme, layout.canvas))
    case .noData:
      return .values(inputs(layout.noData, layout.theme))
    case .highlight, .marker:
      guard !model.spec.highlights.isEmpty else { return name == .marker ? Self.noMarker : Self.noHighlight }
      if model.spec.usesAxisTooltip { return .values(axisTooltipInputs(marker: name == .marker)) }
      return .values(highlightInputs(marker: name == .marker))
    }
  }

  /// The inputs of the highlight and the marker while nothing is highlighted (`input(for:)`), made
  /// once: an edit of entries looks at both, and each input made is two allocations.
  private static let noHighlight = RegionInput.values(inputs(false))
  private static let noMarker = RegionInput.values(inputs(true))

  /// A series chunk reads its layer (by epoch) and its own entries (by revision), and a stacked
  /// line's chunk also the chunks it stands on.
  private func seriesInput(dataSet id: String, chunk: Int) -> RegionInput {
    let series: Series
    if let last = lastSeries, last.id == id {
      series = last
    } else {
      guard let i = model.dataSetIndex(id: id) else { return .values([]) }
      let aggregation = aggregations.aggregation(of: id)
      let stack = model.spec.dataSets[i].visible ? model.stackGroup(of: i) : nil
      series = Series(id: id, index: i, aggregation: aggregation, epoch: layerEpochs[id] ?? 0, stack: stack,
                      outside: aggregation == nil && stack == nil ? outsideLook(dataSet: i) : nil)
      lastSeries = series
    }
    if let outside = series.outside, RegionRenderer.chunkDrawsNothing(outside.context, kind: outside.kind, chunk: chunk) {
      return .emptyChunk(pane: outside.pane)
    }
    let revision = series.aggregation?.revision(ofChunk: chunk) ?? model.series[series.index].revision(ofChunk: chunk)
    if let group = series.stack {
      return .stackedChunk(layer: series.epoch, revision: revision,
                           others: stackReads(group, dataSet: series.index, chunk: chunk))
    }
    return .chunk(layer: series.epoch, revision: revision)
  }

  /// What the chunks of a shown set of marks drawn entry by entry are drawn with
  /// (`RegionRenderer.render` writes an empty group for a chunk beyond the plot).
  private final class OutsideLook {
    let context: SeriesContext
    let kind: SeriesKind
    let pane: Int

    init(context: SeriesContext, kind: SeriesKind, pane: Int) {
      self.context = context
      self.kind = kind
      self.pane = pane
    }
  }

  /// The `OutsideLook` of data set `i`, when its chunks are such marks.
  private func outsideLook(dataSet i: Int) -> OutsideLook? {
    guard model.spec.dataSets[i].visible, let kind = model.seriesKind(of: i), kind != .line,
          let ctx = RegionRenderer.seriesContext(model, layout, dataSet: i, indices: .list([]), regionID: "")
    else { return nil }
    return OutsideLook(context: ctx, kind: kind, pane: model.spec.pane(of: i))
  }

  /// True when `name` reads nothing but the layout and the parts of the spec that edits of entries
  /// and highlights leave alone: after such an edit that kept the layout, its input is unchanged.
  ///
  /// Kept next to `input(for:)` on purpose: a region that starts reading entries or highlights
  /// must leave this list.
  static func readsOnlyLayoutAndStyle(_ name: RegionName) -> Bool {
    switch name {
    case .accessibleTitle, .accessibleDescription, .definitions, .background, .grid, .limitLines, .radarWeb,
         .radarScale, .radarCategories, .xAxis, .leftAxis, .rightAxis, .paneAxis, .legendItem, .title, .noData:
      return true
    case .series, .pie, .radarPolygon, .valueLabels, .highlight, .marker:
      return false
    }
  }

  /// Of the regions `readsOnlyLayoutAndStyle` names, those that read which data sets are shown: the
  /// summary names the shown ones, a legend item is dimmed for a hidden one. After a toggle that
  /// kept the axes (`LayoutEngine.restyled` changes the legend's dimming alone), these and the
  /// regions that read entries are the ones whose input may have changed.
  ///
  /// Kept next to `input(for:)` on purpose, as `readsOnlyLayoutAndStyle` is.
  static func readsVisibility(_ name: RegionName) -> Bool {
    switch name {
    case .accessibleDescription, .legendItem:
      return true
    case .accessibleTitle, .definitions, .background, .grid, .limitLines, .radarWeb, .radarScale, .radarCategories,
         .xAxis, .leftAxis, .rightAxis, .paneAxis, .title, .noData:
      return false
    case .series, .pie, .radarPolygon, .valueLabels, .highlight, .marker:
      return true
    }
  }

  /// An axis tooltip's box reads only the resolved tooltip (its texts, colours and points), so data
  /// changes away from the highlighted x leave it alone; the pointer reads the tooltip's position,
  /// and the later highlights what item highlights read.
  private func axisTooltipInputs(marker: Bool) -> [AnyEquatable] {
    let spec = model.spec
    if marker {
      return inputs(marker, axisTooltip, spec.marker.enabled, layout.canvas, layout.paneRects, layout.theme, layout.horizontal,
                    spec.fontSize)
    }
    let pointer = inputs(axisTooltip?.x, axisTooltip?.position, axisTooltip == nil, layout.paneRects, layout.horizontal,
                         spec.highlightStyle, layout.theme)
    let items = spec.highlights.dropFirst()
    return items.isEmpty ? pointer : pointer + highlightInputs(marker: false, items: items)
  }

  /// Highlights read the highlighted entries (not whole data sets), the scales and their styles.
  private func highlightInputs(marker: Bool) -> [AnyEquatable] {
    highlightInputs(marker: marker, items: model.spec.highlights[...])
  }

  /// What drawing `items` as item highlights (or the first as an item marker) reads: the scene (by
  /// its epoch) and the highlighted entries.
  private func highlightInputs(marker: Bool, items: ArraySlice<HighlightSpec>) -> [AnyEquatable] {
    let spec = model.spec
    var read: [HighlightInput.Item] = []
    read.reserveCapacity(items.count)
    for h in items {
      guard let i = model.dataSetIndex(id: h.dataSet) else {
        read.append(HighlightInput.Item(missing: h.dataSet))
        continue
      }
      // Read in place: a data set (or its entries) bound to a name is copied, a retain per column.
      // A stacked entry stands on the sets below it (and is a share of all of them in percent mode).
      var item = HighlightInput.Item(style: spec.dataSets[i].style, entryOffset: spec.dataSets[i].entryOffset,
                                     source: spec.dataSets[i].source, color: model.color(of: i), index: i,
                                     stackRevisions: stackDataRevisions(dataSet: i))
      if spec.kind == .pie || model.seriesKind(of: i) == .bubble {
        // Pie shares and bubble radii depend on the whole data set (total, largest size).
        item.dataRevision = model.series[i].dataRevision
      } else if h.index >= 0 && h.index < spec.dataSets[i].entries.count {
        item.entry = EntrySnapshot(spec.dataSets[i].entries, h.index)
        // A candle marker names its day, which categories from another data set's labels may give.
        if marker, model.seriesKind(of: i) == .candlestick, spec.xAxis.common.formatter == nil {
          item.candleDate = .some(MarkerContent.withDate(nil, spec.dataSets[i].entries.x[h.index], model))
        }
      }
      read.append(item)
    }
    return [AnyEquatable(HighlightInput(marker: marker, highlights: items, scene: highlightScene, items: read))]
  }

  /// The data revisions of the other sets of a stacked data set's group (empty when it does not stack).
  private func stackDataRevisions(dataSet i: Int) -> [UInt64] {
    guard let group = model.stackGroup(of: i) else { return [] }
    return group.members.filter { $0 != i }.map { model.series[$0].dataRevision }
  }

  /// What item highlights and the item marker read of the spec's style and of the layout, apart
  /// from the entries they point at. Compared once per update that may change it (not after an edit
  /// of entries or highlights that kept the layout), and named by an epoch in their inputs.
  static func highlightSceneKey(_ model: ChartModel, _ layout: ChartLayout) -> HighlightSceneKey {
    let spec = model.spec
    return HighlightSceneKey(style: spec.highlightStyle, marker: spec.marker, kind: spec.kind, pie: spec.pie, radar: spec.radar,
                             stackMode: spec.stackMode, x: layout.x, left: layout.left, right: layout.right, plot: layout.plot,
                             panes: layout.panes, pieLayout: layout.pie, radarLayout: layout.radar, bars: layout.bars,
                             slot: layout.slot,
                             horizontal: layout.horizontal, theme: layout.theme, canvas: layout.canvas, locale: spec.locale,
                             fontSize: spec.fontSize, formatters: [spec.xAxis.common.formatter, spec.leftAxis.common.formatter,
                                                                   spec.rightAxis.common.formatter],
                             paneSpecs: spec.panes)
  }

  /// Everything a data set's layer reads apart from its entries; a change re-renders all its chunks.
  static func layerKey(_ model: ChartModel, _ layout: ChartLayout, _ aggregations: Aggregations, dataSet i: Int) -> LayerKey {
    let spec = model.spec
    // The style alone: not the entries (chunks read them), nor the entry offset and the source,
    // which are not drawn (chunk numbers are in the region names, and the source JSON is what
    // `chart/getSpec` returns): a sliding window leaves untouched chunks alone.
    let style = spec.dataSets[i].style
    let kind = model.seriesKind(of: i)
    // Which sets a stacked line stands on, and how they pile up.
    let stack = model.stackGroup(of: i).map { g -> StackKey in
      // A band's lower edge follows the line of the set below it, in that set's mode.
      let below = g.member(below: i).map { spec.dataSets[$0].line }
      return StackKey(members: g.members.map { spec.dataSets[$0].id }, percent: g.percent,
                      belowMode: below?.mode, belowIntensity: below?.cubicIntensity)
    }
    let data = layerDataKey(model, aggregations, dataSet: i)
    return LayerKey(index: i, style: style, color: model.color(of: i), kind: kind, xScale: layout.x?.scale,
                    yScale: layout.valueAxis(model.valueAxis(of: i))?.scale, plot: layout.plotRect(model.valueAxis(of: i)), bars: layout.bars,
                    slot: layout.slot,
                    horizontal: layout.horizontal, theme: layout.theme, chartKind: spec.kind, barSpec: spec.bars,
                    largeData: spec.largeData, locale: spec.locale, fontSize: spec.fontSize,
                    data: data, radar: layout.radar?.geometry, stack: stack)
  }

  /// The part of a layer key that edits of entries can change: after such an edit that kept the
  /// layout (and so the style), the rest of the key is the same and is not made again.
  static func layerDataKey(_ model: ChartModel, _ aggregations: Aggregations, dataSet i: Int) -> LayerDataKey {
    let id = model.spec.dataSets[i].id
    // Bubble sizes are normalised by the largest size of the whole data set.
    let largestBubble = model.seriesKind(of: i) == .bubble ? model.largestBubbleSize(dataSet: i) : nil
    return LayerDataKey(aggregation: aggregations.aggregation(of: id)?.key, largestBubble: largestBubble)
  }
}
