/// Colours and type of a theme: light, dark or high contrast.
public struct Theme: Sendable, Hashable {
  public var name: ThemeName
  public var background: Color
  public var text: Color
  public var secondaryText: Color
  public var axisLine: Color
  public var grid: Color
  public var zeroLine: Color
  public var highlight: Color
  public var markerBackground: Color
  public var markerText: Color
  public var limitLine: Color
  public var candleIncreasing: Color
  public var candleDecreasing: Color
  public var candleNeutral: Color
  /// Data set colours by position.
  public var palette: [Color]
  public var fontFamily: String

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
