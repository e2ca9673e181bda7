import ChartdJSON

/// An open chart: its model, current layout and the rendered markup of every region.
///
/// `update` applies a change to the model, recomputes the layout once (or keeps it, when the change
/// touched only entries and highlights and moved no domain and no tick), asks `RegionInputs` which
/// regions read something that changed, renders only those, and returns the patch. Rendering the
/// full SVG is a concatenation of stored markup: no renderer runs.
public struct ChartDocument: Sendable {
  public let prefix: String
  public private(set) var model: ChartModel
  public private(set) var layout: ChartLayout
  public private(set) var root: String
  /// What `root` was made from (nil before the first refresh).
  private var rootKey: ChartRenderer.RootTagKey?
  /// Root tags made so far (tests check that an update which leaves the key alone makes none).
  private(set) var rootTagsMade = 0
  /// Region names in z-order.
  public private(set) var order: [RegionName]
  /// Each region's markup, its element id, and the input it was rendered with, aligned with
  /// `order`: an update looks regions up by position, not by hashing their names.
  private var markup: [RegionMarkup]
  private var ids: [String]
  private var inputs: [RegionInput]
  /// The axis plans `layout` was made with (nil for a pie).
  private var plans: AxisPlans?
  /// The layout before `layout` and the plans it was made with, while every edit since it was of
  /// entries, highlights or visibility (nil after any other): a legend item toggled back takes it
  /// again instead of laying the chart out (`update`).
  private var previousLayout: (plans: AxisPlans, layout: ChartLayout)?
  /// Layouts taken back from `previousLayout` (tests check that toggling back lays nothing out).
  private(set) var layoutsTakenBack = 0
  /// Layouts computed so far (an update that keeps the layout does not count): tests check that
  /// edits which move no domain and no tick skip the layout.
  public private(set) var layoutRuns = 0
  /// Regions whose input the last update computed (tests check that an entries edit which kept the
  /// layout looks only at the regions that read entries or highlights).
  private(set) var inputsComputed = 0
  /// The epochs that name each data set's layer key and the highlight scene key in region inputs.
  private var epochs = RegionEpochs()
  /// The spec's JSON without `dataSets`: the base that `mergeSpec` patches apply to.
  var specJSON: JSONValue
  /// M4 columns of large lines, kept across updates so an append folds in without a rescan.
  private(set) var aggregations = Aggregations()
  /// Tick choices of recent layouts: an edit that leaves an axis's data range and span alone does not
  /// format and measure its candidate labels again.
  private var axisMemos = AxisMemos()
  /// Tick candidates of the ranges of recent `plans`, for the check that keeps the layout.
  private(set) var tickCandidates = TickCandidateMemo()
  /// Each region's markup before its last change: an edit back to an earlier state reuses it.
  private var shelf = MarkupShelf()
  /// Whether the update under way changes the view alone (`MarkupShelf`): set by `apply` for its
  /// refresh, false for any other.
  var changesOnlyTheView = false
  /// Bytes the shelf holds within its limit and beyond it (changes of the view), for tests.
  var shelfBytes: (withinLimit: Int, beyondLimit: Int) { (shelf.bytes, shelf.beyondLimitBytes) }
  /// Where straight line chunks drawn last stood a few entries before their end, so that an append
  /// redraws from there (`LineRenderer.straightPath`). Never part of what is drawn.
  private(set) var pathMemos: StraightPathMemos? = StraightPathMemos()
  /// Whether the client keeps each region's previous markup (`protocol/patch.md`, "Restored
  /// regions"): markup it holds so comes back as `ChartPatch.restored`, without the markup.
  public var clientKeepsPreviousMarkup = false
  /// Whether the client applies a fragment that changes only part of a region's markup
  /// (`protocol/patch.md`, "Spliced fragments"): a region that stays in place then goes out as a
  /// `MarkupSplice` of the markup it had, when that keeps enough of it.
  public var clientAppliesSplices = false
  /// Bytes of the JSON texts kept since the document last let go of them all (`keepJSON`): at
  /// least what `markup` and `shelf` hold of them, and at most `jsonLimit`.
  private(set) var jsonHeld = 0
  /// JSON texts made (tests check that markup shown again and again is escaped once).
  private(set) var jsonTextsMade = 0
  /// Where JSON texts are written before they are kept at their size (its room stays for the next:
  /// about 1.3 times the largest markup kept, which is at most a quarter of `jsonLimit`).
  private var jsonScratch: [UInt8] = []
  /// Where the regions are that an edit of entries and highlights can change, made from `order`
  /// when first needed after the order changed (nil until then).
  private var entryRegions: EntryRegionMap?
  /// The latest revision when the last refresh ended: a chunk revised since, or of a layer whose
  /// epoch moved since (`RegionEpochs.lastLayers`), is one whose input may differ (`EntryRegionMap`).
  private var refreshMark: UInt64 = 0

