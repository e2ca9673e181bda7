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
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines (Foundation-free).
  func trimmingWhitespace() -> String {
    let ws: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !ws($0) }), let last = lastIndex(where: { !ws($0) }) else { return "" }
    return String(self[first...last])
  }
}
