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
    #expect(p.bytes == Array(p.data.utf8))
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
