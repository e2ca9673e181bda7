/// Builds SVG path data (`d`) with canonical numbers: "M1 2l2 2Z".
///
/// Straight segments are written relative to the point before ("l.5-3.25.5 1", "h2", "v-.5"): a line's points
/// lie close together, so a step is about half as many bytes as the point it leads to, and the
/// bytes are most of what a patch of a line carries. A step is the difference of the two points'
/// positions rounded to hundredths, so the point it reaches is exactly the one an absolute command
/// would name. Every `anchorEvery` steps, and after anything whose position is not known exactly,
/// a point is written absolutely: a renderer that adds up steps in single precision drifts at most
/// that many roundings.
///
/// The data is kept as ASCII bytes in storage that always has room beyond what is written: a
/// command's numbers go straight to their places, with one check for room per command, and the
/// bytes become a `String` once, when the path is written. (A scatter set of 10,000 symbols is
/// 20,000 commands: a `String` append per command cost a third of its render, an array append of
/// a stack buffer per command a tenth of a large line's.)
public struct PathBuilder: Sendable {
  /// Bytes `0 ..< length` are the path data; the rest is room (never read: `removeAll` leaves old
  /// bytes there).
  private var storage: [UInt8]
  private var length = 0
  /// Where the data leaves the pen, in hundredths, if known exactly (see `Pen`).
  private var pen = Pen()

  /// What the data written so far says about the pen: `append` hands it on with the data.
  private struct Pen: Sendable {
    /// The current point; nil before any point, or after one beyond what a step can name.
    var at: (x: Int64, y: Int64)?
    /// The subpath's start (where `Z` returns to), and whether this data moved at all: a path
    /// appended without a move keeps the start of the one it is appended to.
    var start: (x: Int64, y: Int64)?
    var moved = false
    /// The last command is `l`: more steps continue it without a letter.
    var inSteps = false
    /// The last number written has a decimal point: a fraction without a leading zero may follow
    /// without a separator.
    var lastHasPoint = false
    /// Steps since the last point written absolutely.
    var steps = 0
  }

  /// Steps between two absolute points at most.
  static let anchorEvery = 64

  public init(capacity: Int = 64) { storage = Array(repeating: 0, count: max(capacity, Self.commandBytes)) }

  /// Lets go of the storage and keeps the data's length and the pen: a saved state whose bytes
  /// live on in the path that goes on from it (`adoptStorage`). Nothing is written to it, nor its
  /// bytes read, until it has storage again (`hasStorage`).
  mutating func dropStorage() { storage = [] }

  /// Whether the storage holds the data (false after `dropStorage`, until `adoptStorage`).
  var hasStorage: Bool { storage.count >= max(length, Self.commandBytes) }

  /// Takes the storage of `later`, a path that went on from this one's state: data is only ever
  /// appended, so its first bytes are this one's data. False, and nothing taken, when `later`
  /// is shorter (it cannot have gone on from here).
  mutating func adoptStorage(of later: PathBuilder) -> Bool {
    guard later.length >= length, later.hasStorage else { return false }
    storage = later.storage
    return true
  }

  /// Empties the path and keeps its storage, for a renderer that builds one small path after another.
  public mutating func removeAll() {
    length = 0
    pen = Pen()
  }

  /// The path data so far, ASCII only.
  public var bytes: ArraySlice<UInt8> { storage[0..<length] }

  public var isEmpty: Bool { length == 0 }