  /// - Parameter specJSON: the JSON the spec was read from (merge patches apply to it).
  public init(model: ChartModel, prefix: String, specJSON: JSONValue = .object([:])) {
    self.prefix = prefix
    self.specJSON = Self.withoutDataSets(specJSON)
    self.model = model
    var memos = AxisMemos()
    let plans = model.spec.kind == .pie ? nil : AxisPlanner.plans(model)
    self.layout = LayoutEngine.layout(model, plans: plans, memos: &memos)
    self.plans = plans
    self.layoutRuns = 1
    self.axisMemos = memos
    self.root = ""
    self.order = []
    self.markup = []
    self.ids = []
    self.inputs = []
    _ = refresh()
  }

  /// The full SVG of the current state.
  public var svg: String {
    var out = root
    out += "\n"
    for m in markup {
      out += m.svg
      out += "\n"
    }
    out += "</svg>\n"
    return out
  }

  /// Records that the client was sent the full SVG (`svg`): it holds no previous markup now.
  public mutating func clientTookFullSVG() {
    if clientKeepsPreviousMarkup { shelf.clientHoldsNothing() }
  }

  /// Element ids of the regions, in document order.
  public var regionIDs: [String] { ids }

  /// Markup of one region (tests).
  public func markup(of name: RegionName) -> String? { order.firstIndex(of: name).map { markup[$0].svg } }

  /// Applies `change` to the model and returns the patch from the previous render to the new one.
  public mutating func update(_ change: (inout ChartModel) -> Void) -> ChartPatch {
    update(reach: .anything, change)
  }

  /// What an update may change of what the layout reads, least first.
  enum LayoutReach: Comparable {
    /// Highlights only, or nothing: the layout reads neither, so it is kept without a look.
    case highlights
    /// Entries and highlights only: the layout is kept when the axes come out the same.
    case entries
    /// Also which data sets (or entries) are shown: kept as well, with the legend's items dimmed anew.
    case visibility
    /// Anything: the chart is laid out again.
    case anything
  }

  /// What an update left alone of what the regions read, as `refresh` is told.
  enum Kept {
    /// Nothing known: every region is looked at.
    case nothing
    /// The layout but the legend's dimming, and the spec but which data sets are shown (a toggle
    /// that kept the axes, `LayoutEngine.restyled`).
    case layoutButVisibility
    /// The layout, and the spec but entries and highlights.
    case styleAndLayout

    /// Whether `name` reads nothing the update changed, so that its input is as it was.
    func leavesAlone(_ name: RegionName) -> Bool {
      switch self {
      case .nothing: false
      case .layoutButVisibility: RegionInputs.readsOnlyLayoutAndStyle(name) && !RegionInputs.readsVisibility(name)
      case .styleAndLayout: RegionInputs.readsOnlyLayoutAndStyle(name)
      }
    }
  }

