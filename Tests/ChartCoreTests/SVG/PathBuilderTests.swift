import Testing
@testable import ChartCore

/// Path data is written in canonical numbers, straight segments as steps from the point before; read
/// back by an independent reader (`PathData`), it draws exactly the points it was given.
@Suite struct PathBuilderTests {
  @Test func everyCommandWritesItsLetterAndCanonicalNumbers() {
    var p = PathBuilder()
    #expect(p.isEmpty && p.data == "")
    p.move(1, -2.5)
    p.line(3.456, 0)
    p.horizontal(-0.001)
    p.vertical(1e300)
    p.cubic(1, 2, 3, 4, 5.125, -6)
    p.arc(rx: 10, ry: 10.5, largeArc: true, sweep: false, 7, 8)
    p.arc(rx: 1, ry: 2, rotation: 30, largeArc: false, sweep: true, .nan, -.infinity)
    p.closePath()
    #expect(p.data == "M1 -2.5l2.46 2.5H0V9000000000000000000C1 2 3 4 5.13 -6A10 10.5 0 1 0 7 8A1 2 30 0 1 0 0Z")
    #expect(Array(p.bytes) == Array(p.data.utf8))
  }

  @Test func pathsLongerThanTheirFirstRoomGrowWithoutLosingAByte() {
    var rng = SeededRandom(seed: 21)
    var p = PathBuilder(capacity: 1)
    var expected = ""
    for k in 0..<5_000 {
      let x = (rng.uniform() - 0.5) * 2e6, y = (rng.uniform() - 0.5) * 200
      switch k % 4 {
      case 0: p.line(x, y); expected += "L" + Self.plain(x) + " " + Self.plain(y)
      case 1: p.horizontal(x); expected += "H" + Self.plain(x)
      case 2:
        p.cubic(x, y, y, x, x, y)
        expected += "C" + [x, y, y, x, x, y].map(Self.plain).joined(separator: " ")
      default:
        var q = PathBuilder(capacity: 0)
        q.move(y, x)
        p.append(q)
        expected += "M" + Self.plain(y) + " " + Self.plain(x)
      }
    }
    #expect(PathData.absolute(p.data) == expected)
  }

  @Test func appendingAPathAppendsItsData() {
    var a = PathBuilder()
    a.move(1, 2)
    var b = PathBuilder()
    b.line(3, 4)
    a.append(b)
    a.append(PathBuilder())
    #expect(a.data == "M1 2L3 4", "a path's first segment is absolute: it may follow anything")
    a.line(5, 6)
    #expect(a.data == "M1 2L3 4l2 2", "the pen is where the appended path left it")
    var closed = PathBuilder()
    closed.line(0, 0)
    closed.closePath()
    a.append(closed)
    a.line(1, 1)
    #expect(a.data == "M1 2L3 4l2 2L0 0ZL1 1", "a close without a move of its own leaves the pen unknown")
    var moved = PathBuilder()
    moved.move(7, 7)
    moved.line(8, 8)
    moved.closePath()
    a.append(moved)
    a.line(9, 7)
    #expect(a.data == "M1 2L3 4l2 2L0 0ZL1 1M7 7l1 1Zh2", "after a close the pen is at the subpath's start")
  }

  @Test func stepsAreWrittenInTheirShortestForm() {
    var p = PathBuilder()
    p.move(10, 10)
    for (x, y) in [(10.5, 9.75), (11, 9.7), (11, 10.7), (10.99, 10.7), (12.49, 10.2), (12.49, 10.2), (112.49, 0.2)] {
      p.line(x, y)
    }
    // A minus sign, or a second point, starts the next number; a space goes only where two
    // numbers would run together ("1 .5" after a whole number, "0 1").
    #expect(p.data == "M10 10l.5-.25.5-.05 0 1-.01 0 1.5-.5 0 0 100-10")
    #expect(PathData.absolute(p.data) == "M10 10L10.5 9.75L11 9.7L11 10.7L10.99 10.7L12.49 10.2L12.49 10.2L112.49 0.2")
  }

  @Test func horizontalAndVerticalStepsWhereTheyAreNoLonger() {
    var p = PathBuilder()
    p.move(443.62, 260.36)
    p.horizontal(443.62)
    p.vertical(250)
    p.horizontal(0.5)
    p.vertical(250.5)
    // A dot is "h0"; "V250" is shorter than "v-10.36", "H0.5" than "h-443.12"; "v.5" than "V250.5".
    #expect(p.data == "M443.62 260.36h0V250H0.5v.5")
    var candle = PathBuilder()
    candle.move(36.13, 225.53)
    candle.line(36.13, 228.79)
    candle.move(35.83, 228.79)
    candle.line(36.43, 228.79)
    candle.line(36.43, 230.99)
    candle.line(35.83, 230.99)
    candle.closePath()
    // A line parallel to an axis, not continuing steps, is "v" or "h".
    #expect(candle.data == "M36.13 225.53v3.26M35.83 228.79h.6v2.2h-.6Z")
  }

  @Test func aPointThatCannotBeNamedExactlyIsFollowedByAnAbsoluteOne() {
    var p = PathBuilder()
    p.move(0, 0)
    p.line(1, 1)
    p.line(.nan, 5)
    p.line(2, 2)
    p.line(3, 3)
    p.horizontal(1e300)
    p.line(4, 4)
    #expect(p.data == "M0 0l1 1L0 5L2 2l1 1H9000000000000000000L4 4")
  }