  /// The path data as a string.
  public var data: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends another path's data as is. A path's data never starts with a step (its first
  /// point is absolute), so it means the same after any other.
  public mutating func append(_ other: PathBuilder) {
    guard other.length > 0 else { return }
    write(room: other.length) { p, at in
      other.storage.withUnsafeBufferPointer { source in
        guard let from = source.baseAddress, let to = p.baseAddress else { return at }
        (to + at).update(from: from, count: other.length)
        return at + other.length
      }
    }
    let start = pen.start
    pen = other.pen
    if !other.pen.moved { pen.start = start }
  }

  @inline(__always)
  public mutating func move(_ x: Double, _ y: Double) {
    command(UInt8(ascii: "M"), x, y)
    pen.at = Self.point(x, y)
    pen.start = pen.at
    pen.moved = true
    pen.steps = 0
  }

  /// A straight segment to (x, y): a step from the current point where it is known exactly.
  @inline(__always)
  public mutating func line(_ x: Double, _ y: Double) {
    guard let at = pen.at, pen.steps < Self.anchorEvery, let to = Self.point(x, y) else {
      command(UInt8(ascii: "L"), x, y)
      pen.at = Self.point(x, y)
      pen.steps = 0
      return
    }
    let dx = to.x &- at.x, dy = to.y &- at.y
    if !pen.inSteps, dx == 0 || dy == 0 {
      // Not continuing steps, an axis-parallel segment is shorter as "h" or "v" (a candle's wick).
      dx == 0 ? axisStep(UInt8(ascii: "v"), dy) : axisStep(UInt8(ascii: "h"), dx)
    } else {
      step(dx, dy)
      pen.steps += 1
    }
    pen.at = to
  }

  /// A horizontal segment to x: `h` and a step where the current point is known exactly and the
  /// step is no longer than the position (a dot, a zero-length segment, is then "h0").
  @inline(__always)
  public mutating func horizontal(_ x: Double) {
    guard let at = pen.at, let h = Self.hundredths(x) else {
      command(UInt8(ascii: "H"), x)
      pen.at = nil
      return
    }
    // Due for an anchor: an absolute point fixes both coordinates (an "H" would fix x only).
    if pen.steps >= Self.anchorEvery { return line(x, Double(at.y) / 100) }
    if SVGNumber.stepBytes(h &- at.x) <= SVGNumber.bytes(hundredths: h) {
      axisStep(UInt8(ascii: "h"), h &- at.x)
    } else {
      command(UInt8(ascii: "H"), x)
    }
    pen.at = (h, at.y)
  }

  /// A vertical segment to y, as `horizontal` does it.
  @inline(__always)
  public mutating func vertical(_ y: Double) {
    guard let at = pen.at, let v = Self.hundredths(y) else {
      command(UInt8(ascii: "V"), y)
      pen.at = nil
      return
    }
    if pen.steps >= Self.anchorEvery { return line(Double(at.x) / 100, y) }
    if SVGNumber.stepBytes(v &- at.y) <= SVGNumber.bytes(hundredths: v) {
      axisStep(UInt8(ascii: "v"), v &- at.y)
    } else {
      command(UInt8(ascii: "V"), y)
    }
    pen.at = (at.x, v)
  }

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
    absoluteEnd(x, y)
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
    absoluteEnd(x, y)
  }

  public mutating func closePath() {
    write(room: 1) { p, at in
      p[at] = UInt8(ascii: "Z")
      return at + 1
    }
    // The pen goes back to the subpath's start; unknown if this data never moved (the path it
    // will be appended to knows, but a step must not rely on it).
    pen.at = pen.moved ? pen.start : nil
    pen.inSteps = false
    pen.steps = 0
  }

  /// `v` in hundredths as `SVGNumber.write` rounds it, or nil where it writes something else
  /// (not finite, or clamped).
  @inline(__always)
  static func hundredths(_ v: Double) -> Int64? {
    let scaled = v * 100
    guard abs(scaled) < 9e15 else { return nil }  // also false for NaN
    return SVGNumber.roundedHalfAwayFromZero(scaled)
  }

  @inline(__always)
  static func point(_ x: Double, _ y: Double) -> (x: Int64, y: Int64)? {
    guard let hx = hundredths(x), let hy = hundredths(y) else { return nil }
    return (hx, hy)
  }

  /// Records the end point of a command written absolutely.
  @inline(__always)
  private mutating func absoluteEnd(_ x: Double, _ y: Double) {
    pen.at = Self.point(x, y)
    pen.inSteps = false
    pen.steps = 0
  }

  /// Appends `h` or `v` and a step of `d` hundredths along that axis.
  @inline(__always)
  private mutating func axisStep(_ letter: UInt8, _ d: Int64) {
    var hasPoint = false
    write(room: SVGNumber.maxBytes + 2) { p, start in
      p[start] = letter
      return SVGNumber.writeStep(d, afterLetter: true, afterPoint: &hasPoint, startingAt: start + 1, in: p)
    }
    pen.inSteps = false
    pen.steps += 1
  }

  /// Appends a step of (dx, dy) hundredths: `l` unless the last command was one, then each number
  /// with a separator only where the numbers would otherwise run together.
  @inline(__always)
  private mutating func step(_ dx: Int64, _ dy: Int64) {
    let continuing = pen.inSteps
    var hasPoint = pen.lastHasPoint
    write(room: Self.commandBytes + 1) { p, start in
      var at = start
      if !continuing {
        p[at] = UInt8(ascii: "l")
        at += 1
      }
      at = SVGNumber.writeStep(dx, afterLetter: !continuing, afterPoint: &hasPoint, startingAt: at, in: p)
      return SVGNumber.writeStep(dy, afterLetter: false, afterPoint: &hasPoint, startingAt: at, in: p)
    }
    pen.inSteps = true
    pen.lastHasPoint = hasPoint
  }

  /// Room for the largest two-number command.
  private static let commandBytes = 2 * SVGNumber.maxBytes + 2

  /// Appends `c x y`.
  @inline(__always)
  private mutating func command(_ c: UInt8, _ x: Double, _ y: Double) {
    pen.inSteps = false
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
    pen.inSteps = false
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
