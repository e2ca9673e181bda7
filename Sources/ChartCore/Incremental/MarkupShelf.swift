/// The markup each region had before its last change, with the input it was rendered with.
///
/// A region's markup is a function of its input (that is what `RegionInputs` promises, and the patch
/// property tests hold it to), and an input names its content for good: series chunks are named by
/// a layer epoch that always denotes the same layer key and a revision drawn once from a global
/// counter. So a change that brings a region back to an input it had before — showing a data set
/// after hiding it, undoing an edit, zooming back — can take the shelved markup instead of running
/// the renderer. One entry per region of the current order, by position (`realign` follows a change
/// of order), and at most `byteLimit` bytes in all.
struct MarkupShelf: Sendable {
  /// Markup bytes the shelf may hold per document (`protocol/transport.md`, "Memory").
  static let byteLimit = 1 << 20

  // One entry per region in three arrays, not one array of optional pairs: an entry was copied out
  // whole (the input, both texts) to read its input or its size.
  /// The input each entry was rendered from (nil: no entry).
  private var inputs: [RegionInput?] = []
  private var markups: [RegionMarkup] = []
  /// Bytes of each entry's texts.
  private var sizes: [Int] = []
  /// Whether the client holds each entry as the region's previous markup (`protocol/patch.md`,
  /// "Restored regions"): it was shelved by a change the client saw as a fragment or a restore, no
  /// change of order has moved the region since, and no full SVG has gone out.
  private var clientHolds: [Bool] = []
  /// Bytes of text held, JSON texts included.
  private(set) var bytes = 0

  /// The markup shelved for the region at `position` if it was rendered from exactly `input`.
  func markup(at position: Int, for input: RegionInput) -> RegionMarkup? {
    guard position < inputs.count, inputs[position] == input else { return nil }
    return markups[position]
  }

  /// Whether the client holds the entry at `position` as that region's previous markup.
  func clientHolds(at position: Int) -> Bool { position < clientHolds.count && clientHolds[position] }

  /// Keeps `markup` (rendered from `input`) as the previous state of the region at `position`,
  /// when it fits the limit.
  ///
  /// - Parameter clientHolds: whether the client sees the change as a fragment or a restore in
  ///   place, and so holds `markup` as the region's previous markup from now on.
  mutating func keep(at position: Int, input: RegionInput, markup: RegionMarkup, clientHolds: Bool) {
    guard position < inputs.count else { return }
    let replaced = sizes[position], added = markup.bytes
    guard bytes - replaced + added <= Self.byteLimit else {
      // The entry stays an older state, which the client no longer holds.
      self.clientHolds[position] = false
      return
    }
    inputs[position] = input
    markups[position] = markup
    sizes[position] = added
    self.clientHolds[position] = clientHolds
    bytes += added - replaced
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
    newInputs.reserveCapacity(alignment.oldIndex.count)
    newMarkups.reserveCapacity(alignment.oldIndex.count)
    newSizes.reserveCapacity(alignment.oldIndex.count)
    newHolds.reserveCapacity(alignment.oldIndex.count)
    var kept = 0
    for (k, was) in alignment.oldIndex.enumerated() {
      if let was, was < inputs.count, inputs[was] != nil {
        newInputs.append(inputs[was])
        newMarkups.append(markups[was])
        newSizes.append(sizes[was])
        newHolds.append(clientHolds[was] && alignment.staysInPlace[k])
        kept += sizes[was]
      } else {
        newInputs.append(nil)
        newMarkups.append(RegionMarkup(""))
        newSizes.append(0)
        newHolds.append(false)
      }
    }
    inputs = newInputs
    markups = newMarkups
    sizes = newSizes
    clientHolds = newHolds
    bytes = kept
  }

  /// Lets go of every JSON text held (`ChartDocument.jsonLimit`).
  mutating func forgetJSON() {
    for k in markups.indices where markups[k].json != nil {
      markups[k].json = nil
      bytes -= sizes[k] - markups[k].bytes
      sizes[k] = markups[k].bytes
    }
  }
}
