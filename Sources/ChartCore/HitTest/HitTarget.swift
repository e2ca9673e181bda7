/// What lies under a point of the SVG: a legend item, an entry, the plot area or an axis.
public struct HitTarget: Sendable, Equatable {
  /// `dataSet`: inside a radar polygon, away from its vertices. `legendMore`: the legend's "+N more"
  /// item, which names the entries it stands for.
  public enum Kind: String, Sendable { case legendItem, legendMore, entry, dataSet, plotArea, axis }

  /// A legend item the "+N more" item stands for: what a hit on that item, were it shown, would name.
  public struct LegendItem: Sendable, Equatable {
    /// The data set it toggles (a pie's: the pie's data set, `index` the slice); nil for a stacked
    /// bar's stack-label item, which toggles nothing.
    public var dataSet: String?
    /// Pie slice or stack label index.
    public var index: Int?
    /// Its whole label.
    public var label: String
    /// Drawn dimmed: its data set or slice is hidden (or a pie entry is negative and draws no slice).
    public var hidden: Bool

    public init(dataSet: String?, index: Int?, label: String, hidden: Bool) {
      self.dataSet = dataSet
      self.index = index
      self.label = label
      self.hidden = hidden
    }
  }

  public var kind: Kind
  public var dataSet: String?
  /// Entry index (entries, pie slices and their legend items).
  public var index: Int?
  /// "x", "left", "right" or "pane" (a lower pane's value axis) for axes.
  public var axis: String?
  /// Data coordinates: of the entry, or of the point in the plot area.
  public var x: Double?
  public var y: Double?
  /// Axis value under the point; for a stack segment, the segment's own value.
  public var value: Double?
  /// The stack segment under the point, for a stacked bar entry (what `setHighlight` takes as `stackIndex`).
  public var stackIndex: Int?
  /// The pane under the point (entries, plot area and pane axes of a chart split into panes).
  public var pane: Int?
  /// `legendMore`: how many entries the item stands for, and the first of them (at most `HitTester.maxListed`).
  public var count: Int?
  public var items: [LegendItem]?

  public init(kind: Kind, dataSet: String? = nil, index: Int? = nil, axis: String? = nil, x: Double? = nil,
              y: Double? = nil, value: Double? = nil, stackIndex: Int? = nil) {
    self.kind = kind
    self.dataSet = dataSet
    self.index = index
    self.axis = axis
    self.x = x
    self.y = y
    self.value = value
    self.stackIndex = stackIndex
  }
}
