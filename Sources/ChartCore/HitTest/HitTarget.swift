/// What lies under a point of the SVG: a legend item, an entry, the plot area or an axis.
public struct HitTarget: Sendable, Equatable {
  /// `dataSet`: inside a radar polygon, away from its vertices.
  public enum Kind: String, Sendable { case legendItem, entry, dataSet, plotArea, axis }

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
