/// The plans of a chart's axes: what the layout reads of the data (besides pie slices and bars).
struct AxisPlans: Equatable, Sendable {
  var horizontal: Bool
  var x: AxisPlan
  var left: AxisPlan?
  var right: AxisPlan?
  /// The value axes of the panes below the main one, top to bottom.
  var panes: [AxisPlan] = []

  /// Whether every axis has the same data range as in `other`: a quick look before comparing the
  /// plans whole (an edit of entries or visibility that changed them at all mostly moved a range).
  func sameDataRanges(_ other: AxisPlans) -> Bool {
    guard x.dataMin == other.x.dataMin, x.dataMax == other.x.dataMax,
          left?.dataMin == other.left?.dataMin, left?.dataMax == other.left?.dataMax,
          right?.dataMin == other.right?.dataMin, right?.dataMax == other.right?.dataMax,
          panes.count == other.panes.count else { return false }
    for k in panes.indices where panes[k].dataMin != other.panes[k].dataMin || panes[k].dataMax != other.panes[k].dataMax {
      return false
    }
    return true
  }
}

extension LayoutEngine {
  /// Whether `previous`, the layout made with `before`, is also the layout of `model`, planned as
  /// `after`, when the two models differ only in entries and highlights (nothing else the layout reads).
  ///
  /// Of the data, a chart with axes reads only the axis plans and the bar geometry. A plan may differ
  /// in its data range alone when that range gives the same tick candidates at every length the
  /// layout can try (`NiceTicks.sameResult`): then every tick choice, and so every band and the plot,
  /// come out the same. An append inside the nice domain is that case.
  ///
  /// `memo` keeps the candidates of `before`'s ranges: a document passes the same `before` (the plans
  /// its layout was made with) edit after edit. Its lists stay valid for any layout (they depend on
  /// the range and the options alone); the oldest make way when it is full.
  static func reuses(_ previous: ChartLayout, before: AxisPlans, after: AxisPlans, model: ChartModel,
                     memo: inout TickCandidateMemo) -> Bool {
    // The first entry of a chart without any, or its last one removed, writes or takes away the
    // no-data text: the layout changes even where the axes do not.
    guard model.spec.kind != .pie, (previous.noData == nil) == (model.hasEntries || model.spec.noDataText.isEmpty),
          before.horizontal == after.horizontal, let x = previous.x,
          sameTicks(before.x, after.x, domain: x.scale, read: previous.candidatesRead.x, memo: &memo),
          sameTicks(before.left, after.left, domain: previous.left?.scale, read: previous.candidatesRead.left, memo: &memo),
          sameTicks(before.right, after.right, domain: previous.right?.scale, read: previous.candidatesRead.right, memo: &memo),
          before.panes.count == after.panes.count, before.panes.count == previous.panes.count,
          before.panes.indices.allSatisfy({
            sameTicks(before.panes[$0], after.panes[$0], domain: previous.panes[$0].axis.scale, read: .all, memo: &memo)
          })
    else { return false }
    // Bar widths depend on the spacing of the bars' x values.
    return after.x.slot == previous.slot
      && BarGeometryLayouter.layout(model, pixelsPerUnit: x.scale.pixelsPerUnit, slot: after.x.slot) == previous.bars
  }

  /// `previous` with its legend items dimmed as `model`'s data sets and entries now are shown,
  /// after an edit of visibility that kept the axes and bars (`reuses`): dimming changes neither an
  /// item's size nor its place, and nothing else of the layout reads visibility. Nil when the items
  /// do not line up with the model's legend entries; the caller lays the chart out again.
  static func restyled(_ previous: ChartLayout, for model: ChartModel) -> ChartLayout? {
    guard model.spec.kind != .pie else { return nil }
    // No legend stays no legend: showing or hiding adds and removes no entries.
    guard var legend = previous.legend else { return previous }
    let entries = model.spec.legend.enabled ? LegendLayouter.entries(model) : []
    // Items show the first entries in order (labels maybe shortened), then "+N more".
    var k = 0
    for j in legend.items.indices where legend.items[j].moreCount == 0 {
      guard k < entries.count, legend.items[j].dataSetID == entries[k].dataSetID,
            legend.items[j].entryIndex == entries[k].entryIndex, legend.items[j].color == entries[k].color else { return nil }
      legend.items[j].dimmed = entries[k].dimmed
      k += 1
    }
    var layout = previous
    layout.legend = legend
    return layout
  }