  /// `update`, told how far `change` reaches: when it changes nothing the layout reads but entries,
  /// highlights and visibility, the layout is kept if the axes come out the same (`LayoutEngine.reuses`).
  mutating func update(reach: LayoutReach, _ change: (inout ChartModel) -> Void) -> ChartPatch {
    if reach == .highlights {
      // Highlights only, or no edit at all: when they come out as they were (an empty edit list, a
      // pointer resting on one entry), no region reads anything that changed, and none is looked at.
      let before = model.spec.highlights
      change(&model)
      guard model.spec.highlights != before else {
        inputsComputed = 0
        return ChartPatch()
      }
      return refresh(.styleAndLayout)
    }
    change(&model)
    let model = self.model  // one copy, not one per call below (see `refresh`)
    let after = model.spec.kind == .pie ? nil : AxisPlanner.plans(model)
    var axesKept = false
    if reach < .anything, let before = plans, let after {
      // A legend item toggled back: the plans of the layout before are compared first, as they
      // are (comparing tick candidates with the current ones cost more than the whole update).
      if reach == .visibility, !before.sameDataRanges(after), let back = takeBack(after, model: model) {
        previousLayout = (before, layout)
        layout = back
        plans = after
        layoutsTakenBack += 1
        return refresh()
      }
      axesKept = LayoutEngine.reuses(layout, before: before, after: after, model: model, memo: &tickCandidates)
    }
    // The same layout: `plans` stays the plans it was made with, so the candidates of their ranges,
    // kept in the memo, serve every edit until the next layout (and after it, while the ranges
    // stay: a legend toggle between appends leaves them).
    if axesKept, reach == .entries { return refresh(.styleAndLayout) }
    if axesKept, let restyled = LayoutEngine.restyled(layout, for: model) {
      // Shown and hidden data sets changed, the axes did not: only the legend's dimming moves.
      layout = restyled
      return refresh(.layoutButVisibility)
    }
    // Only edits of entries, highlights and visibility leave the layout they replace good for later.
    previousLayout = reach < .anything ? plans.map { ($0, layout) } : nil
    layout = LayoutEngine.layout(model, plans: after, memos: &axisMemos)
    layoutRuns += 1
    plans = after
    return refresh()
  }

  /// The previous layout, legend dimmed as `model` shows its data sets, when `model` (planned as
  /// `after`) is laid out so: the same plans exactly, and since only entries, highlights and
  /// visibility changed, the same layout but the dimming (`LayoutEngine.reuses`, `restyled`).
  private mutating func takeBack(_ after: AxisPlans, model: ChartModel) -> ChartLayout? {
    // Looked at where it is first: bound, the layout and the plans are copied.
    guard previousLayout?.plans.sameDataRanges(after) == true, let earlier = previousLayout, earlier.plans == after,
          LayoutEngine.reuses(earlier.layout, before: earlier.plans, after: after, model: model, memo: &tickCandidates)
    else { return nil }
    return LayoutEngine.restyled(earlier.layout, for: model)
  }

