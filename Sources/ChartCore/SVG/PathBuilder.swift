/// Builds SVG path data (`d`) with canonical numbers: "M1 2L3 4Z".
///
/// The data is kept as ASCII bytes: a command is written into a stack buffer and appended with one
/// copy, and the bytes become a `String` once, when the path is written (a scatter set of 10,000
/// symbols is 20,000 commands, and a `String` append per command cost about a third of its render).
public struct PathBuilder: Sendable {
  /// The path data so far, ASCII only.
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

  public var isEmpty: Bool { bytes.isEmpty }

  /// The path data as a string.
  public var data: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends another path's data as is.
  public mutating func append(_ other: PathBuilder) { bytes.append(contentsOf: other.bytes) }

  @inline(__always)
  public mutating func move(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }

  @inline(__always)
  public mutating func line(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }

  @inline(__always)
  public mutating func horizontal(_ x: Double) { command(UInt8(ascii: "H"), x) }

  @inline(__always)
  public mutating func vertical(_ y: Double) { command(UInt8(ascii: "V"), y) }

  public mutating func cubic(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
    write(capacity: 6 * (SVGNumber.maxBytes + 1)) { buffer, end in
      var at = end
      for v in [y, x, c2y, c2x, c1y] {
        at = SVGNumber.write(v, endingAt: at, in: buffer)
        at -= 1
        buffer[at] = UInt8(ascii: " ")
      }
      at = SVGNumber.write(c1x, endingAt: at, in: buffer)
      at -= 1
      buffer[at] = UInt8(ascii: "C")
      return at
    }
  }

  /// Elliptical arc to (x, y).
  public mutating func arc(rx: Double, ry: Double, rotation: Double = 0, largeArc: Bool, sweep: Bool, _ x: Double, _ y: Double) {
    write(capacity: 5 * (SVGNumber.maxBytes + 1) + 4) { buffer, end in
      var at = SVGNumber.write(y, endingAt: end, in: buffer)
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(x, endingAt: at, in: buffer)
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at -= 1; buffer[at] = sweep ? UInt8(ascii: "1") : UInt8(ascii: "0")
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at -= 1; buffer[at] = largeArc ? UInt8(ascii: "1") : UInt8(ascii: "0")
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(rotation, endingAt: at, in: buffer)
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(ry, endingAt: at, in: buffer)
      at -= 1; buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(rx, endingAt: at, in: buffer)
      at -= 1; buffer[at] = UInt8(ascii: "A")
      return at
    }
  }

  public mutating func closePath() { bytes.append(UInt8(ascii: "Z")) }

  /// Appends `c x y`: both numbers are written backwards into one stack buffer, then copied once.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ x: Double, _ y: Double) {
    write(capacity: 2 * SVGNumber.maxBytes + 2) { buffer, end in
      var at = SVGNumber.write(y, endingAt: end, in: buffer)
      at -= 1
      buffer[at] = UInt8(ascii: " ")
      at = SVGNumber.write(x, endingAt: at, in: buffer)
      at -= 1
      buffer[at] = c
      return at
    }
  }

  /// Appends `c v`.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ v: Double) {
    write(capacity: SVGNumber.maxBytes + 1) { buffer, end in
      var at = SVGNumber.write(v, endingAt: end, in: buffer)
      at -= 1
      buffer[at] = c
      return at
    }
  }

  /// Lets `fill` write backwards into a stack buffer of `capacity` bytes, ending at its end, and
  /// appends what it wrote (from the index it returns).
  @inline(__always)
  private mutating func write(capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>, Int) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      let start = fill(buffer, capacity)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<capacity]))
    }
  }
}
