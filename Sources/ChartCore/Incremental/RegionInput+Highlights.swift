import ChartdJSON

/// What item highlights (or the item marker, drawn for the first of them) read, as one value.
///
/// A list of values cost a box and an array for each group of values, about ten allocations per
/// region on every highlight (a pointer moving over a chart sends one per move); this is one box
/// and one array, compared field by field.
struct HighlightInput: Equatable, Sendable {
  let marker: Bool
  let highlights: ArraySlice<HighlightSpec>
  /// The highlight scene's epoch (`RegionInputs.highlightSceneKey`).
  let scene: UInt64
  let items: [Item]

  /// What one highlight reads of its data set.
  struct Item: Equatable, Sendable {
    /// The id of a data set that does not exist (nothing else is read then).
    var missing: String?
    var style: CopyOnWrite<DataSetSpec.Style>?
    var entryOffset = 0
    var source: [String: JSONValue] = [:]
    var color: Color?
    var index = -1
    /// The data revisions of the other sets of its stack group (a stacked entry stands on them).
    var stackRevisions: [UInt64] = []
    /// The whole set's data revision, where the drawing reads the whole set (pie shares, bubble radii).
    var dataRevision: UInt64?
    /// The highlighted entry, where the drawing reads that one alone.
    var entry: EntrySnapshot?
    /// A candle marker's date title (the outer nil: not read).
    var candleDate: String??
  }
}

/// The values of one entry, for inputs that depend on single entries (highlights): NaN is read
/// as −∞, since NaN never equals itself and the input would always look changed.
struct EntrySnapshot: Equatable, Sendable {
  var x, y, size, open, high, low, close: Double
  var stack: [Double]
  var label: String?
  var color: Color?

  init(_ e: EntryColumns, _ i: Int) {
    func read(_ d: Double) -> Double { d.isNaN ? -.infinity : d }
    x = read(e.x[i])
    y = read(e.y[i])
    size = read(e.size?[i] ?? 0)
    open = read(e.open?[i] ?? 0)
    high = read(e.high?[i] ?? 0)
    low = read(e.low?[i] ?? 0)
    close = read(e.close?[i] ?? 0)
    stack = e.stacks?[i] ?? []
    label = e.labels?[i] ?? nil
    color = e.colors?[i] ?? nil
  }
}
