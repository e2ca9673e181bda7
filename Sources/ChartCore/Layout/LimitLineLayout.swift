/// A limit line resolved to pixels: where it runs, how it looks, and its in-plot label.
///
/// On-axis labels are not here: they are `AxisBadge`s of the axis they sit on.
public struct LimitLineLayout: Sendable, Hashable {
  /// Line end points, aligned to the pixel grid for crisp thin lines.
  public var from: Point
  public var to: Point
  public var color: Color
  public var width: Double
  public var dash: [Double]
  public var inFront: Bool
  /// Label text drawn inside the plot (nil: none, or drawn on the axis).
  public var label: String?
  /// Baseline origin of the label.
  public var labelOrigin: Point
  /// SVG text-anchor of the label: "start" or "end".
  public var labelAnchor: String
  public var labelColor: Color
  public var fontSize: Double
  /// The plot pane it is drawn in, and clipped to (0: the main pane).
  public var pane: Int

  public init(from: Point, to: Point, color: Color, width: Double, dash: [Double], inFront: Bool, label: String?,
              labelOrigin: Point, labelAnchor: String, labelColor: Color, fontSize: Double, pane: Int = 0) {
    self.from = from
    self.to = to
    self.color = color
    self.width = width
    self.dash = dash
    self.inFront = inFront
    self.label = label
    self.labelOrigin = labelOrigin
    self.labelAnchor = labelAnchor
    self.labelColor = labelColor
    self.fontSize = fontSize
    self.pane = pane
  }
}
