/// Builds SVG path data (`d`) with canonical numbers: "M1 2L3 4Z".
public struct PathBuilder: Sendable {
  public private(set) var data: String = ""

  public init(capacity: Int = 64) { data.reserveCapacity(capacity) }

  public var isEmpty: Bool { data.isEmpty }

  @inline(__always)
  public mutating func move(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }

  @inline(__always)
  public mutating func line(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }

  public mutating func horizontal(_ x: Double) {
    data += "H"
    SVGNumber.append(x, to: &data)
  }

  public mutating func vertical(_ y: Double) {
    data += "V"
    SVGNumber.append(y, to: &data)
  }

  public mutating func cubic(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
    data += "C"
    for (i, v) in [c1x, c1y, c2x, c2y, x, y].enumerated() {
      if i > 0 { data += " " }
      SVGNumber.append(v, to: &data)
    }
  }

  /// Elliptical arc to (x, y).
  public mutating func arc(rx: Double, ry: Double, rotation: Double = 0, largeArc: Bool, sweep: Bool, _ x: Double, _ y: Double) {
    data += "A"
    SVGNumber.append(rx, to: &data)
    data += " "
    SVGNumber.append(ry, to: &data)
    data += " "
    SVGNumber.append(rotation, to: &data)
    data += largeArc ? " 1 " : " 0 "
    data += sweep ? "1 " : "0 "
    SVGNumber.append(x, to: &data)
    data += " "
    SVGNumber.append(y, to: &data)
  }

  public mutating func closePath() { data += "Z" }

  /// Appends `c x y` as one string: both numbers go into one stack buffer, so a typical command
  /// ("L123.45 67.8") is one small-string append.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ x: Double, _ y: Double) {
    let end = 2 * SVGNumber.maxBytes + 1
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end) { buffer in
      var at = SVGNumber.write(y, endingAt: end, in: buffer)
      at -= 1
      buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(x, endingAt: at, in: buffer)
      at -= 1
      buffer[at] = c
      data += String(decoding: UnsafeBufferPointer(rebasing: buffer[at..<end]), as: UTF8.self)
    }
  }
}
