/// The entries a series chunk draws: a contiguous range (lossless) or chosen indices (M4), in x order.
public enum EntryIndices: Sendable, Equatable {
  case range(Range<Int>)
  case list([Int])

  public var count: Int {
    switch self {
    case .range(let r): return r.count
    case .list(let l): return l.count
    }
  }

  /// Calls `body` with each index in order.
  @inline(__always)
  public func forEach(_ body: (Int) -> Void) {
    switch self {
    case .range(let r): for i in r { body(i) }
    case .list(let l): for i in l { body(i) }
    }
  }

  /// Calls `body` with the indices at positions `start ..< end` (to the last when `end` is nil), in order.
  @inline(__always)
  public func forEach(from start: Int, upTo end: Int? = nil, _ body: (Int) -> Void) {
    let stop = Swift.min(end ?? count, count)
    guard start >= 0, start < stop else { return }
    switch self {
    case .range(let r): for i in (r.lowerBound + start)..<(r.lowerBound + stop) { body(i) }
    case .list(let l): for k in start..<stop { body(l[k]) }
    }
  }

  public var first: Int? {
    switch self {
    case .range(let r): return r.isEmpty ? nil : r.lowerBound
    case .list(let l): return l.first
    }
  }
}

/// What a series renderer reads to draw one chunk of one data set: a pure input, no state.
public struct SeriesContext: Sendable {
  public let model: ChartModel
  public let layout: ChartLayout
  public let dataSetIndex: Int
  /// The data set's resolved main colour.
  public let color: Color
  public let xScale: ValueScale
  public let yScale: ValueScale
  /// Entries of this chunk. A line chunk includes the last entry of the previous chunk so that
  /// chunks join without a gap.
  public let indices: EntryIndices
  /// The region's element id: prefix for ids of `<defs>` the renderer writes (gradients, clips).
  public let regionID: String
  /// The bands of a stacked line data set (nil when it does not stack).
  let stack: StackBands?
  /// The pane the data set is drawn in: the plot, or a lower pane's rectangle.
  public let plot: Rect

  public init(model: ChartModel, layout: ChartLayout, dataSetIndex: Int, color: Color, xScale: ValueScale,
              yScale: ValueScale, indices: EntryIndices, regionID: String) {
    self.model = model
    self.layout = layout
    self.dataSetIndex = dataSetIndex
    self.color = color
    self.xScale = xScale
    self.yScale = yScale
    self.indices = indices
    self.regionID = regionID
    stack = model.stackGroup(of: dataSetIndex).map { StackBands(model, group: $0, dataSet: dataSetIndex) }
    plot = layout.plotRect(model.valueAxis(of: dataSetIndex))
  }

  public var spec: ChartSpec { model.spec }
  public var dataSet: DataSetSpec { model.spec.dataSets[dataSetIndex] }
  /// Read in place: a copy of the entries is a copy of every column reference.
  public var entries: EntryColumns {
    _read { yield model.spec.dataSets[dataSetIndex].entries }
  }
  public var theme: Theme { layout.theme }

  /// Colour of entry `i`: per-entry override, then the data set's colour list, then its colour.
  ///
  /// The list is cycled by the entry's absolute position (`entryOffset + i`), not by `i`: an entry
  /// keeps its colour when entries leave the front (a sliding window), as its chunk keeps its id —
  /// otherwise every untouched chunk would have to be redrawn in new colours.
  public func color(ofEntry i: Int) -> Color {
    if let c = entries.colors?[i] { return c }
    let list = dataSet.colors
    guard !list.isEmpty else { return color }
    let position = model.series[dataSetIndex].origin &+ i
    return list[((position % list.count) + list.count) % list.count]
  }
}
