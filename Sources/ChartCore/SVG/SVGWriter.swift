/// Builds SVG markup with canonical numbers and escaping, so equal inputs give equal bytes.
///
/// Numbers are rounded to two decimals (1/100 px is below any display's resolution) and written
/// without trailing zeros; `-0` is written `0`. Markup never contains a raw newline: every region is
/// one line of the document, which is what lets a client patch the text form line by line.
public struct SVGWriter: Sendable {
  public private(set) var output: String

  public init(capacity: Int = 256) {
    output = ""
    output.reserveCapacity(capacity)
  }

  /// Appends markup as is (the caller guarantees it is well formed and escaped).
  @inline(__always)
  public mutating func raw(_ s: String) { output += s }

  /// Appends a number in canonical form.
  @inline(__always)
  public mutating func number(_ d: Double) { SVGNumber.append(d, to: &output) }

  /// `<name` — follow with `attr` calls and `close()` / `selfClose()`.
  @inline(__always)
  public mutating func open(_ name: String) {
    output += "<"
    output += name
  }

  /// ` name="value"` with the value escaped.
  @inline(__always)
  public mutating func attr(_ name: String, _ value: String) {
    output += " "
    output += name
    output += "=\""
    XMLEscape.appendAttribute(value, to: &output)
    output += "\""
  }

  /// ` name="path data"`: path data is ASCII digits, letters and punctuation that never need
  /// escaping, so its bytes go in without the escape scan.
  public mutating func attr(_ name: String, path: PathBuilder) {
    output += " "
    output += name
    output += "=\""
    output += path.data
    output += "\""
  }

  /// ` name="number"`.
  @inline(__always)
  public mutating func attr(_ name: String, _ value: Double) {
    output += " "
    output += name
    output += "=\""
    SVGNumber.append(value, to: &output)
    output += "\""
  }

  /// ` name="#rrggbb"` and, when the colour is translucent, ` name-opacity="a"` (fill/stroke).
  public mutating func attr(_ name: String, color: Color) {
    attr(name, color.hexString)
    if color.alpha < 1 { attr(name + "-opacity", color.alpha) }
  }

  /// ` stroke-dasharray="…"` when `dash` is non-empty.
  public mutating func dashAttr(_ dash: [Double]) {
    guard !dash.isEmpty else { return }
    output += " stroke-dasharray=\""
    for (i, d) in dash.enumerated() {
      if i > 0 { output += " " }
      SVGNumber.append(d, to: &output)
    }
    output += "\""
  }

  @inline(__always)
  public mutating func close() { output += ">" }

  @inline(__always)
  public mutating func selfClose() { output += "/>" }

  @inline(__always)
  public mutating func end(_ name: String) {
    output += "</"
    output += name
    output += ">"
  }

  /// Escaped character data.
  public mutating func text(_ s: String) { XMLEscape.appendText(s, to: &output) }

  /// A complete `<text>` element: position, optional anchor/size/colour/rotation, escaped content.
  public mutating func textElement(_ content: String, x: Double, y: Double, anchor: String? = nil,
                                   fontSize: Double? = nil, color: Color? = nil, rotate: Double = 0,
                                   baseline: String? = nil, weight: String? = nil) {
    open("text")
    attr("x", x)
    attr("y", y)
    if let anchor { attr("text-anchor", anchor) }
    if let baseline { attr("dominant-baseline", baseline) }
    if let fontSize { attr("font-size", fontSize) }
    if let weight { attr("font-weight", weight) }
    if let color { attr("fill", color: color) }
    if rotate != 0 {
      var t = SVGWriter()
      t.raw("rotate(")
      t.number(rotate)
      t.raw(" ")
      t.number(x)
      t.raw(" ")
      t.number(y)
      t.raw(")")
      attr("transform", t.output)
    }
    close()
    text(content)
    end("text")
  }
}

/// XML escaping for text and attribute values; also makes any string safe for one-line markup.
public enum XMLEscape {
  public static func appendText(_ s: String, to out: inout String) { append(s, to: &out, quotes: false) }
  public static func appendAttribute(_ s: String, to out: inout String) { append(s, to: &out, quotes: true) }

  public static func text(_ s: String) -> String {
    var o = ""
    appendText(s, to: &o)
    return o
  }

  private static func append(_ s: String, to out: inout String, quotes: Bool) {
    // Fast path: nothing to escape (0xef leads the UTF-8 of U+FFFE/U+FFFF).
    if !needsEscaping(s) {
      out += s
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x26: out += "&amp;"
      case 0x3c: out += "&lt;"
      case 0x3e: out += "&gt;"
      case 0x22 where quotes: out += "&quot;"
      case 0x27 where quotes: out += "&#39;"
      // Tab, newline and carriage return are legal XML but must not break the one-line-per-region form.
      case 0x09: out += "&#9;"
      case 0x0a: out += "&#10;"
      case 0x0d: out += "&#13;"
      // Other C0 controls and the non-characters U+FFFE/U+FFFF are not allowed in XML 1.0 at all.
      case 0x00..<0x20, 0xfffe, 0xffff: out += "\u{fffd}"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Whether any byte of `s` may need escaping: one plain loop over contiguous UTF-8 (path data
  /// of thousands of bytes goes through here).
  /// Bit b set: byte b (< 0x28) needs escaping — 0x00…0x1f, 0x22 `"`, 0x26 `&`, 0x27 `'`.
  private static let escapedBelow0x28: UInt64 = 0x0000_00C4_FFFF_FFFF

  @inline(__always)
  private static func needsEscaping(_ s: String) -> Bool {
    var copy = s
    return copy.withUTF8 { bytes in
      for b in bytes {
        // Below 0x28 a bit mask answers (C0 controls, `"`, `&`, `'`); above it only `<`, `>`, 0xef.
        if b < 0x28 ? (escapedBelow0x28 >> UInt64(b)) & 1 != 0 : (b == 0x3c || b == 0x3e || b == 0xef) { return true }
      }
      return false
    }
  }
}