  /// Brings stored markup up to date with `model`/`layout`, rendering only regions whose input changed.
  ///
  /// - Parameter kept: what the change left alone; regions reading nothing else keep their input and
  ///   are not looked at (nor is the root tag, when the change touched only entries and highlights).
  private mutating func refresh(_ kept: Kept = .nothing) -> ChartPatch {
    let styleAndLayoutKept = kept == .styleAndLayout
    // One copy of each up front: passing `self.model` or `self.layout` to a call made while `self`
    // is being mutated copies it (a retain of every reference in it) at every call, and the loop
    // below makes one call per region.
    let model = self.model, layout = self.layout
    var patch = ChartPatch()
    if !styleAndLayoutKept, case let key = ChartRenderer.rootTagKey(model: model, layout: layout), key != rootKey {
      rootKey = key
      rootTagsMade += 1
      let newRoot = ChartRenderer.rootTag(prefix: prefix, model: model, layout: layout)
      if newRoot != root {
        if !root.isEmpty { patch.root = newRoot }
        root = newRoot
      }
    }
    self.aggregations.update(model, layout)
    let aggregations = self.aggregations
    let (layerEpochs, epochsMoved) = epochs.layers(model, layout, aggregations, kept: styleAndLayoutKept)
    // After an edit of entries and highlights that kept the layout, only the regions that read
    // them and changed since the last refresh are looked at, in the order as it is; after a
    // toggle that kept the axes, those and the regions that read visibility, when the order
    // came out the same.
    var quick: [Int]? = nil
    var planned: [RegionName]? = nil
    if kept != .nothing {
      if kept == .layoutButVisibility { planned = RegionPlan.regions(model, layout, aggregations) }
      if planned == nil || planned == order {
        if entryRegions == nil { entryRegions = EntryRegionMap(order: order, model: model) }
        quick = entryRegions?.positions(model, aggregations, epochs: epochsMoved ? layerEpochs : nil, before: epochs.lastLayers,
                                        mark: refreshMark, visibility: kept == .layoutButVisibility)
      }
    }
    let newOrder = quick == nil ? planned ?? RegionPlan.regions(model, layout, aggregations) : order
    let regionInputs = RegionInputs(model: model, layout: layout, layerEpochs: layerEpochs, aggregations: aggregations,
                                    highlightScene: epochs.highlightScene(model, layout, kept: styleAndLayoutKept))
    // The common case keeps every region in place: regions are then compared by position, and no
    // alignment is made.
    let sameOrder = quick != nil || newOrder == order
    if !sameOrder { entryRegions = nil }
    let alignment = sameOrder ? nil : RegionAlignment(old: order, new: newOrder)
    if let alignment { shelf.realign(alignment) }
    var newInputs: [RegionInput] = [], newMarkup: [RegionMarkup] = [], newIDs: [String] = []
    if alignment == nil {
      // In place: moved out of `self` so that they stay uniquely referenced. Building them anew
      // retained every region's markup and input and released the old arrays' on every update.
      swap(&newInputs, &inputs)
      swap(&newMarkup, &markup)
    } else {
      newInputs.reserveCapacity(newOrder.count)
      newMarkup.reserveCapacity(newOrder.count)
    }
    inputsComputed = 0
    // Positions (in `newOrder`) of the regions whose markup changed, in order: sent as fragments,
    // or restored (the client holds the new markup as their previous markup).
    var changed: [Int] = [], restoredAt: [Int] = []
    // The changed regions sent as splices of their markup before, in position order.
    var splices: [(at: Int, splice: MarkupSplice)] = []
    // Set when a JSON text did not fit `jsonLimit` (`keepJSON`).
    var jsonRefused = false
    // In a large chart the regions to render are rendered together after the loop (side by side
    // when there are many); a small chart renders each in turn, as cheap as it gets.
    let together = RegionRenderer.mayRenderSideBySide(model)
    var held: [HeldRender] = []
    for k in quick ?? Array(newOrder.indices) {
      let name = newOrder[k]
      if alignment == nil, kept.leavesAlone(name) { continue }
      // The region's markup and input before this update (nil for a region new in the order).
      let current: RegionMarkup?, old: RegionInput?
      if let alignment {
        let was = alignment.oldIndex[k]  // the region's position in `order`
        newIDs.append(was.map { ids[$0] } ?? name.id(prefix: prefix))
        current = was.map { markup[$0] }
        old = was.map { inputs[$0] }
        newMarkup.append(current ?? RegionMarkup(""))
        if let old, kept.leavesAlone(name) {
          newInputs.append(old)
          continue
        }
      } else {
        current = newMarkup[k]
        old = newInputs[k]
      }
      let input = regionInputs.input(for: name)
      inputsComputed += 1
      let staysInPlace = alignment?.staysInPlace[k] ?? true
      let unchanged = old == input
      if alignment != nil {
        newInputs.append(input)
      } else if !unchanged {
        newInputs[k] = input
      }
      if unchanged { continue }
      var m: RegionMarkup
      var fromShelf = false, restored = false
      if let shelved = shelf.markup(at: k, for: input) {
        m = shelved
        fromShelf = true
        // Looked at before `keep` below puts the current markup in its place. (A region that
        // moves is inserted with its markup: the client may have forgotten what it held of it.)
        restored = clientKeepsPreviousMarkup && staysInPlace && shelf.clientHolds(at: k)
        patch.reused.append(name)
      } else if together {
        held.append(HeldRender(at: k, name: name, old: old, current: current))
        patch.rendered.append(name)
        continue
      } else {
        let id = alignment == nil ? ids[k] : newIDs[k]
        m = RegionMarkup(RegionRenderer.render(name, id: id, prefix: prefix, model: model, layout: layout,
                                               aggregations: aggregations, memos: &pathMemos))
        patch.rendered.append(name)
      }
      if let current {
        if current.svg == m.svg { continue }
        // In place, the client sees the change as a fragment or a restore: either way it holds
        // the markup replaced as the region's previous markup.
        if let old { shelf.keep(at: k, input: old, markup: current, viewChange: changesOnlyTheView, clientHolds: staysInPlace) }
      }
      newMarkup[k] = m
      if restored {
        restoredAt.append(k)
        continue
      }
      // Markup that came back may come back again (a legend item toggled on and off): it goes
      // out as JSON text kept with it. A fresh render is escaped straight into the answer.
      if fromShelf, m.json == nil { keepJSON(&newMarkup[k], refused: &jsonRefused) }
      if clientAppliesSplices, staysInPlace, let current, let splice = MarkupSplice.between(current.svg, m.svg) {
        splices.append((k, splice))
      }
      changed.append(k)
    }
    if !held.isEmpty {
      finish(held, ids: alignment == nil ? ids : newIDs, markup: &newMarkup, changed: &changed, splices: &splices,
             alignment: alignment, model: model, layout: layout, aggregations: aggregations)
    }
    if let alignment {
      Self.diff(alignment, from: ids, to: newIDs, markup: newMarkup, changed: changed, splices: splices,
                restored: restoredAt, into: &patch)
      ids = newIDs
    } else {
      var spliced = splices.makeIterator(), next = spliced.next()
      for k in changed {
        var splice: MarkupSplice?
        if let n = next, n.at == k { splice = n.splice; next = spliced.next() }
        patch.fragments.append(.init(id: ids[k], svg: newMarkup[k].svg, json: newMarkup[k].json, splice: splice))
      }
      for k in restoredAt { patch.restored.append(ids[k]) }
    }
    if jsonRefused { forgetJSON(&newMarkup) }
    order = newOrder
    markup = newMarkup
    inputs = newInputs
    refreshMark = Revisions.latest()
    epochs.lastLayers = layerEpochs
    return patch
  }

