/// The markup each region had before its last change, with the input it was rendered with.
///
/// A region's markup is a function of its input (that is what `RegionInputs` promises, and the patch
/// property tests hold it to), and an input names its content for good: series chunks are named by
/// a layer epoch that always denotes the same layer key and a revision drawn once from a global
/// counter. So a change that brings a region back to an input it had before — showing a data set
/// after hiding it, undoing an edit, zooming back — can take the shelved markup instead of running
/// the renderer. One entry per region of the current order, by position (`realign` follows a change
/// of order), and at most `byteLimit` bytes in all, besides the entries of regions a change emptied.
///
/// A region emptied (a data set hidden: its chunks become empty groups) gives its markup to the
/// shelf whatever its size: the document held those bytes a moment ago, and holds no more for
/// keeping them, while showing the set again takes them back without rendering it. Such an entry
/// is let go with the empty state (`keep` at the same position, as any change of it does).
struct MarkupShelf: Sendable {
  /// Markup bytes the shelf may hold per document (`protocol/transport.md`, "Memory"), besides
  /// the entries of regions a change emptied.
  static let byteLimit = 1 << 20
  /// A change empties a region when the markup that replaces it is at most this fraction of it:
  /// the replaced markup then costs the document little more than before the change.
  static let emptiedFraction = 4

  // One entry per region in three arrays, not one array of optional pairs: an entry was copied out
  // whole (the input, both texts) to read its input or its size.
  /// The input each entry was rendered from (nil: no entry).
  private var inputs: [RegionInput?] = []
  private var markups: [RegionMarkup] = []
  /// Bytes of each entry's texts.
  private var sizes: [Int] = []
  /// Whether each entry is of a region the change emptied (counted in `emptiedBytes`, not `bytes`).
  private var emptied: [Bool] = []
  /// Whether the client holds each entry as the region's previous markup (`protocol/patch.md`,
  /// "Restored regions"): it was shelved by a change the client saw as a fragment or a restore, no
  /// change of order has moved the region since, and no full SVG has gone out.
  private var clientHolds: [Bool] = []
  /// Bytes of text held within the limit, JSON texts included.
  private(set) var bytes = 0
  /// Bytes of text held by entries of emptied regions, beyond the limit.
  private(set) var emptiedBytes = 0

  /// The markup shelved for the region at `position` if it was rendered from exactly `input`.
  func markup(at position: Int, for input: RegionInput) -> RegionMarkup? {
    guard position < inputs.count, inputs[position] == input else { return nil }
    return markups[position]
  }

  /// Whether the client holds the entry at `position` as that region's previous markup.
  func clientHolds(at position: Int) -> Bool { position < clientHolds.count && clientHolds[position] }

  /// Keeps `markup` (rendered from `input`) as the previous state of the region at `position`,
  /// when it fits the limit or the change emptied the region.
  ///
  /// - Parameters:
  ///   - replacementBytes: the bytes of the markup that takes its place in the region; a quarter of
  ///     `markup` or less (`emptiedFraction`) keeps it beyond the limit.
  ///   - clientHolds: whether the client sees the change as a fragment or a restore in place, and
  ///     so holds `markup` as the region's previous markup from now on.
  mutating func keep(at position: Int, input: RegionInput, markup: RegionMarkup, replacedBy replacementBytes: Int,
                     clientHolds: Bool) {
    guard position < inputs.count else { return }
    let added = markup.bytes, replaced = sizes[position], wasEmptied = emptied[position]
    let emptiedNow = replacementBytes <= added / Self.emptiedFraction
    if !emptiedNow, bytes - (wasEmptied ? 0 : replaced) + added > Self.byteLimit {
      // The entry stays an older state, which the client no longer holds; unless it is of the
      // region emptied, which this change fills again.
      self.clientHolds[position] = false
      if wasEmptied { forget(at: position) }
      return
    }
    if wasEmptied { emptiedBytes -= replaced } else { bytes -= replaced }
    if emptiedNow { emptiedBytes += added } else { bytes += added }
    inputs[position] = input
    markups[position] = markup
    sizes[position] = added
    emptied[position] = emptiedNow
    self.clientHolds[position] = clientHolds
  }

  /// Lets go of the entry at `position`.
  private mutating func forget(at position: Int) {
    if emptied[position] { emptiedBytes -= sizes[position] } else { bytes -= sizes[position] }
    inputs[position] = nil
    markups[position] = RegionMarkup("")
    sizes[position] = 0
    emptied[position] = false
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
    var newEmptied: [Bool] = []
    newInputs.reserveCapacity(alignment.oldIndex.count)
    newMarkups.reserveCapacity(alignment.oldIndex.count)
    newSizes.reserveCapacity(alignment.oldIndex.count)
    newHolds.reserveCapacity(alignment.oldIndex.count)
    newEmptied.reserveCapacity(alignment.oldIndex.count)
    var kept = 0, keptEmptied = 0
    for (k, was) in alignment.oldIndex.enumerated() {
      if let was, was < inputs.count, inputs[was] != nil {
        newInputs.append(inputs[was])
        newMarkups.append(markups[was])
        newSizes.append(sizes[was])
        newHolds.append(clientHolds[was] && alignment.staysInPlace[k])
        newEmptied.append(emptied[was])
        if emptied[was] { keptEmptied += sizes[was] } else { kept += sizes[was] }
      } else {
        newInputs.append(nil)
        newMarkups.append(RegionMarkup(""))
        newSizes.append(0)
        newHolds.append(false)
        newEmptied.append(false)
      }
    }
    inputs = newInputs
    markups = newMarkups
    sizes = newSizes
    clientHolds = newHolds
    emptied = newEmptied
    bytes = kept
    emptiedBytes = keptEmptied
  }

  /// Lets go of every JSON text held (`ChartDocument.jsonLimit`).
  mutating func forgetJSON() {
    for k in markups.indices where markups[k].json != nil {
      markups[k].json = nil
      let freed = sizes[k] - markups[k].bytes
      if emptied[k] { emptiedBytes -= freed } else { bytes -= freed }
      sizes[k] = markups[k].bytes
    }
  }
}
