/// Colours and type of a theme: light, dark or high contrast.
public struct Theme: Sendable, Hashable {
  /// The stored parts, in one copy-on-write box: the model and the layout carry the theme, region
  /// inputs and layer keys copy and compare it on every update, and its fields are 240 bytes; the
  /// built-in themes are shared boxes, so two copies of one compare equal without reading it.
  private var storage: CopyOnWrite<Fields>

  public var name: ThemeName {
    _read { yield storage.value.name }
    _modify { yield &storage.value.name }
  }
  public var background: Color {
    _read { yield storage.value.background }
    _modify { yield &storage.value.background }
  }
  public var text: Color {
    _read { yield storage.value.text }
    _modify { yield &storage.value.text }
  }
  public var secondaryText: Color {
    _read { yield storage.value.secondaryText }
    _modify { yield &storage.value.secondaryText }
  }
  public var axisLine: Color {
    _read { yield storage.value.axisLine }
    _modify { yield &storage.value.axisLine }
  }
  public var grid: Color {
    _read { yield storage.value.grid }
    _modify { yield &storage.value.grid }
  }
  public var zeroLine: Color {
    _read { yield storage.value.zeroLine }
    _modify { yield &storage.value.zeroLine }
  }
  public var highlight: Color {
    _read { yield storage.value.highlight }
    _modify { yield &storage.value.highlight }
  }
  public var markerBackground: Color {
    _read { yield storage.value.markerBackground }
    _modify { yield &storage.value.markerBackground }
  }
  public var markerText: Color {
    _read { yield storage.value.markerText }
    _modify { yield &storage.value.markerText }
  }
  public var limitLine: Color {
    _read { yield storage.value.limitLine }
    _modify { yield &storage.value.limitLine }
  }
  public var candleIncreasing: Color {
    _read { yield storage.value.candleIncreasing }
    _modify { yield &storage.value.candleIncreasing }
  }
  public var candleDecreasing: Color {
    _read { yield storage.value.candleDecreasing }
    _modify { yield &storage.value.candleDecreasing }
  }
  public var candleNeutral: Color {
    _read { yield storage.value.candleNeutral }
    _modify { yield &storage.value.candleNeutral }
  }
  /// Data set colours by position.
  public var palette: [Color] {
    _read { yield storage.value.palette }
    _modify { yield &storage.value.palette }
  }
  public var fontFamily: String {
    _read { yield storage.value.fontFamily }
    _modify { yield &storage.value.fontFamily }
  }

  init(name: ThemeName, background: Color, text: Color, secondaryText: Color, axisLine: Color, grid: Color,
       zeroLine: Color, highlight: Color, markerBackground: Color, markerText: Color, limitLine: Color,
       candleIncreasing: Color, candleDecreasing: Color, candleNeutral: Color, palette: [Color], fontFamily: String) {
    storage = CopyOnWrite(Fields(
      name: name, background: background, text: text, secondaryText: secondaryText, axisLine: axisLine, grid: grid,
      zeroLine: zeroLine, highlight: highlight, markerBackground: markerBackground, markerText: markerText,
      limitLine: limitLine, candleIncreasing: candleIncreasing, candleDecreasing: candleDecreasing,
      candleNeutral: candleNeutral, palette: palette, fontFamily: fontFamily))
  }

  struct Fields: Sendable, Hashable {
    var name: ThemeName
    var background: Color
    var text: Color
    var secondaryText: Color
    var axisLine: Color
    var grid: Color
    var zeroLine: Color
    var highlight: Color
    var markerBackground: Color
    var markerText: Color
    var limitLine: Color
    var candleIncreasing: Color
    var candleDecreasing: Color
    var candleNeutral: Color
    var palette: [Color]
    var fontFamily: String
  }

  public static func named(_ name: ThemeName) -> Theme {
    switch name {
    case .light: return .light
    case .dark: return .dark
    case .highContrast: return .highContrast
    }
  }

  /// The palette colour for the data set (or slice) at `index`.
  public func paletteColor(_ index: Int) -> Color { palette[((index % palette.count) + palette.count) % palette.count] }

  /// Helvetica/Arial first: text is measured with their metrics (Liberation Sans is metric-compatible).
  static let fonts = "Helvetica,Arial,'Liberation Sans',sans-serif"

  public static let light = Theme(
    name: .light, background: Color(hex: 0xffffff), text: Color(hex: 0x1f2328), secondaryText: Color(hex: 0x57606a),
    axisLine: Color(hex: 0x8c959f), grid: Color(hex: 0xe6e8eb), zeroLine: Color(hex: 0x8c959f),
    highlight: Color(hex: 0xffbb73), markerBackground: Color(hex: 0x1f2328), markerText: Color(hex: 0xffffff),
    limitLine: Color(hex: 0xd1242f), candleIncreasing: Color(hex: 0x1a7f37), candleDecreasing: Color(hex: 0xcf222e),
    candleNeutral: Color(hex: 0x57606a),
    palette: [0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac]
      .map { Color(hex: $0) },
    fontFamily: fonts)

  public static let dark = Theme(
    name: .dark, background: Color(hex: 0x0d1117), text: Color(hex: 0xe6edf3), secondaryText: Color(hex: 0x9198a1),
    axisLine: Color(hex: 0x6e7681), grid: Color(hex: 0x262c36), zeroLine: Color(hex: 0x6e7681),
    highlight: Color(hex: 0xffbb73), markerBackground: Color(hex: 0xe6edf3), markerText: Color(hex: 0x0d1117),
    limitLine: Color(hex: 0xff7b72), candleIncreasing: Color(hex: 0x3fb950), candleDecreasing: Color(hex: 0xf85149),
    candleNeutral: Color(hex: 0x9198a1),
    palette: [0x6ea8fe, 0xffa94d, 0xff6b6b, 0x63e6be, 0x8ce99a, 0xffe066, 0xda77f2, 0xfaa2c1, 0xd0a77b, 0xced4da]
      .map { Color(hex: $0) },
    fontFamily: fonts)

  public static let highContrast = Theme(
    name: .highContrast, background: Color(hex: 0x000000), text: Color(hex: 0xffffff), secondaryText: Color(hex: 0xffffff),
    axisLine: Color(hex: 0xffffff), grid: Color(hex: 0x5c5c5c), zeroLine: Color(hex: 0xffffff),
    highlight: Color(hex: 0xffff00), markerBackground: Color(hex: 0xffffff), markerText: Color(hex: 0x000000),
    limitLine: Color(hex: 0xff4d4d), candleIncreasing: Color(hex: 0x00ff7f), candleDecreasing: Color(hex: 0xff4040),
    candleNeutral: Color(hex: 0xffffff),
    palette: [0x00b0ff, 0xffb000, 0xff4081, 0x00e676, 0xffff00, 0xe040fb, 0xffffff, 0xff6e40]
      .map { Color(hex: $0) },
    fontFamily: fonts)
}
