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

  /// A tile's pie keeps at most a tenth of half its space's smaller side for the highlighted
  /// slice's reach: 12 px took a third of a 35 px radius; a highlight there reaches as far.
  @Test func aSmallPieKeepsLessRoomForTheSelectionShift() throws {
    let spec = PieFixtures.spec([1, 2, 3]) { $0.pie.selectionShift = 12; $0.pie.holeRadius = 0.5 }
    let small = Rect(x: 0, y: 0, width: 150, height: 70)
    let pie = PieLayouter.layout(ChartModel(spec: spec), in: small)
    #expect(pie.selectionShift == 3.5)
    #expect(pie.radius == 35 - 3.5)
    // Where half the smaller side is 120 px or more, the spec's shift is kept whole.
    let large = PieLayouter.layout(ChartModel(spec: spec), in: Rect(x: 0, y: 0, width: 300, height: 240))
    #expect(large.selectionShift == 12 && large.radius == 120 - 12)
    // The highlighted slice reaches exactly that far, and stays inside the space.
    let result = PieSlices.compute(ChartModel(spec: spec))
    let slice = try #require(result.slices.first)
    let shape = PieRenderer.highlightShape(slice, result, pie, spec)
    #expect(shape.outerRadius == pie.radius + 3.5)
    #expect(pie.center.y - shape.outerRadius >= small.minY - 1e-9 && pie.center.y + shape.outerRadius <= small.maxY + 1e-9)
  }

  @Test func outsideLabelsTakeRoomBesideThePie() {
    let labels = ["A fairly long label", "b", "c"]
    let inside = PieLayouter.layout(ChartModel(spec: PieFixtures.spec([1, 1, 1], labels: labels)), in: rect)
    let spec = PieFixtures.spec([1, 1, 1], labels: labels) { $0.pie.entryLabels = .outside }
    let outside = PieLayouter.layout(ChartModel(spec: spec), in: rect)
    #expect(outside.radius < inside.radius)
    let room = rect.maxX - (outside.center.x + outside.radius)
    let widest = TextMetrics.width("A fairly long label", fontSize: spec.fontSize)
    #expect(room >= outside.selectionShift + PieLabelText.lineReach + PieLabelText.textGap + widest - 1e-9)
  }

  @Test func halfPieUsesTheSpaceOfItsHalf() {
    let wide = Rect(x: 0, y: 0, width: 600, height: 300)
    let full = PieLayouter.layout(ChartModel(spec: PieFixtures.spec([1, 2])), in: wide)
    let spec = PieFixtures.spec([1, 2]) { $0.pie.maxAngle = 180; $0.pie.rotation = 180 }
    let half = PieLayouter.layout(ChartModel(spec: spec), in: wide)
    #expect(half.radius > full.radius)
    #expect(half.center.y > wide.midY)
    // The top of the half pie (plus the shift) touches the top of the space.
    #expect(abs(half.center.y - half.radius - half.selectionShift - wide.minY) < 1e-9)
    #expect(half.center.y + half.selectionShift <= wide.maxY + 1e-9)
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
    #expect(PieLayouter.layout(model, in: Rect(x: 0, y: 0, width: 0, height: 10)).radius == 0)
    #expect(PieLayouter.layout(model, in: Rect(x: 0, y: 0, width: .nan, height: 10)).radius == 0)
    #expect(PieLayouter.layout(model, in: Rect(x: 0, y: 0, width: -5, height: .infinity)).radius == 0)
  }

  /// A dashboard tile's half pie with its labels outside: the labels took the whole radius, and
  /// the chart showed a title and a legend around nothing. Below two lines of label
  /// text the labels give way and the pie takes their room, as large as without them.
  @Test func outsideLabelsGiveWayWhereTheyWouldLeaveThePieTooSmall() {
    let labels = ["Social", "Greens", "Liberal", "Conservative", "Other"]
    let values: [Double] = [138, 171, 52, 63, 22]
    let tile = Rect(x: 8, y: 30, width: 204, height: 55)
    let plain = PieFixtures.spec(values, labels: labels) { $0.pie.maxAngle = 180; $0.pie.rotation = 180 }
    var outside = plain
    outside.pie.entryLabels = .outside
    outside.pie.valueLabels = .outside
    let bare = PieLayouter.layout(ChartModel(spec: plain), in: tile)
    let pie = PieLayouter.layout(ChartModel(spec: outside), in: tile)
    #expect(!pie.outsideLabels)
    #expect(pie == bare.with(outsideLabels: false))
    #expect(pie.radius > 40)
    // Drawn without them: no value line, no label text.
    var layout = PieFixtures.layout(ChartModel(spec: outside))
    layout.pie = pie
    var svg = SVGWriter()
    PieRenderer.render(model: ChartModel(spec: outside), layout: layout, into: &svg)
    #expect(!svg.output.contains("<text") && !svg.output.contains("fill=\"none\""))
    #expect(svg.output.contains("<path"))
  }

  /// Where the pie keeps two lines of label text with them, the labels stay: the smallest radius
  /// kept is exactly that, and a pie of that radius or more keeps them.
  @Test func outsideLabelsStayWhileThePieKeepsTwoLinesOfTheirText() {
    let spec = PieFixtures.spec([3, 2, 1], labels: ["North", "South", "East"]) { $0.pie.entryLabels = .outside }
    let floor = PieLayouter.minRadiusWithOutsideLabels(spec)
    #expect(floor == 2 * PieLabelText.lineHeight(spec))
    // Widths around the one at which the labelled radius reaches the floor.
    var plain = spec
    plain.pie.entryLabels = .inside
    var kept = 0, dropped = 0
    for width in stride(from: 120.0, through: 400, by: 2) {
      let space = Rect(x: 0, y: 0, width: width, height: 300)
      let pie = PieLayouter.layout(ChartModel(spec: spec), in: space)
      let bare = PieLayouter.layout(ChartModel(spec: plain), in: space)
      if pie.outsideLabels {
        kept += 1
        #expect(pie.radius >= floor - 1e-9 && pie.radius < bare.radius)
      } else {
        dropped += 1
        #expect(pie == bare.with(outsideLabels: false))
      }
    }
    #expect(kept > 0 && dropped > 0)
  }

  /// Above and below the pie only a value line's elbow reaches past the rim (the texts are spread
  /// inside the space whatever the radius): a pie short of height keeps that much, not a line of text.
  @Test func outsideLabelsKeepOnlyTheElbowAboveAndBelow() {
    let spec = PieFixtures.spec([5, 1, 1, 1, 5], labels: ["Top", "b", "c", "d", "Bottom"]) {
      $0.pie.entryLabels = .outside
      $0.pie.rotation = 180
    }
    let wide = Rect(x: 0, y: 0, width: 800, height: 200)
    let pie = PieLayouter.layout(ChartModel(spec: spec), in: wide)
    #expect(pie.outsideLabels)
    #expect(pie.radius == 100 - max(pie.selectionShift, PieLabelText.elbow))
    let result = PieSlices.compute(ChartModel(spec: spec))
    let labels = PieLabelPlacer.outsideLabels(result.slices, pie, spec, rim: { _ in pie.radius })
    #expect(labels.count == 5)
    let half = PieLabelText.lineHeight(spec) / 2
    for label in labels {
      #expect(label.centerY - half >= wide.minY - 1e-9 && label.centerY + half <= wide.maxY + 1e-9)
      for point in label.line { #expect(point.y >= wide.minY - 1e-9 && point.y <= wide.maxY + 1e-9) }
    }
  }
}

extension PieLayout {
  /// This layout with `outsideLabels` set (tests).
  func with(outsideLabels: Bool) -> PieLayout {
    var copy = self
    copy.outsideLabels = outsideLabels
    return copy
  }
}
