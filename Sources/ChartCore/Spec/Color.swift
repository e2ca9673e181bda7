import Foundation

/// An sRGB colour with alpha, parsed from CSS notation and written canonically to SVG.
public struct Color: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// 0 (transparent) … 1 (opaque).
  public var alpha: Double

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = min(max(alpha, 0), 1)
  }

  /// `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(red: UInt8((hex >> 16) & 0xff), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff), alpha: alpha)
  }

  public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

  /// `#rrggbb`, lower case; alpha is written separately as an opacity attribute.
  ///
  /// Built in a stack buffer: seven bytes make a small (inline) string, so nothing is allocated.
  public var hexString: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { bytes in
      writeHex(into: bytes)
      return String(decoding: UnsafeBufferPointer(bytes), as: UTF8.self)
    }
  }

  /// Appends `hexString`'s bytes (markup writes colours without a `String` each).
  @inline(__always)
  func appendHex(to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { bytes in
      writeHex(into: bytes)
      out.append(contentsOf: UnsafeBufferPointer(bytes))
    }
  }

  /// `#rrggbb` into the first seven bytes of `bytes`.
  @inline(__always)
  private func writeHex(into bytes: UnsafeMutableBufferPointer<UInt8>) {
    @inline(__always) func digit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
    bytes[0] = UInt8(ascii: "#")
    bytes[1] = digit(red >> 4)
    bytes[2] = digit(red & 0xf)
    bytes[3] = digit(green >> 4)
    bytes[4] = digit(green & 0xf)
    bytes[5] = digit(blue >> 4)
    bytes[6] = digit(blue & 0xf)
  }

  /// Mixes toward `other` by `t` (0 = self, 1 = other); used for dimmed legend items and gradients.
  public func mixed(with other: Color, _ t: Double) -> Color {
    func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Int(clamping: (Double(a) + (Double(b) - Double(a)) * t).rounded(), to: 0...255)) }
    return Color(red: m(red, other.red), green: m(green, other.green), blue: m(blue, other.blue),
                 alpha: alpha + (other.alpha - alpha) * t)
  }

  /// Relative luminance (WCAG), used to pick readable text on a coloured background.
  public var luminance: Double {
    func lin(_ c: UInt8) -> Double {
      let s = Double(c) / 255
      return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue)
  }

  /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)`, `transparent` and CSS names.
  public init?(parsing text: String) {
    let s = text.trimmingWhitespace().lowercased()
    if s.hasPrefix("#") {
      let hex = Array(s.utf8.dropFirst())
      guard hex.allSatisfy({ Color.hexDigit($0) != nil }) else { return nil }
      let v = hex.map { UInt8(Color.hexDigit($0)!) }
      switch v.count {
      case 3, 4:
        self.init(red: v[0] * 17, green: v[1] * 17, blue: v[2] * 17, alpha: v.count == 4 ? Double(v[3] * 17) / 255 : 1)
      case 6, 8:
        self.init(red: v[0] << 4 | v[1], green: v[2] << 4 | v[3], blue: v[4] << 4 | v[5],
                  alpha: v.count == 8 ? Double(v[6] << 4 | v[7]) / 255 : 1)
      default: return nil
      }
      return
    }
    if s.hasPrefix("rgb(") || s.hasPrefix("rgba("), s.hasSuffix(")") {
      let inner = s.drop(while: { $0 != "(" }).dropFirst().dropLast()
      let parts = inner.split(separator: ",").map { String($0).trimmingWhitespace() }
      guard parts.count == 3 || parts.count == 4 else { return nil }
      var rgb: [UInt8] = []
      for p in parts.prefix(3) {
        guard let d = Double(p), d >= 0, d <= 255 else { return nil }
        rgb.append(UInt8(d.rounded()))
      }
      var a = 1.0
      if parts.count == 4 {
        guard let d = Double(parts[3]), d >= 0, d <= 1 else { return nil }
        a = d
      }
      self.init(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: a)
      return
    }
    if s == "transparent" { self.init(red: 0, green: 0, blue: 0, alpha: 0); return }
    guard let hex = Color.named[s] else { return nil }
    self.init(hex: hex)
  }

  private static func hexDigit(_ c: UInt8) -> Int? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a") + 10)
    default: return nil
    }
  }

  /// The common CSS colour names.
  static let named: [String: UInt32] = [
    "black": 0x000000, "white": 0xffffff, "red": 0xff0000, "green": 0x008000, "blue": 0x0000ff,
    "yellow": 0xffff00, "orange": 0xffa500, "purple": 0x800080, "gray": 0x808080, "grey": 0x808080,
    "silver": 0xc0c0c0, "maroon": 0x800000, "olive": 0x808000, "lime": 0x00ff00, "aqua": 0x00ffff,
    "cyan": 0x00ffff, "teal": 0x008080, "navy": 0x000080, "fuchsia": 0xff00ff, "magenta": 0xff00ff,
    "pink": 0xffc0cb, "brown": 0xa52a2a, "gold": 0xffd700, "indigo": 0x4b0082, "violet": 0xee82ee,
    "coral": 0xff7f50, "salmon": 0xfa8072, "tomato": 0xff6347, "crimson": 0xdc143c, "khaki": 0xf0e68c,
    "lightgray": 0xd3d3d3, "lightgrey": 0xd3d3d3, "darkgray": 0xa9a9a9, "darkgrey": 0xa9a9a9,
    "steelblue": 0x4682b4, "skyblue": 0x87ceeb, "seagreen": 0x2e8b57, "forestgreen": 0x228b22,
    "darkorange": 0xff8c00, "slategray": 0x708090, "dodgerblue": 0x1e90ff, "firebrick": 0xb22222,
    "orchid": 0xda70d6, "turquoise": 0x40e0d0, "chocolate": 0xd2691e, "tan": 0xd2b48c,
  ]
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines (Foundation-free).
  func trimmingWhitespace() -> String {
    let ws: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !ws($0) }), let last = lastIndex(where: { !ws($0) }) else { return "" }
    return String(self[first...last])
  }
}