  private static func sameTicks(_ a: AxisPlan?, _ b: AxisPlan?, domain: ValueScale?, read: NiceTicks.CandidatesRead,
                                memo: inout TickCandidateMemo) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return sameTicks(a, b, domain: domain, read: read, memo: &memo)
  }

  private static func sameTicks(_ a: AxisPlan, _ b: AxisPlan, domain: ValueScale?, read: NiceTicks.CandidatesRead,
                                memo: inout TickCandidateMemo) -> Bool {
    if a == b { return true }
    // Log axes choose their ticks by decades (LogTicks), not through `NiceTicks.compute`: always re-laid out.
    guard let domain, !domain.transform.isLog else { return false }
    return b.ticksLike(a, domain: (domain.domainMin, domain.domainMax), read: read, memo: &memo)
  }
}

extension AxisPlan {
  /// Whether this plan, which may differ from `other` in its data range alone, gets the same tick
  /// choice `other` got, which drew the domain between `domain`'s two ends: then it gets the same
  /// ticks, labels and band. Compared end by end, not as a range: a domain that is not a number
  /// answers no instead of trapping.
  ///
  /// - Parameter read: how many candidates `other`'s choices judged (a horizontal axis's labels
  ///   are measured candidate by candidate until they fit).
  func ticksLike(_ other: AxisPlan, domain: (Double, Double), read: NiceTicks.CandidatesRead,
                 memo: inout TickCandidateMemo) -> Bool {
    if other == self { return true }
    // Data leaving the domain drawn (the common way a layout changes) is answered without
    // comparing candidates: a full layout is always a correct answer.
    guard !other.transform.isLog else { return false }
    // Both ends fixed (a window, the axis's `min` and `max`, an index axis's ends): the ticks are
    // drawn between them whatever the data (`NiceTicks.effectiveRange`), data outside included.
    if let a = other.ticks.fixedMin, let b = other.ticks.fixedMax, a.isFinite, b.isFinite, a < b,
       differsAtMostInDataRange(from: other) {
      return true
    }
    guard let lo = dataMin, let hi = dataMax, lo >= min(domain.0, domain.1), hi <= max(domain.0, domain.1)
    else { return false }
    // Only the data range may differ, and only on an axis whose ticks depend on it through
    // `NiceTicks.compute` alone (not category thinning, explicit ticks, or marks' padding).
    guard differsAtMostInDataRange(from: other), !other.isCategory, other.common.tickValues == nil, other.markRadius == 0
    else { return false }
    let wanted = other.common.labelCount.map { min(max($0, 2), 25) } ?? 6
    let rangeA = (min: other.dataMin, max: other.dataMax), rangeB = (min: dataMin, max: dataMax)
    var o = other.ticks
    if other.side.isHorizontal {
      // TickChooser.valueTicks: every candidate may be judged by its labels.
      o.maxTicks = wanted
      return NiceTicks.sameResult(memo.list(rangeA, o, firstOnly: false), rangeB, read: read)
    }
    // Vertical: the first candidate is taken, with at most `wanted` ticks, fewer on a short axis.
    for m in 2...max(2, wanted) {
      o.maxTicks = m
      guard NiceTicks.sameResult(memo.list(rangeA, o, firstOnly: true), rangeB) else { return false }
    }
    return true
  }
}

/// Candidate lists of recent data ranges, for `LayoutEngine.reuses`.
struct TickCandidateMemo: Sendable {
  /// A few axes, each with up to `wanted − 1` lists for a vertical axis.
  static let capacity = 32
  private var lists: [NiceTicks.CandidateList] = []

  /// The list of `range` under `options`, from the memo or worked out (and kept).
  mutating func list(_ range: (min: Double?, max: Double?), _ options: TickOptions, firstOnly: Bool) -> NiceTicks.CandidateList {
    // Read in place: `first(where:)` would copy every list it looks at.
    for k in lists.indices where lists[k].isList(of: range.min, range.max, options, firstOnly: firstOnly) { return lists[k] }
    let list = NiceTicks.CandidateList(dataMin: range.min, dataMax: range.max, options, firstOnly: firstOnly)
    if lists.count >= Self.capacity { lists.removeFirst() }
    lists.append(list)
    return list
  }

  /// Lists kept (tests).
  var count: Int { lists.count }
}
