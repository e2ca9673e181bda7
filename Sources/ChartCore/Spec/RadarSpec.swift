/// Options of a radar (spider) chart: the categories around the web, its value range and how the
/// web is drawn. Each data set is one polygon with one value per category (protocol/spec/radar.md).
public struct RadarSpec: Sendable, Equatable {
  /// Labels around the web, one per spoke; entry `i` of every data set lies on spoke `i`.
  /// Empty: as many unlabelled spokes as the longest data set has entries.
  public var categories: [String] = []
  /// Angle of the first spoke in degrees, clockwise from 3 o'clock (270 = 12 o'clock, as iOS Charts).
  public var rotation: Double = 270
  /// Value at the centre; 0 when absent (values below it are drawn at the centre).
  public var min: Double? = nil
  /// Value at the outer ring; a nice value above the data when absent.
  public var max: Double? = nil
  /// Most rings wanted: the value range is divided at nice steps into at most this many rings.
  public var ringCount: Int = 5
  public var drawWeb: Bool = true
  /// Width of the spokes in px (iOS Charts `webLineWidth`).
  public var webLineWidth: Double = 1
  /// Width of the rings in px (iOS Charts `innerWebLineWidth`); 0 draws no rings.
  public var innerWebLineWidth: Double = 0.75
  /// Spoke colour; the theme's axis line colour when nil.
  public var webColor: Color? = nil
  /// Ring colour; the spoke colour when nil.
  public var innerWebColor: Color? = nil
  /// Opacity of spokes and rings (iOS Charts `webAlpha` 150/255).
  public var webOpacity: Double = 0.6
  /// Spokes left out between two drawn ones (iOS Charts `skipWebLineCount`); vertices stay on every spoke.
  public var skipWebLineCount: Int = 0
  /// Write each ring's value along the first spoke.
  public var drawRingLabels: Bool = true
  /// Formatter of ring labels and of the marker's value.
  public var format: FormatterSpec? = nil
  /// Category label size in px (default: the chart's fontSize).
  public var labelFontSize: Double? = nil
  /// Category label colour (default: the theme's text colour).
  public var labelColor: Color? = nil
  public init() {}
}
