import Testing
@testable import ChartCore

/// Path data is written in canonical numbers, command by command, whatever the command.
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
    #expect(p.data == "M1 -2.5L3.46 0H0V9000000000000000000C1 2 3 4 5.13 -6A10 10.5 0 1 0 7 8A1 2 30 0 1 0 0Z")
    #expect(Array(p.bytes) == Array(p.data.utf8))
  }

  @Test func pathsLongerThanTheirFirstRoomGrowWithoutLosingAByte() {
    var rng = SeededRandom(seed: 21)
    var p = PathBuilder(capacity: 1)
    var expected = ""
    for k in 0..<5_000 {
      let x = (rng.uniform() - 0.5) * 2e6, y = (rng.uniform() - 0.5) * 200
      switch k % 4 {
      case 0: p.line(x, y); expected += "L" + SVGNumber.format(x) + " " + SVGNumber.format(y)
      case 1: p.horizontal(x); expected += "H" + SVGNumber.format(x)
      case 2:
        p.cubic(x, y, y, x, x, y)
        expected += "C" + [x, y, y, x, x, y].map(SVGNumber.format).joined(separator: " ")
      default:
        var q = PathBuilder(capacity: 0)
        q.move(y, x)
        p.append(q)
        expected += "M" + SVGNumber.format(y) + " " + SVGNumber.format(x)
      }
    }
    #expect(p.data == expected)
  }

  @Test func appendingAPathAppendsItsData() {
    var a = PathBuilder()
    a.move(1, 2)
    var b = PathBuilder()
    b.line(3, 4)
    a.append(b)
    a.append(PathBuilder())
    #expect(a.data == "M1 2L3 4")
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
