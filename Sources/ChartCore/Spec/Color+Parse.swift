import Foundation

/// Reading colours as CSS writes them (CSS Color Module Level 4, the sRGB forms).
extension Color {
  /// The forms a colour may take, for messages.
  public static let formsHint = "use #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), transparent or a CSS colour name"

  /// Parses a colour, ignoring case and surrounding spaces: `#rgb`, `#rgba`, `#rrggbb`,
  /// `#rrggbbaa`; `rgb()`/`rgba()` and `hsl()`/`hsla()` with commas (`rgb(255, 0, 0)`,
  /// `hsla(0, 100%, 50%, 0.5)`) or with spaces and a slash before the alpha (`rgb(255 0 0 / 50%)`);
  /// `transparent`; and the 148 CSS colour names.
  ///
  /// A component outside its range (`rgb(300, 0, 0)`, an alpha of 2) is refused rather than clamped
  /// as a style sheet would: in a chart spec it is a mistake worth a message.
  public init?(parsing text: String) {
    let s = text.trimmingWhitespace().lowercased()
    if s.hasPrefix("#") {
      guard let c = Color.hex(s.utf8.dropFirst()) else { return nil }
      self = c
      return
    }
    if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
      let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
      guard let (values, alpha) = Color.arguments(inner) else { return nil }
      var a = 1.0
      if let alpha {
        guard let v = Color.alpha(alpha) else { return nil }
        a = v
      }
      switch s[..<open] {
      case "rgb", "rgba":
        guard let r = Color.channel(values[0]), let g = Color.channel(values[1]), let b = Color.channel(values[2]) else { return nil }
        self.init(red: r, green: g, blue: b, alpha: a)
      case "hsl", "hsla":
        guard let h = Color.hue(values[0]), let sat = Color.percent(values[1]), let light = Color.percent(values[2]) else { return nil }
        self = Color.fromHSL(hue: h, saturation: sat / 100, lightness: light / 100).withAlpha(a)
      default:
        return nil
      }
      return
    }
    if s == "transparent" {
      self.init(red: 0, green: 0, blue: 0, alpha: 0)
      return
    }
    guard let hex = Color.named[s] else { return nil }
    self.init(hex: hex)
  }

  /// The problem with `text` as a colour, for a diagnostic: the closest colour name when it looks
  /// like a misspelt one, else the forms a colour may take.
  public static func problem(with text: String) -> String {
    let word = text.trimmingWhitespace().lowercased()
    if !word.isEmpty, word.allSatisfy({ $0.isLetter }),
       let meant = Suggestions.closest(to: word, in: named.keys.sorted() + ["transparent"]) {
      return "'\(text)' is not a colour (did you mean '\(meant)'?)"
    }
    return "'\(text)' is not a colour (\(formsHint))"
  }

  /// The colour of CSS's `hsl()` (hue in degrees, saturation and lightness 0 … 1), each channel
  /// rounded to the nearest of 256 levels.
  public static func fromHSL(hue: Double, saturation: Double, lightness: Double) -> Color {
    var h = hue.truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    let a = saturation * min(lightness, 1 - lightness)
    func f(_ n: Double) -> UInt8 {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let v = lightness - a * max(-1, min(k - 3, 9 - k, 1))
      return UInt8((min(max(v, 0), 1) * 255).rounded())
    }
    return Color(red: f(0), green: f(8), blue: f(4))
  }

  /// `#` already dropped: 3, 4, 6 or 8 hexadecimal digits.
  private static func hex(_ digits: Substring.UTF8View) -> Color? {
    var v: [UInt8] = []
    for c in digits {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): v.append(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): v.append(c - UInt8(ascii: "a") + 10)
      default: return nil
      }
    }
    switch v.count {
    case 3, 4:
      return Color(red: v[0] * 17, green: v[1] * 17, blue: v[2] * 17, alpha: v.count == 4 ? Double(v[3] * 17) / 255 : 1)
    case 6, 8:
      return Color(red: v[0] << 4 | v[1], green: v[2] << 4 | v[3], blue: v[4] << 4 | v[5],
                   alpha: v.count == 8 ? Double(v[6] << 4 | v[7]) / 255 : 1)
    default:
      return nil
    }
  }

  /// A function's three components and its alpha: `a, b, c[, alpha]` or `a b c[ / alpha]`.
  private static func arguments(_ inner: Substring) -> ([Substring], Substring?)? {
    let parts: [Substring]
    var alpha: Substring?
    if inner.contains(",") {
      guard !inner.contains("/") else { return nil }
      parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { Substring(String($0).trimmingWhitespace()) }
      guard parts.count == 3 || parts.count == 4 else { return nil }
      if parts.count == 4 { alpha = parts[3] }
    } else {
      let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
      guard let components = halves.first, halves.count <= 2 else { return nil }
      parts = components.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      guard parts.count == 3 else { return nil }
      if halves.count == 2 {
        let a = String(halves[1]).trimmingWhitespace()
        guard !a.contains(" ") else { return nil }
        alpha = Substring(a)
      }
    }
    return (Array(parts.prefix(3)), alpha)
  }

  /// A red, green or blue component: 0 … 255 or 0% … 100%.
  private static func channel(_ t: Substring) -> UInt8? {
    let v: Double
    if t.hasSuffix("%") {
      guard let p = number(t.dropLast()), p >= 0, p <= 100 else { return nil }
      v = p * 255 / 100
    } else {
      guard let n = number(t), n >= 0, n <= 255 else { return nil }
      v = n
    }
    return UInt8(v.rounded())
  }

  /// An alpha: 0 … 1 or 0% … 100%.
  private static func alpha(_ t: Substring) -> Double? {
    if t.hasSuffix("%") {
      guard let p = number(t.dropLast()), p >= 0, p <= 100 else { return nil }
      return p / 100
    }
    guard let n = number(t), n >= 0, n <= 1 else { return nil }
    return n
  }

  /// A saturation or lightness, 0 … 100 with or without `%`.
  private static func percent(_ t: Substring) -> Double? {
    guard let p = number(t.hasSuffix("%") ? t.dropLast() : t), p >= 0, p <= 100 else { return nil }
    return p
  }

  /// A hue in degrees: a number, or one with the unit `deg`, `grad`, `rad` or `turn`.
  private static func hue(_ t: Substring) -> Double? {
    for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where t.hasSuffix(unit) {
      return number(t.dropLast(unit.count)).map { $0 * degrees }
    }
    return number(t)
  }

  /// A CSS number: an optional sign, digits with an optional fraction (or a fraction alone), an
  /// optional exponent. `Double(_:)` alone would also take `nan`, `inf` and hexadecimal.
  private static func number(_ t: Substring) -> Double? {
    var bytes = Array(t.utf8)[...]
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    func digits() -> Int {
      let n = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
      bytes = bytes.dropFirst(n)
      return n
    }
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      let fraction = digits()
      guard fraction > 0 else { return nil }
      mantissa += fraction
    }
    guard mantissa > 0 else { return nil }
    if bytes.first == UInt8(ascii: "e") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty, let v = Double(t), v.isFinite else { return nil }
    return v
  }
}
