/// Builds SVG markup with canonical numbers and escaping, so equal inputs give equal bytes.
///
/// Numbers are rounded to two decimals (1/100 px is below any display's resolution) and written
/// without trailing zeros; `-0` is written `0`. Markup never contains a raw newline: every region is
/// one line of the document, which is what lets a client patch the text form line by line.
///
/// The markup is kept as UTF-8 bytes and becomes a `String` once, in `output`: a region is
/// hundreds of small appends, and each `String` append pays for capacity and ASCII bookkeeping.
public struct SVGWriter: Sendable {
  /// The markup so far, UTF-8.
  public private(set) var bytes: [UInt8]

  public init(capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The markup as a string; it is converted each time, so read it once, when writing is done.
  public var output: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether nothing has been written.
  public var isEmpty: Bool { bytes.isEmpty }

  /// Appends markup as is (the caller guarantees it is well formed and escaped).
  @inline(__always)
  public mutating func raw(_ s: String) { Self.append(s, to: &bytes) }

  /// Appends the markup of another writer as is.
  @inline(__always)
  public mutating func raw(_ other: SVGWriter) { bytes.append(contentsOf: other.bytes) }

  /// Appends a number in canonical form.
  @inline(__always)
  public mutating func number(_ d: Double) { SVGNumber.append(d, to: &bytes) }

  /// Appends the UTF-8 of `s` to `out`.
  @inline(__always)
  static func append(_ s: String, to out: inout [UInt8]) {
    var s = s
    s.withUTF8 { out.append(contentsOf: $0) }
  }

  /// `<name` — follow with `attr` calls and `close()` / `selfClose()`.
  @inline(__always)
  public mutating func open(_ name: String) {
    bytes.append(UInt8(ascii: "<"))
    raw(name)
  }

  /// ` name="value"` with the value escaped.
  @inline(__always)
  public mutating func attr(_ name: String, _ value: String) {
    attrName(name)
    XMLEscape.appendAttribute(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="value"` with a constant value that needs no escaping (`"none"`, `"round"`): its bytes
  /// go in without the escape scan, as `attr(_:_:)` would write them.
  @inline(__always)
  mutating func attr(_ name: String, literal value: StaticString) {
    attrName(name)
    bytes.append(contentsOf: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="value"` with a value `body` writes piece by piece (`attributeText`, `escapedBytes`):
  /// a long label goes straight into the markup instead of through a `String` of its own.
  @inline(__always)
  mutating func attr(_ name: String, writing body: (inout SVGWriter) -> Void) {
    attrName(name)
    body(&self)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Part of an attribute value (see `attr(_:writing:)`), escaped.
  @inline(__always)
  mutating func attributeText(_ s: String) { XMLEscape.appendAttribute(s, to: &bytes) }

  /// Bytes the caller has escaped already.
  @inline(__always)
  mutating func escapedBytes(_ b: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: b) }

  /// Bytes the caller has escaped already.
  @inline(__always)
  mutating func escapedBytes(_ b: [UInt8]) { bytes.append(contentsOf: b) }

  /// Makes room for `count` more bytes at once (a chunk of many similar elements).
  mutating func reserve(more count: Int) { bytes.reserveCapacity(bytes.count + count) }

  /// ` name="` — the value and the closing quote follow.
  @inline(__always)
  private mutating func attrName(_ name: String) {
    bytes.append(UInt8(ascii: " "))
    raw(name)
    bytes.append(UInt8(ascii: "="))
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="path data"`: path data is ASCII digits, letters and punctuation that never need
  /// escaping, so its bytes go in without the escape scan.
  public mutating func attr(_ name: String, path: PathBuilder) {
    attrName(name)
    bytes.append(contentsOf: path.bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="number"`.
  @inline(__always)
  public mutating func attr(_ name: String, _ value: Double) {
    attrName(name)
    SVGNumber.append(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// ` name="#rrggbb"` and, when the colour is translucent, ` name-opacity="a"` (fill/stroke).
  public mutating func attr(_ name: String, color: Color) {
    attrName(name)
    color.appendHex(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    if color.alpha < 1 { attr(name + "-opacity", color.alpha) }
  }

  /// ` stroke-dasharray="…"` when `dash` is non-empty.
  public mutating func dashAttr(_ dash: [Double]) {
    guard !dash.isEmpty else { return }
    attrName("stroke-dasharray")
    for (i, d) in dash.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: " ")) }
      SVGNumber.append(d, to: &bytes)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  @inline(__always)
  public mutating func close() { bytes.append(UInt8(ascii: ">")) }

  @inline(__always)
  public mutating func selfClose() {
    bytes.append(UInt8(ascii: "/"))
    bytes.append(UInt8(ascii: ">"))
  }

  @inline(__always)
  public mutating func end(_ name: String) {
    bytes.append(UInt8(ascii: "<"))
    bytes.append(UInt8(ascii: "/"))
    raw(name)
    bytes.append(UInt8(ascii: ">"))
  }

  /// Escaped character data.
  public mutating func text(_ s: String) { XMLEscape.appendText(s, to: &bytes) }

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
  public static func appendText(_ s: String, to out: inout [UInt8]) { append(s, to: &out, quotes: false) }
  public static func appendAttribute(_ s: String, to out: inout [UInt8]) { append(s, to: &out, quotes: true) }

  public static func appendText(_ s: String, to out: inout String) { append(s, to: &out, quotes: false) }
  public static func appendAttribute(_ s: String, to out: inout String) { append(s, to: &out, quotes: true) }

  /// The byte form, appended to a string.
  private static func append(_ s: String, to out: inout String, quotes: Bool) {
    var bytes: [UInt8] = []
    append(s, to: &bytes, quotes: quotes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  public static func text(_ s: String) -> String {
    var o = ""
    appendText(s, to: &o)
    return o
  }

  private static func append(_ s: String, to out: inout [UInt8], quotes: Bool) {
    var s = s
    // Fast path: nothing to escape (0xef leads the UTF-8 of U+FFFE/U+FFFF).
    let plain = s.withUTF8 { utf8 in
      guard !needsEscaping(utf8) else { return false }
      out.append(contentsOf: utf8)
      return true
    }
    if plain { return }
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x26: append("&amp;", to: &out)
      case 0x3c: append("&lt;", to: &out)
      case 0x3e: append("&gt;", to: &out)
      case 0x22 where quotes: append("&quot;", to: &out)
      case 0x27 where quotes: append("&#39;", to: &out)
      // Tab, newline and carriage return are legal XML but must not break the one-line-per-region form.
      case 0x09: append("&#9;", to: &out)
      case 0x0a: append("&#10;", to: &out)
      case 0x0d: append("&#13;", to: &out)
      // Other C0 controls and the non-characters U+FFFE/U+FFFF are not allowed in XML 1.0 at all.
      case 0x00..<0x20, 0xfffe, 0xffff: append("\u{fffd}", to: &out)
      default: UTF8.encode(scalar) { out.append($0) }
      }
    }
  }

  @inline(__always)
  private static func append(_ s: String, to out: inout [UInt8]) { SVGWriter.append(s, to: &out) }

  /// Whether any byte of `s` may need escaping: one plain loop over contiguous UTF-8 (path data
  /// of thousands of bytes goes through here).
  /// Bit b set: byte b (< 0x28) needs escaping — 0x00…0x1f, 0x22 `"`, 0x26 `&`, 0x27 `'`.
  private static let escapedBelow0x28: UInt64 = 0x0000_00C4_FFFF_FFFF

  @inline(__always)
  private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for b in bytes {
      // Below 0x28 a bit mask answers (C0 controls, `"`, `&`, `'`); above it only `<`, `>`, 0xef.
      if b < 0x28 ? (escapedBelow0x28 >> UInt64(b)) & 1 != 0 : (b == 0x3c || b == 0x3e || b == 0xef) { return true }
    }
    return false
  }
}
