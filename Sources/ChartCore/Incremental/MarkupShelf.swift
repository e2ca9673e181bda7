/// The markup each region had before its last change, with the input it was rendered with.
///
/// A region's markup is a function of its input (that is what `RegionInputs` promises, and the patch
/// property tests hold it to), and an input names its content for good: series chunks are named by
/// a layer epoch that always denotes the same layer key and a revision drawn once from a global
/// counter. So a change that brings a region back to an input it had before — showing a data set
/// after hiding it, undoing an edit, zooming back — can take the shelved markup instead of running
/// the renderer. One entry per region of the current order, by position (`realign` follows a change
/// of order).
///
/// A change of the view alone (data sets shown or hidden, highlights, the viewport, the size) shelves
/// every region's markup it replaces, whatever its size: the document held those bytes a moment ago,
/// and the client is likely to go back (a legend item toggled again, a zoom undone). Showing a large
/// set again, or one whose share of the scales, groups or stacks moved every other set, then renders
/// nothing. Any other change keeps at most `byteLimit` bytes in all: after an edit of the data, the
/// states before rarely come back (a chunk's revision never does). An entry kept beyond the limit
/// is let go at its region's next change when that change's markup is not kept.
struct MarkupShelf: Sendable {
  /// Markup bytes the shelf holds per document for changes other than of the view
  /// (`protocol/transport.md`, "Memory").
  static let byteLimit = 1 << 20

  // One entry per region in three arrays, not one array of optional pairs: an entry was copied out
  // whole (the input, both texts) to read its input or its size.
  /// The input each entry was rendered from (nil: no entry).
  private var inputs: [RegionInput?] = []
  private var markups: [RegionMarkup] = []
  /// Bytes of each entry's texts.
  private var sizes: [Int] = []
  /// Whether each entry was kept by a change of the view beyond the limit (counted in
  /// `beyondLimitBytes`, not `bytes`).
  private var beyondLimit: [Bool] = []
  /// Whether the client holds each entry as the region's previous markup (`protocol/patch.md`,
  /// "Restored regions"): it was shelved by a change the client saw as a fragment or a restore, no
  /// change of order has moved the region since, and no full SVG has gone out.
  private var clientHolds: [Bool] = []
  /// Bytes of text held within the limit, JSON texts included.
  private(set) var bytes = 0
  /// Bytes of text held beyond the limit, by changes of the view.
  private(set) var beyondLimitBytes = 0

  /// The markup shelved for the region at `position` if it was rendered from exactly `input`.
  func markup(at position: Int, for input: RegionInput) -> RegionMarkup? {
    guard position < inputs.count, inputs[position] == input else { return nil }
    return markups[position]
  }

  /// Whether the client holds the entry at `position` as that region's previous markup.
  func clientHolds(at position: Int) -> Bool { position < clientHolds.count && clientHolds[position] }

  /// Keeps `markup` (rendered from `input`) as the previous state of the region at `position`:
  /// within the limit, or beyond it for a change of the view.
  ///
  /// - Parameters:
  ///   - viewChange: whether the change is of the view alone (the type's summary).
  ///   - clientHolds: whether the client sees the change as a fragment or a restore in place, and
  ///     so holds `markup` as the region's previous markup from now on.
  mutating func keep(at position: Int, input: RegionInput, markup: RegionMarkup, viewChange: Bool, clientHolds: Bool) {
    guard position < inputs.count else { return }
    let added = markup.bytes, replaced = sizes[position], wasBeyond = beyondLimit[position]
    if !viewChange, bytes - (wasBeyond ? 0 : replaced) + added > Self.byteLimit {
      // The entry stays an older state, which the client no longer holds; unless it was kept
      // beyond the limit, which holds only until the region's next change.
      self.clientHolds[position] = false
      if wasBeyond { forget(at: position) }
      return
    }
    if wasBeyond { beyondLimitBytes -= replaced } else { bytes -= replaced }
    if viewChange { beyondLimitBytes += added } else { bytes += added }
    inputs[position] = input
    markups[position] = markup
    sizes[position] = added
    beyondLimit[position] = viewChange
    self.clientHolds[position] = clientHolds
  }

  /// Lets go of the entry at `position`.
  private mutating func forget(at position: Int) {
    if beyondLimit[position] { beyondLimitBytes -= sizes[position] } else { bytes -= sizes[position] }
    inputs[position] = nil
    markups[position] = RegionMarkup("")
    sizes[position] = 0
    beyondLimit[position] = false
    clientHolds[position] = false
  }

  /// Forgets that the client holds any entry: it was sent the full SVG, and holds nothing.
  mutating func clientHoldsNothing() {
    for k in clientHolds.indices { clientHolds[k] = false }
  }

  /// Follows a change of order: each region keeps its entry at its new position, and the entries of
  /// regions that left the chart are forgotten (their names may never come back). The client still
  /// holds the entries of regions that stay in place, and may have forgotten those of regions the
  /// patch moves (removes and inserts again).
  mutating func realign(_ alignment: RegionAlignment) {
    var newInputs: [RegionInput?] = [], newMarkups: [RegionMarkup] = [], newSizes: [Int] = [], newHolds: [Bool] = []
    var newBeyond: [Bool] = []
    newInputs.reserveCapacity(alignment.oldIndex.count)
    newMarkups.reserveCapacity(alignment.oldIndex.count)
    newSizes.reserveCapacity(alignment.oldIndex.count)
    newHolds.reserveCapacity(alignment.oldIndex.count)
    newBeyond.reserveCapacity(alignment.oldIndex.count)
    var kept = 0, keptBeyond = 0
    for (k, was) in alignment.oldIndex.enumerated() {
      if let was, was < inputs.count, inputs[was] != nil {
        newInputs.append(inputs[was])
        newMarkups.append(markups[was])
        newSizes.append(sizes[was])
        newHolds.append(clientHolds[was] && alignment.staysInPlace[k])
        newBeyond.append(beyondLimit[was])
        if beyondLimit[was] { keptBeyond += sizes[was] } else { kept += sizes[was] }
      } else {
        newInputs.append(nil)
        newMarkups.append(RegionMarkup(""))
        newSizes.append(0)
        newHolds.append(false)
        newBeyond.append(false)
      }
    }
    inputs = newInputs
    markups = newMarkups
    sizes = newSizes
    clientHolds = newHolds
    beyondLimit = newBeyond
    bytes = kept
    beyondLimitBytes = keptBeyond
  }

  /// Lets go of every JSON text held (`ChartDocument.jsonLimit`).
  mutating func forgetJSON() {
    for k in markups.indices where markups[k].json != nil {
      markups[k].json = nil
      let freed = sizes[k] - markups[k].bytes
      if beyondLimit[k] { beyondLimitBytes -= freed } else { bytes -= freed }
      sizes[k] = markups[k].bytes
    }
  }
}
