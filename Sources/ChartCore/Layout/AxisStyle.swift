/// How one axis is drawn, resolved from its spec and the theme so that renderers read only layout.
public struct AxisStyle: Sendable, Hashable {
  public var labelColor: Color = Color(hex: 0x57606a)
  public var lineColor: Color = Color(hex: 0x8c959f)
  public var gridColor: Color = Color(hex: 0xe6e8eb)
  public var gridDash: [Double] = []
  /// Length in px of the tick marks drawn outward from the axis line (0 = none).
  public var tickLength: Double = 0
  /// Pixel position of the zero line along the cross direction, when it is drawn and visible.
  public var zeroLine: Double? = nil
  public var zeroLineColor: Color = Color(hex: 0x8c959f)
  /// Labels repeated on the opposite side of the plot (x label position `both`).
  public var mirrored: Bool = false
  /// Gap in px between the axis line (or tick marks) and the labels.
  public var labelOffset: Double = 6
  public var titleFontSize: Double = 11
  public init() {}
}
