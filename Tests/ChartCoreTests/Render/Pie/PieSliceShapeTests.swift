import Foundation
import Testing
@testable import ChartCore

/// Slice outlines: constant-width gaps, rounded ends, dots for tiny slices, whole rings.
@Suite struct PieSliceShapeTests {
  let c = Point(x: 200, y: 150)

  /// Signed distances of `p` from the two edge lines of a slice, positive inside the slice.
  func edgeDistances(_ p: (x: Double, y: Double), start: Double, sweep: Double) -> (Double, Double) {
    let dx = p.x - c.x, dy = p.y - c.y
    let a = start, b = start + sweep
    return (dx * -sin(a) + dy * cos(a), dx * sin(b) - dy * cos(b))
  }

  @Test(arguments: [(0.0, 2.0), (0.0, 0.4), (0.5, 2.5), (0.5, 0.08), (0.3, 1.0)])
  func gapsHaveConstantWidth(_ hole: Double, _ sweep: Double) throws {
    let space = 6.0, start = 0.7
    let shape = PieSliceShape(center: c, innerRadius: 100 * hole, outerRadius: 100, start: start, sweep: sweep, space: space)
    let d = try #require(shape.path())
    let points = PieFixtures.vertices(d)
    for p in points {
      let (da, db) = edgeDistances(p, start: start, sweep: sweep)
      #expect(da >= space / 2 - 0.02 && db >= space / 2 - 0.02, "\(p)")
    }
    // The outline's first vertex (outer rim, start side) lies exactly on the moved start edge.
    let first = try #require(points.first)
    #expect(abs(edgeDistances(first, start: start, sweep: sweep).0 - space / 2) < 0.02)
    #expect(abs(hypot(first.x - c.x, first.y - c.y) - 100) < 0.02)
  }

  @Test func reflexSliceKeepsTheCentre() throws {
    let shape = PieSliceShape(center: c, innerRadius: 0, outerRadius: 100, start: 0, sweep: 4.5, space: 6)
    let d = try #require(shape.path())
    let points = PieFixtures.vertices(d)
    #expect(points.contains { abs($0.x - c.x) < 0.01 && abs($0.y - c.y) < 0.01 })
  }

  @Test func aSliceTheGapsSwallowDrawsNothing() {
    // 6 px of gap on a 100 px radius needs more than 0.06 rad.
    #expect(PieSliceShape(center: c, innerRadius: 50, outerRadius: 100, start: 0, sweep: 0.05, space: 6).path() == nil)
    #expect(PieSliceShape(center: c, innerRadius: 0, outerRadius: 100, start: 0, sweep: 0, space: 0).path() == nil)
    #expect(PieSliceShape(center: c, innerRadius: 0, outerRadius: 0, start: 0, sweep: 1).path() == nil)
    #expect(PieSliceShape(center: c, innerRadius: 0, outerRadius: .nan, start: 0, sweep: 1).path() == nil)
  }

  /// Arc commands of a path as (rx, end point).
  func arcs(_ d: String) -> [Double] {
    d.split(separator: "A").dropFirst().compactMap { Double($0.split(separator: " ").first ?? "") }
  }

  @Test func roundedEndsOnlyWithAHole() throws {
    let donut = try #require(PieSliceShape(center: c, innerRadius: 60, outerRadius: 100, start: 0, sweep: 1.5, rounded: true).path())
    // Outer arc (r 100), end cap (r 20, two quarter turns), inner arc (r 60), start cap.
    #expect(arcs(donut) == [100, 20, 20, 60, 20, 20])
    let pie = try #require(PieSliceShape(center: c, innerRadius: 0, outerRadius: 100, start: 0, sweep: 1.5, rounded: true).path())
    #expect(!arcs(pie).contains(20) && !arcs(pie).contains(50))
    let square = try #require(PieSliceShape(center: c, innerRadius: 60, outerRadius: 100, start: 0, sweep: 1.5).path())
    #expect(arcs(square) == [100, 60])
  }

