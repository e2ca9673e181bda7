import Foundation
import Testing
@testable import ChartCore

/// Pie geometry inside the space it is given.
@Suite struct PieLayouterTests {
  let rect = Rect(x: 10, y: 20, width: 600, height: 400)

  @Test func fullPieFitsWithRoomForTheSelectionShift() {
    let model = ChartModel(spec: PieFixtures.spec([1, -2, .nan, 3]) { $0.pie.selectionShift = 12; $0.pie.holeRadius = 0.5 })
    let pie = PieLayouter.layout(model, in: rect)
    #expect(pie.radius == 200 - 12)
    #expect(pie.center == Point(x: 310, y: 220))
    #expect(pie.holeRadius == pie.radius * 0.5)
    #expect(pie.transparentCircleRadius == pie.radius * 0.55)
    #expect(pie.total == 4, "the negative entry draws no slice and adds nothing")
    #expect(pie.bounds == rect)
  }

  @Test func outsideLabelsTakeRoomBesideThePie() {
    let labels = ["A fairly long label", "b", "c"]
    let inside = PieLayouter.layout(ChartModel(spec: PieFixtures.spec([1, 1, 1], labels: labels)), in: rect)
    let spec = PieFixtures.spec([1, 1, 1], labels: labels) { $0.pie.entryLabels = .outside }
    let outside = PieLayouter.layout(ChartModel(spec: spec), in: rect)
    #expect(outside.radius < inside.radius)
    let room = rect.maxX - (outside.center.x + outside.radius)
    let widest = TextMetrics.width("A fairly long label", fontSize: spec.fontSize)
    #expect(room >= spec.pie.selectionShift + PieLabelText.lineReach + PieLabelText.textGap + widest - 1e-9)
  }

  @Test func halfPieUsesTheSpaceOfItsHalf() {
    let wide = Rect(x: 0, y: 0, width: 600, height: 300)
    let full = PieLayouter.layout(ChartModel(spec: PieFixtures.spec([1, 2])), in: wide)
    let spec = PieFixtures.spec([1, 2]) { $0.pie.maxAngle = 180; $0.pie.rotation = 180 }
    let half = PieLayouter.layout(ChartModel(spec: spec), in: wide)
    #expect(half.radius > full.radius)
    #expect(half.center.y > wide.midY)
    // The top of the half pie (plus the shift) touches the top of the space.
    #expect(abs(half.center.y - half.radius - spec.pie.selectionShift - wide.minY) < 1e-9)
    #expect(half.center.y + spec.pie.selectionShift <= wide.maxY + 1e-9)
  }

  @Test func sectorBoundsCoverTheArcExtremes() {
    let quarter = PieLayouter.sectorBounds(start: 0, span: .pi / 2)
    #expect(abs(quarter.minX) < 1e-12 && abs(quarter.maxX - 1) < 1e-12)
    #expect(abs(quarter.minY) < 1e-12 && abs(quarter.maxY - 1) < 1e-12)
    let top = PieLayouter.sectorBounds(start: .pi, span: .pi)
    #expect(abs(top.minY + 1) < 1e-12 && abs(top.maxY) < 1e-12 && abs(top.width - 2) < 1e-12)
  }

  @Test func degenerateSpaceGivesAZeroRadius() {
    let model = ChartModel(spec: PieFixtures.spec([1, 2]) { $0.pie.entryLabels = .outside })
    #expect(PieLayouter.layout(model, in: Rect(x: 0, y: 0, width: 10, height: 10)).radius == 0)
    #expect(PieLayouter.layout(model, in: Rect(x: 0, y: 0, width: .nan, height: 10)).radius == 0)
  }
}
