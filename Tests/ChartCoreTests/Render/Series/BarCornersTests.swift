import Testing
@testable import ChartCore

/// Per-corner radii (`cornerRadii`): named as on an upward bar, kept at the value end and base of
/// bars growing down or sideways, clamped so that corners never overlap.
@Suite struct BarCornersTests {
  typealias F = SeriesFixture
  static let unitBars = BarGeometry(barWidth: 1, offsets: [:])

  func render(_ ds: DataSetSpec, y: ClosedRange<Double> = 0...10, horizontal: Bool = false) -> String {
    F.render(BarRenderer.render, F.context(ds, kind: .bar, y: y, horizontal: horizontal, bars: Self.unitBars))
  }

  func path(_ ds: DataSetSpec, y: ClosedRange<Double> = 0...10, horizontal: Bool = false) -> String? {
    Markup.elements("path", in: render(ds, y: y, horizontal: horizontal)).first?["d"]
  }

  func radii(_ r: [Double], y: Double = 5) -> DataSetSpec {
    F.dataSet(x: [5], y: [y]) { $0.bar.cornerRadii = r }
  }

  @Test func anUpwardBarTakesTheRadiiAsListed() {
    // Bar x 45…55, y 50…100 (value end at the top). Top-left 4, top-right 1, base square.
    #expect(path(radii([4, 1, 0, 0])) == "M49 50H54A1 1 0 0 1 55 51V100H45V54A4 4 0 0 1 49 50Z")
  }

  @Test func aDownwardBarKeepsTheFirstTwoAtItsValueEnd() {
    // y pixel = 50 − 5·y: a −5 bar spans y 50…75, value end at the bottom. The "left" corner of
    // the value end stays on the left, mirrored from the top to the bottom.
    #expect(path(radii([4, 1, 0, 0], y: -5), y: -10...10) == "M45 50H55V74A1 1 0 0 1 54 75H49A4 4 0 0 1 45 71V50Z")
  }

  @Test func aHorizontalBarTurnsTheUpwardCornersAQuarterClockwise() {
    // x runs down (10 px per unit), values run right: the bar spans x 0…50, y 45…55. The value end
    // is the right edge; "top-left" of the upward bar becomes the top-right corner.
    #expect(path(radii([4, 1, 0, 0]), horizontal: true) == "M0 45H46A4 4 0 0 1 50 49V54A1 1 0 0 1 49 55H0V45Z")
  }

  @Test func screenRadiiForEveryValueEnd() {
    let c = BarCorners([1, 2, 3, 4])
    #expect(c.onScreen(valueEnd: .minY) == (1, 2, 3, 4))
    #expect(c.onScreen(valueEnd: .maxY) == (4, 3, 2, 1))
    #expect(c.onScreen(valueEnd: .maxX) == (4, 1, 2, 3))
    #expect(c.onScreen(valueEnd: .minX) == (1, 4, 3, 2))
  }

  @Test func equalRadiiDrawWhatCornerRadiusAndCornersDraw() {
    var both = F.dataSet(x: [5], y: [5])
    both.bar.cornerRadius = 3
    both.bar.corners = .both
    #expect(render(radii([3, 3, 3, 3])) == render(both))
    var top = F.dataSet(x: [5], y: [5])
    top.bar.cornerRadius = 3
    #expect(render(radii([3, 3, 0, 0])) == render(top))
    #expect(render(radii([0, 0, 0, 0])) == render(F.dataSet(x: [5], y: [5])), "all zero: a plain rect")
  }

  @Test func radiiThatWouldOverlapShrinkInProportion() {
    // A 10 px wide, 4 px tall upward bar.
    let shape = BarShape(rect: Rect(x: 0, y: 0, width: 10, height: 4), valueEnd: .minY, corners: BarCorners([3, 5, 1, 0]))
    // Across: each at most 5. Left side: 3 + 0 ≤ 4, kept. Right side: 5 + 1 = 6 > 4: × 4/6.
    #expect(shape.topLeft == 3 && shape.bottomLeft == 0)
    #expect(abs(shape.topRight - 10.0 / 3) < 1e-12 && abs(shape.bottomRight - 2.0 / 3) < 1e-12)
    let wide = BarShape(rect: Rect(x: 0, y: 0, width: 4, height: 40), valueEnd: .minY, corners: BarCorners([9, 9, 9, 9]))
    #expect([wide.topLeft, wide.topRight, wide.bottomRight, wide.bottomLeft] == [2, 2, 2, 2], "half the width")
  }

  @Test func aStackRoundsItsOuterEndAndItsBaseWithTheirOwnRadii() {
    var ds = F.dataSet(x: [5], y: [5]) { $0.bar.cornerRadii = [2, 2, 1, 1] }
    ds.entries.stacks = [[2, 3]]
    let paths = Markup.elements("path", in: render(ds)).map { $0["d"] ?? "" }
    // Segment 0 spans y 80…100 (the base, radius 1); segment 1 spans 50…80 (the top, radius 2).
    #expect(paths == ["M45 80H55V99A1 1 0 0 1 54 100H46A1 1 0 0 1 45 99V80Z",
                      "M47 50H53A2 2 0 0 1 55 52V80H45V52A2 2 0 0 1 47 50Z"])
    var mixed = ds
    mixed.entries.stacks = [[2, -3]]
    let mixedPaths = Markup.elements("path", in: render(mixed, y: -10...10)).map { $0["d"] ?? "" }
    #expect(mixedPaths.count == 2 && mixedPaths.allSatisfy { !$0.contains("A1 1") },
            "a stack across 0 has no base to round: only both outer ends (radius 2)")
  }
}