  @Test func noMoreThanAnchorEveryStepsFollowAnAbsolutePoint() {
    var p = PathBuilder()
    p.move(0, 0)
    for k in 1...1_000 { p.line(Double(k) * 0.37, Double(k % 7) * 1.25) }
    for (letter, numbers) in PathData.tokens(p.data) where letter == "l" {
      #expect(numbers.count <= 2 * PathBuilder.anchorEvery)
    }
    #expect(PathData.tokens(p.data).filter { $0.0 == "L" }.count == 1_000 / (PathBuilder.anchorEvery + 1))
  }

  @Test func aLongSteppedLineKeepsItsStepsBetweenAnchors() {
    var p = PathBuilder()
    p.move(0, 0)
    var corners: [(x: Double, y: Double)] = [(0, 0)]
    for k in 1...1_000 {
      let x = Double(k) * 0.5, y = Double(k % 9) * 1.25
      p.horizontal(x)
      corners.append((x, corners[corners.count - 1].y))
      p.vertical(y)
      corners.append((x, y))
    }
    let tokens = PathData.tokens(p.data)
    // Steps (h, v) where shorter than the position, absolute H / V elsewhere; an absolute point
    // (L) at least every 65th step, so steps go on to the end of the path rather than stopping
    // after the first 64.
    var steps = 0, most = 0
    for (letter, _) in tokens {
      if letter == "L" || letter == "M" { steps = 0 } else if letter == "h" || letter == "v" { steps += 1 }
      most = max(most, steps)
    }
    #expect(most <= PathBuilder.anchorEvery)
    #expect(tokens.filter { $0.0 == "L" }.count >= 10)
    #expect(tokens.suffix(100).contains { $0.0 == "h" }, "\(p.data.suffix(400))")
    // Read back, the path turns at exactly the given corners.
    let drawn = PieFixtures.vertices(p.data)
    #expect(drawn.count == corners.count)
    for (a, b) in zip(drawn, corners) where a.x != b.x || a.y != b.y {
      Issue.record("drawn \(a), given \(b)")
      break
    }
  }

  /// Random paths of every command, appended pieces and special values: the independent reader
  /// finds each given point rounded to hundredths, and a line is much shorter than absolute.
  @Test func randomPathsDrawExactlyTheirPoints() {
    var rng = SeededRandom(seed: 7)
    for round in 0..<200 {
      var p = PathBuilder(capacity: 4)
      var expected = ""
      func coordinate() -> Double {
        switch Int(rng.uniform() * 40) {
        case 0: return .nan
        case 1: return 1e300
        case 2: return Double(Int(rng.uniform() * 2000) - 1000) / 100  // exact hundredths
        default: return (rng.uniform() - 0.3) * (round % 2 == 0 ? 800 : 3e6)
        }
      }
      for _ in 0..<Int(rng.uniform() * 300) {
        let x = coordinate(), y = coordinate()
        switch Int(rng.uniform() * 20) {
        case 0: p.move(x, y); expected += "M" + Self.plain(x) + " " + Self.plain(y)
        case 1: p.horizontal(x); expected += "H" + Self.plain(x)
        case 2: p.vertical(y); expected += "V" + Self.plain(y)
        case 3: p.cubic(x, y, y, x, x, y); expected += "C" + [x, y, y, x, x, y].map(Self.plain).joined(separator: " ")
        case 4:
          p.arc(rx: 5, ry: 5, largeArc: true, sweep: false, x, y)
          expected += "A5 5 0 1 0 " + Self.plain(x) + " " + Self.plain(y)
        case 5: p.closePath(); expected += "Z"
        case 6:
          var q = PathBuilder(capacity: 0)
          q.move(x, y)
          q.line(y, x)
          p.append(q)
          expected += "M" + Self.plain(x) + " " + Self.plain(y) + "L" + Self.plain(y) + " " + Self.plain(x)
        default:
          p.line(x, y)
          expected += "L" + Self.plain(x) + " " + Self.plain(y)
        }
      }
      #expect(PathData.absolute(p.data) == expected, "round \(round): \(p.data)")
    }
    var line = PathBuilder()
    var absolute = 0
    var walk = 200.0
    line.move(0, walk)
    for k in 1...10_000 {
      walk += (rng.uniform() - 0.5) * 8
      line.line(Double(k) * 0.08, walk)
      absolute += 2 + SVGNumber.format(Double(k) * 0.08).utf8.count + SVGNumber.format(walk).utf8.count
    }
    #expect(Double(line.bytes.count) < 0.7 * Double(absolute), "\(line.bytes.count) bytes against \(absolute)")
  }

  /// `v` as an absolute command writes it: hundredths rounded half away from zero, NaN as 0, and
  /// beyond ±9e13 a clamped whole number (written independently of `SVGNumber`).
  static func plain(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    if abs(v) >= 9e13 { return (v < 0 ? "-" : "") + String(Int64(min(abs(v), 9e18).rounded())) }
    let h = Int64((v * 100).rounded(.toNearestOrAwayFromZero))
    if h == 0 { return "0" }
    let whole = abs(h) / 100, frac = abs(h) % 100
    let digits = frac == 0 ? "" : "." + (frac % 10 == 0 ? String(frac / 10) : (frac < 10 ? "0" : "") + String(frac))
    return (h < 0 ? "-" : "") + String(whole) + digits
  }

  @Test func theWriterPutsPathDataInUnchanged() {
    var p = PathBuilder()
    p.move(1, 2)
    var svg = SVGWriter()
    svg.open("path")
    svg.attr("d", path: p)
    svg.selfClose()
    #expect(svg.output == "<path d=\"M1 2\"/>")
  }
}
