import ChartCore
import Foundation

/// A colour written in each CSS notation the spec reads, as short as writes it back exactly.
enum ColorNotation {
  /// The name (when one has the colour), hexadecimal, `rgb()` and `hsl()` forms; `rgba()` and
  /// `hsla()` and eight hexadecimal digits when the colour is translucent.
  static func labels(_ c: Color) -> [String] {
    let translucent = c.alpha < 1
    var out: [String] = []
    if let name = c.name { out.append(name) }
    if c.alpha == 0, c.red == 0, c.green == 0, c.blue == 0 { out.append("transparent") }
    let alphaByte = UInt8((c.alpha * 255).rounded())
    out.append(c.hexString + (translucent ? hex(alphaByte) : ""))
    let a = alpha(c.alpha)
    out.append(translucent ? "rgba(\(c.red), \(c.green), \(c.blue), \(a))" : "rgb(\(c.red), \(c.green), \(c.blue))")
    let (h, s, l) = hsl(c)
    out.append(translucent ? "hsla(\(h), \(s), \(l), \(a))" : "hsl(\(h), \(s), \(l))")
    return out
  }

  /// Hue, saturation and lightness with the fewest decimals (up to 3) that read back as `c`.
  static func hsl(_ c: Color) -> (String, String, String) {
    let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
    let maxV = max(r, g, b), minV = min(r, g, b), chroma = maxV - minV
    let l = (maxV + minV) / 2
    let s = chroma == 0 ? 0 : chroma / (1 - abs(2 * l - 1))
    var h = 0.0
    if chroma > 0 {
      if maxV == r { h = ((g - b) / chroma).truncatingRemainder(dividingBy: 6) }
      else if maxV == g { h = (b - r) / chroma + 2 }
      else { h = (r - g) / chroma + 4 }
      h *= 60
      if h < 0 { h += 360 }
    }
    for decimals in 0...3 {
      let f = pow(10, Double(decimals))
      let (hr, sr, lr) = ((h * f).rounded() / f, (s * 100 * f).rounded() / f, (l * 100 * f).rounded() / f)
      let back = Color.fromHSL(hue: hr, saturation: sr / 100, lightness: lr / 100)
      if (back.red, back.green, back.blue) == (c.red, c.green, c.blue) || decimals == 3 {
        return (number(hr), number(sr) + "%", number(lr) + "%")
      }
    }
    return ("0", "0%", "0%")
  }

  /// An alpha with at most three decimals, trailing zeros dropped.
  static func alpha(_ a: Double) -> String { number((a * 1000).rounded() / 1000) }

  private static func number(_ v: Double) -> String {
    if v == v.rounded() { return String(Int(v)) }
    var s = String(format: "%.3f", v)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  private static func hex(_ v: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(v >> 4)], digits[Int(v & 0xf)]])
  }
}
