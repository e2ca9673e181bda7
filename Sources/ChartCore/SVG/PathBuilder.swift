/// Builds SVG path data (`d`) with canonical numbers: "M1 2L3 4Z".
///
/// The data is kept as ASCII bytes in storage that always has room beyond what is written: a
/// command's numbers go straight to their places, with one check for room per command, and the
/// bytes become a `String` once, when the path is written. (A scatter set of 10,000 symbols is
/// 20,000 commands: a `String` append per command cost a third of its render, an array append of
/// a stack buffer per command a tenth of a large line's.)
public struct PathBuilder: Sendable {
  /// Bytes `0 ..< length` are the path data; the rest is room, zero until written.
  private var storage: [UInt8]
  private var length = 0

  public init(capacity: Int = 64) { storage = Array(repeating: 0, count: max(capacity, Self.commandBytes)) }

  /// The path data so far, ASCII only.
  public var bytes: ArraySlice<UInt8> { storage[0..<length] }

  public var isEmpty: Bool { length == 0 }

  /// The path data as a string.
  public var data: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends another path's data as is.
  public mutating func append(_ other: PathBuilder) {
    write(room: other.length) { p, at in
      other.storage.withUnsafeBufferPointer { source in
        guard other.length > 0, let from = source.baseAddress, let to = p.baseAddress else { return at }
        (to + at).update(from: from, count: other.length)
        return at + other.length
      }
    }
  }

  @inline(__always)
  public mutating func move(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }

  @inline(__always)
  public mutating func line(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }

  @inline(__always)
  public mutating func horizontal(_ x: Double) { command(UInt8(ascii: "H"), x) }

  @inline(__always)
  public mutating func vertical(_ y: Double) { command(UInt8(ascii: "V"), y) }

  public mutating func cubic(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
    write(room: 6 * (SVGNumber.maxBytes + 1)) { p, start in
      p[start] = UInt8(ascii: "C")
      var at = SVGNumber.write(c1x, startingAt: start + 1, in: p)
      for v in [c1y, c2x, c2y, x, y] {
        p[at] = UInt8(ascii: " ")
        at = SVGNumber.write(v, startingAt: at + 1, in: p)
      }
      return at
    }
  }

  /// Elliptical arc to (x, y).
  public mutating func arc(rx: Double, ry: Double, rotation: Double = 0, largeArc: Bool, sweep: Bool, _ x: Double, _ y: Double) {
    write(room: 5 * (SVGNumber.maxBytes + 1) + 4) { p, start in
      var at = start
      p[at] = UInt8(ascii: "A")
      at = SVGNumber.write(rx, startingAt: at + 1, in: p)
      for v in [ry, rotation] {
        p[at] = UInt8(ascii: " ")
        at = SVGNumber.write(v, startingAt: at + 1, in: p)
      }
      for flag in [largeArc, sweep] {
        p[at] = UInt8(ascii: " ")
        p[at + 1] = flag ? UInt8(ascii: "1") : UInt8(ascii: "0")
        at += 2
      }
      for v in [x, y] {
        p[at] = UInt8(ascii: " ")
        at = SVGNumber.write(v, startingAt: at + 1, in: p)
      }
      return at
    }
  }

  public mutating func closePath() {
    write(room: 1) { p, at in
      p[at] = UInt8(ascii: "Z")
      return at + 1
    }
  }

  /// Room for the largest two-number command.
  private static let commandBytes = 2 * SVGNumber.maxBytes + 2

  /// Appends `c x y`.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ x: Double, _ y: Double) {
    write(room: Self.commandBytes) { p, start in
      p[start] = c
      var at = SVGNumber.write(x, startingAt: start + 1, in: p)
      p[at] = UInt8(ascii: " ")
      at = SVGNumber.write(y, startingAt: at + 1, in: p)
      return at
    }
  }

  /// Appends `c v`.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ v: Double) {
    write(room: SVGNumber.maxBytes + 1) { p, start in
      p[start] = c
      return SVGNumber.write(v, startingAt: start + 1, in: p)
    }
  }

  /// Makes room for `room` bytes after the data, then lets `fill` write from the data's end;
  /// `fill` returns where it stopped, the data's new end.
  @inline(__always)
  private mutating func write(room: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>, Int) -> Int) {
    if storage.count - length < room { grow(room) }
    let start = length
    length = storage.withUnsafeMutableBufferPointer { fill($0, start) }
  }

  /// Doubles the storage (at least `room` more bytes).
  @inline(never)
  private mutating func grow(_ room: Int) {
    storage.append(contentsOf: repeatElement(0, count: max(room, storage.count)))
  }
}