  /// A region of a large chart whose render waits for the others' (`refresh`): its position, and
  /// the input and markup it had.
  private struct HeldRender {
    let at: Int
    let name: RegionName
    let old: RegionInput?
    let current: RegionMarkup?
  }

  /// Renders the held regions together and puts each one's markup in its place, shelving what it
  /// replaces; one whose markup came out as it was stays out of `changed`, as in `refresh` for a
  /// region rendered in turn (and goes out as a splice, as there). `ids`: the element ids by position.
  private mutating func finish(_ held: [HeldRender], ids: [String], markup: inout [RegionMarkup], changed: inout [Int],
                               splices: inout [(at: Int, splice: MarkupSplice)], alignment: RegionAlignment?, model: ChartModel,
                               layout: ChartLayout, aggregations: Aggregations) {
    let fresh = RegionRenderer.renderAll(held.map(\.name), ids: held.map { ids[$0.at] }, prefix: prefix, model: model,
                                         layout: layout, aggregations: aggregations, memos: &pathMemos)
    for (j, h) in held.enumerated() {
      let m = fresh[j]
      let staysInPlace = alignment?.staysInPlace[h.at] ?? true
      if let current = h.current {
        if current.svg == m { continue }
        if let old = h.old {
          shelf.keep(at: h.at, input: old, markup: current, viewChange: changesOnlyTheView, clientHolds: staysInPlace)
        }
        if clientAppliesSplices, staysInPlace, let splice = MarkupSplice.between(current.svg, m) { splices.append((h.at, splice)) }
      }
      markup[h.at] = RegionMarkup(m)
      changed.append(h.at)
    }
    changed.sort()
    splices.sort { $0.at < $1.at }
  }

  /// Bytes of JSON text the document holds at most with its markup (`protocol/transport.md`, "Memory").
  static let jsonLimit = 1 << 20

  /// Makes `m`'s JSON text and keeps it with `m` while the document holds less than `jsonLimit`
  /// of them (`refused` is set when one did not fit).
  private mutating func keepJSON(_ m: inout RegionMarkup, refused: inout Bool) {
    // A text over a quarter of the limit is never kept, so that letting go of all of them
    // (`forgetJSON`) always leaves room for the next ones. A text is at least as long as its markup.
    guard m.svg.utf8.count <= Self.jsonLimit / 4 else { return }
    guard jsonHeld + m.svg.utf8.count <= Self.jsonLimit else {
      refused = true
      return
    }
    let json = JSONStringLiteral(m.svg, scratch: &jsonScratch)
    jsonTextsMade += 1
    guard jsonHeld + json.bytes.count <= Self.jsonLimit else {
      refused = true
      return
    }
    jsonHeld += json.bytes.count
    m.json = json
  }

  /// Lets go of every JSON text held with the markup (`markup`: the regions' new markup) and on
  /// the shelf: texts are kept only as long as they add up to less than `jsonLimit`, and counting
  /// the ones held exactly would cost a look at every region per update.
  private mutating func forgetJSON(_ markup: inout [RegionMarkup]) {
    for k in markup.indices where markup[k].json != nil { markup[k].json = nil }
    shelf.forgetJSON()
    jsonHeld = 0
  }
}