  @Test(arguments: [0.0, 4.0])
  func roundedCapsStayInsideTheSlice(_ space: Double) throws {
    let start = 1.0, sweep = 0.9
    let shape = PieSliceShape(center: c, innerRadius: 70, outerRadius: 100, start: start, sweep: sweep, space: space, rounded: true)
    let d = try #require(shape.path())
    let first = try #require(PieFixtures.vertices(d).first)
    // The start cap is centred on the middle circle at the first vertex's angle and touches the moved edge.
    let a0 = atan2(first.y - c.y, first.x - c.x)
    let capCentre = (x: c.x + 85 * cos(a0), y: c.y + 85 * sin(a0))
    #expect(abs(edgeDistances(capCentre, start: start, sweep: sweep).0 - (15 + space / 2)) < 0.05)
  }

  @Test func tinyRoundedSlicesShrinkToDotsBetweenTheirEdges() throws {
    let start = 0.3, space = 2.0
    var previous = 0.0
    for sweep in [0.03, 0.05, 0.1, 0.2, 0.37] {
      let shape = PieSliceShape(center: c, innerRadius: 70, outerRadius: 100, start: start, sweep: sweep, space: space, rounded: true)
      let d = try #require(shape.path())
      let r = try #require(arcs(d).first)
      #expect(arcs(d).count == 4 && r <= 15, "a dot (four quarter turns) no larger than the cap")
      #expect(r > previous, "grows with the slice")
      previous = r
      let centre = (x: c.x + 85 * cos(start + sweep / 2), y: c.y + 85 * sin(start + sweep / 2))
      let (da, db) = edgeDistances(centre, start: start, sweep: sweep)
      #expect(da >= r + space / 2 - 0.02 && db >= r + space / 2 - 0.02)
    }
  }

  @Test func fullCircleIsARingOfTwoOppositeSubpaths() throws {
    let ring = try #require(PieSliceShape(center: c, innerRadius: 50, outerRadius: 100, start: 0, sweep: 2 * .pi,
                                          fullCircle: true).path())
    #expect(ring.filter { $0 == "M" }.count == 2)
    #expect(ring.contains("A100 100 0 0 1") && ring.contains("A50 50 0 0 0"))
    let disc = try #require(PieSliceShape(center: c, innerRadius: 0, outerRadius: 100, start: 0, sweep: 2 * .pi,
                                          fullCircle: true).path())
    #expect(disc.filter { $0 == "M" }.count == 1)
  }

  @Test func nearlyFullSliceStillDraws() throws {
    let d = try #require(PieSliceShape(center: c, innerRadius: 0, outerRadius: 100, start: 0, sweep: 2 * .pi - 1e-6).path())
    // The arc is split so that its pieces have distinct end points after rounding: the start,
    // four quarter turns, the centre.
    let points = PieFixtures.vertices(d)
    #expect(points.count == 6)
    #expect(abs(points[2].x - (c.x - 100)) < 0.02)
  }

  /// Every arc turns at most a quarter: the end points are written rounded, and a piece near half a
  /// circle would have its centre, and so its bulge, moved by a pixel when an end point moves by a
  /// hundredth (a circle drawn as two halves came out flattened).
  @Test func everyArcTurnsAtMostAQuarter() throws {
    let shapes = [
      PieSliceShape(center: c, innerRadius: 0, outerRadius: 117.5, start: 0.3, sweep: 2 * .pi, fullCircle: true),
      PieSliceShape(center: c, innerRadius: 40, outerRadius: 117.5, start: 0.3, sweep: 2 * .pi, fullCircle: true),
      PieSliceShape(center: c, innerRadius: 0, outerRadius: 117.5, start: 0.3, sweep: 2 * .pi - 0.01, space: 3),
      PieSliceShape(center: c, innerRadius: 60, outerRadius: 117.5, start: 0.3, sweep: 4, space: 3, rounded: true),
      PieSliceShape(center: c, innerRadius: 60, outerRadius: 117.5, start: 0.3, sweep: 0.05, space: 2, rounded: true),
    ]
    for shape in shapes {
      let d = try #require(shape.path())
      var current = (x: 0.0, y: 0.0)
      for (letter, n) in Markup.commands(d) {
        if letter == "A" {
          // The chord of a quarter turn is √2 radii; a longer one turns further.
          let chord = hypot(n[5] - current.x, n[6] - current.y)
          #expect(chord <= n[0] * 2.0.squareRoot() + 0.02, "\(shape): an arc of radius \(n[0]) spans \(chord)")
        }
        if n.count >= 2 { current = (n[n.count - 2], n[n.count - 1]) }
      }
    }
  }
}
