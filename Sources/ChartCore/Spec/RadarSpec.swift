/// Options of a radar (spider) chart: the categories around the web, its value range and how the
/// web is drawn. Each data set is one polygon with one value per category (protocol/spec/radar.md).
public struct RadarSpec: Sendable, Equatable {
  /// The fields, in one copy-on-write box: the spec, the edit checks' shapes and the highlight scene's
  /// key carry the radar's options on every update of every chart (they were 241 bytes).
  private var storage: CopyOnWrite<Fields>

  /// Labels around the web, one per spoke; entry `i` of every data set lies on spoke `i`.
  /// Empty: as many unlabelled spokes as the longest data set has entries.
  public var categories: [String] {
    _read { yield storage.value.categories }
    _modify { yield &storage.value.categories }
  }
  /// Angle of the first spoke in degrees, clockwise from 3 o'clock (270 = 12 o'clock, as iOS Charts).
  public var rotation: Double {
    _read { yield storage.value.rotation }
    _modify { yield &storage.value.rotation }
  }
  /// Value at the centre; 0 when absent (values below it are drawn at the centre).
  public var min: Double? {
    _read { yield storage.value.min }
    _modify { yield &storage.value.min }
  }
  /// Value at the outer ring; a nice value above the data when absent.
  public var max: Double? {
    _read { yield storage.value.max }
    _modify { yield &storage.value.max }
  }
  /// Most rings wanted: the value range is divided at nice steps into at most this many rings.
  public var ringCount: Int {
    _read { yield storage.value.ringCount }
    _modify { yield &storage.value.ringCount }
  }
  public var drawWeb: Bool {
    _read { yield storage.value.drawWeb }
    _modify { yield &storage.value.drawWeb }
  }
  /// Width of the spokes in px (iOS Charts `webLineWidth`).
  public var webLineWidth: Double {
    _read { yield storage.value.webLineWidth }
    _modify { yield &storage.value.webLineWidth }
  }
  /// Width of the rings in px (iOS Charts `innerWebLineWidth`); 0 draws no rings.
  public var innerWebLineWidth: Double {
    _read { yield storage.value.innerWebLineWidth }
    _modify { yield &storage.value.innerWebLineWidth }
  }
  /// Spoke colour; the theme's axis line colour when nil.
  public var webColor: Color? {
    _read { yield storage.value.webColor }
    _modify { yield &storage.value.webColor }
  }
  /// Ring colour; the spoke colour when nil.
  public var innerWebColor: Color? {
    _read { yield storage.value.innerWebColor }
    _modify { yield &storage.value.innerWebColor }
  }
  /// Opacity of spokes and rings (iOS Charts `webAlpha` 150/255).
  public var webOpacity: Double {
    _read { yield storage.value.webOpacity }
    _modify { yield &storage.value.webOpacity }
  }
  /// Spokes left out between two drawn ones (iOS Charts `skipWebLineCount`); vertices stay on every spoke.
  public var skipWebLineCount: Int {
    _read { yield storage.value.skipWebLineCount }
    _modify { yield &storage.value.skipWebLineCount }
  }
  /// Write each ring's value along the first spoke.
  public var drawRingLabels: Bool {
    _read { yield storage.value.drawRingLabels }
    _modify { yield &storage.value.drawRingLabels }
  }
  /// Formatter of ring labels and of the marker's value.
  public var format: FormatterSpec? {
    _read { yield storage.value.format }
    _modify { yield &storage.value.format }
  }
  /// Category label size in px (default: the chart's fontSize).
  public var labelFontSize: Double? {
    _read { yield storage.value.labelFontSize }
    _modify { yield &storage.value.labelFontSize }
  }
  /// Category label colour (default: the theme's text colour).
  public var labelColor: Color? {
    _read { yield storage.value.labelColor }
    _modify { yield &storage.value.labelColor }
  }

  /// Every default shares one box.
  public init() { storage = Self.defaults }

  private static let defaults = CopyOnWrite(Fields())

  struct Fields: Sendable, Equatable {
    var categories: [String] = []
    var rotation: Double = 270
    var min: Double? = nil
    var max: Double? = nil
    var ringCount: Int = 5
    var drawWeb: Bool = true
    var webLineWidth: Double = 1
    var innerWebLineWidth: Double = 0.75
    var webColor: Color? = nil
    var innerWebColor: Color? = nil
    var webOpacity: Double = 0.6
    var skipWebLineCount: Int = 0
    var drawRingLabels: Bool = true
    var format: FormatterSpec? = nil
    var labelFontSize: Double? = nil
    var labelColor: Color? = nil
  }
}
