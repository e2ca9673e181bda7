import Foundation
import Testing
@testable import ChartCore

/// Highlights per series kind, at hand-computed coordinates, and the cases that draw nothing.
@Suite struct HighlightRendererTests {
  typealias F = OverlayFixtures

  @Test func lineHighlightCrossesThePlotThroughThePoint() {
    let model = F.model(.line, x: [0, 5, 10], y: [10, 50, 90], highlight: 1)
    let markup = F.highlight(model, F.layout())
    #expect(PieFixtures.attributes("d", in: markup) == ["M300 20V320M50 170H550"])
    #expect(PieFixtures.attributes("stroke", in: markup) == [Theme.light.highlight.hexString])
    #expect(PieFixtures.attributes("data-entry", in: markup) == ["1"])
  }

  @Test func styleChoosesLinesColourWidthAndDash() {
    let model = F.model(.scatter, x: [0, 5], y: [10, 50], highlight: 0) {
      $0.highlightStyle.horizontalLine = false
      $0.highlightStyle.color = Color(hex: 0x112233)
      $0.highlightStyle.lineWidth = 2
      $0.highlightStyle.dash = [3, 1]
    }
    let markup = F.highlight(model, F.layout())
    #expect(PieFixtures.attributes("d", in: markup) == ["M50 20V320"])
    #expect(PieFixtures.attributes("stroke", in: markup) == ["#112233"])
    #expect(PieFixtures.attributes("stroke-width", in: markup) == ["2"])
    #expect(PieFixtures.attributes("stroke-dasharray", in: markup) == ["3 1"])
  }

  @Test func rightAxisDataSetsUseTheRightScale() {
    let model = F.model(.line, x: [5], y: [0], highlight: 0) { $0.dataSets[0].axis = .right }
    #expect(PieFixtures.attributes("d", in: F.highlight(model, F.layout())) == ["M300 20V320M50 170H550"])
  }

  @Test func candleHighlightGoesThroughTheClose() {
    let model = F.model(.candlestick, x: [5], y: [40], highlight: 0) {
      $0.dataSets[0].entries.open = [30]; $0.dataSets[0].entries.high = [60]
      $0.dataSets[0].entries.low = [20]; $0.dataSets[0].entries.close = [40]
    }
    #expect(PieFixtures.attributes("d", in: F.highlight(model, F.layout())) == ["M300 20V320M50 200H550"])
  }

  @Test func barHighlightCoversTheBar() {
    let bars = BarGeometry(barWidth: 0.8, offsets: ["d": 0.5])
    let model = F.model(.bar, x: [5], y: [50], highlight: 0) { $0.highlightStyle.barOverlayOpacity = 0.25 }
    let markup = F.highlight(model, F.layout(bars: bars))
    // x 5.5 ± 0.4 → 305…345 px; y 0…50 → 320…170 px.
    #expect(PieFixtures.attributes("x", in: markup) == ["305"])
    #expect(PieFixtures.attributes("y", in: markup) == ["170"])
    #expect(PieFixtures.attributes("width", in: markup) == ["40"])
    #expect(PieFixtures.attributes("height", in: markup) == ["150"])
    #expect(PieFixtures.attributes("fill-opacity", in: markup) == ["0.25"])
  }

  @Test func horizontalBarHighlightIsSwapped() {
    let bars = BarGeometry(barWidth: 1, offsets: [:])
    let model = F.model(.bar, x: [5], y: [40], highlight: 0) { $0.bars.horizontal = true }
    let markup = F.highlight(model, F.layout(horizontal: true, bars: bars))
    // x 4.5…5.5 → 155…185 px down; y 0…40 → 50…250 px across.
    #expect(PieFixtures.attributes("x", in: markup) == ["50"])
    #expect(PieFixtures.attributes("y", in: markup) == ["155"])
    #expect(PieFixtures.attributes("width", in: markup) == ["200"])
    #expect(PieFixtures.attributes("height", in: markup) == ["30"])
  }

  @Test func aRoundedBarsVeilHasTheBarsCorners() {
    let bars = BarGeometry(barWidth: 1, offsets: [:])
    // x 4.5…5.5 → 275…325 px; y 0…50 → 320…170 px; radius 6 at the top (value end) only.
    let model = F.model(.bar, x: [5], y: [50], highlight: 0) { $0.dataSets[0].bar.cornerRadius = 6 }
    let markup = F.highlight(model, F.layout(bars: bars))
    #expect(PieFixtures.elements("rect", in: markup).isEmpty)
    #expect(PieFixtures.attributes("d", in: markup) == ["M281 170H319A6 6 0 0 1 325 176V320H275V176A6 6 0 0 1 281 170Z"])
    // A bar running past the plot's top is cut there, square, as it is drawn: only the base (radius 2) stays round.
    let tall = F.model(.bar, x: [5], y: [150], highlight: 0) { $0.dataSets[0].bar.cornerRadii = [6, 6, 2, 2] }
    #expect(PieFixtures.attributes("d", in: F.highlight(tall, F.layout(bars: bars)))
      == ["M275 20H325V318A2 2 0 0 1 323 320H277A2 2 0 0 1 275 318V20Z"])
  }

  @Test func aRoundedStacksVeilRoundsOnlyItsOuterEnds() {
    let bars = BarGeometry(barWidth: 1, offsets: [:])
    func veil(_ segment: Int?) -> String? {
      let model = F.model(.bar, x: [5], y: [30], highlight: nil) {
        $0.dataSets[0].entries.stacks = [[10, 20]]
        $0.dataSets[0].bar.cornerRadius = 4
        $0.highlights = [HighlightSpec(dataSet: "d", index: 0, stackIndex: segment)]
      }
      let markup = F.highlight(model, F.layout(bars: bars))
      return PieFixtures.attributes("d", in: markup).first ?? PieFixtures.attributes("y", in: markup).first.map { "rect y=" + $0 }
    }
    // 0…10 → 320…290 px: the base segment is square; 10…30 → 290…230: rounded on top.
    #expect(veil(0) == "rect y=290")
    #expect(veil(1) == "M279 230H321A4 4 0 0 1 325 234V290H275V234A4 4 0 0 1 279 230Z")
    // The whole stack: 0…30, rounded on top as the top segment is.
    #expect(veil(nil) == "M279 230H321A4 4 0 0 1 325 234V320H275V234A4 4 0 0 1 279 230Z")
  }

  @Test func stackSegmentHighlightCoversOnlyThatSegment() {
    let bars = BarGeometry(barWidth: 1, offsets: [:])
    func segment(_ s: Int) -> [String] {
      let model = F.model(.bar, x: [5], y: [30], highlight: nil) {
        $0.dataSets[0].entries.stacks = [[10, 20, -5]]
        $0.highlights = [HighlightSpec(dataSet: "d", index: 0, stackIndex: s)]
      }
      let markup = F.highlight(model, F.layout(bars: bars))
      return ["y", "height"].map { PieFixtures.attributes($0, in: markup).first ?? "-" }
    }
    // 10…30 → 290…230 px.
    #expect(segment(1) == ["230", "60"])
    // 0…10 → 320…290 px.
    #expect(segment(0) == ["290", "30"])
    // −5…0 lies below the plot's 0 line: clipped away, nothing drawn.
    #expect(segment(2) == ["-", "-"])
    #expect(segment(3) == ["-", "-"])
  }

  @Test func bubbleHighlightIsARingAroundTheBubble() {
    let model = F.model(.bubble, x: [2, 5], y: [10, 50], highlight: 1) {
      $0.dataSets[0].entries.size = [100, 25]
      $0.dataSets[0].bubble.maxDiameter = 40
    }
    let markup = F.highlight(model, F.layout())
    // √(25/100) × 20 = 10 px, plus 2 px gap and half the 1.5 px stroke.
    #expect(PieFixtures.attributes("cx", in: markup) == ["300"])
    #expect(PieFixtures.attributes("cy", in: markup) == ["170"])
    #expect(PieFixtures.attributes("r", in: markup) == ["12.75"])
  }

  @Test func combinedChartsUseEachDataSetsKind() {
    let bars = BarGeometry(barWidth: 1, offsets: [:])
    let model = F.model(.combined, x: [5], y: [50], highlight: 0) { $0.dataSets[0].kind = .bar }
    #expect(PieFixtures.elements("rect", in: F.highlight(model, F.layout(bars: bars))).count == 1)
  }

  @Test func invalidHighlightsDrawNothing() {
    let layout = F.layout()
    let cases: [ChartModel] = [
      F.model(.line, x: [1, 2], y: [10, 20], highlight: 2),
      F.model(.line, x: [1, 2], y: [10, 20], highlight: -1),
      F.model(.line, x: [1, 2], y: [10, .nan], highlight: 1),
      F.model(.line, x: [1, .nan], y: [10, 20], highlight: 1),
      F.model(.line, x: [1, 20], y: [10, 20], highlight: 1),  // outside the plot
      F.model(.line, x: [1, 2], y: [10, 20], highlight: 0) { $0.dataSets[0].visible = false },
      F.model(.line, x: [1, 2], y: [10, 20], highlight: nil) { $0.highlights = [HighlightSpec(dataSet: "nope", index: 0)] },
      F.model(.bubble, x: [1], y: [10], highlight: 0),  // no size
    ]
    for model in cases {
      #expect(F.highlight(model, layout).isEmpty)
      #expect(F.marker(model, layout).isEmpty)
    }
  }

  @Test func everyValidHighlightIsDrawn() {
    let model = F.model(.line, x: [1, 2, 3], y: [10, 20, 30], highlight: nil) {
      $0.highlights = [HighlightSpec(dataSet: "d", index: 0), HighlightSpec(dataSet: "x", index: 0), HighlightSpec(dataSet: "d", index: 2)]
    }
    #expect(PieFixtures.attributes("data-entry", in: F.highlight(model, F.layout())) == ["0", "2"])
  }

  @Test func pieHighlightRedrawsTheSliceBeyondTheRim() throws {
    let spec = PieFixtures.spec([1, 1, 2], labels: ["a", "b", "c"]) {
      $0.pie.selectionShift = 10
      $0.highlights = [HighlightSpec(dataSet: "share", index: 2)]
    }
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    let pie = try #require(layout.pie)
    let markup = OverlayFixtures.highlight(model, layout)
    let path = try #require(PieFixtures.elements("path", in: markup).first)
    #expect(PieFixtures.attributes("fill", in: path) == [Theme.light.paletteColor(2).hexString])
    let d = try #require(PieFixtures.attributes("d", in: path).first)
    let radii = PieFixtures.vertices(d).map { hypot($0.x - pie.center.x, $0.y - pie.center.y) }
    #expect(abs((radii.max() ?? 0) - (pie.radius + 10)) < 0.02)
    // Starts at the translucent ring's outer edge so the ring still shows.
    #expect(abs((radii.min() ?? 0) - pie.transparentCircleRadius) < 0.02)
    // The slice (c = half the pie) spans the left half: every vertex is left of the centre.
    #expect(PieFixtures.vertices(d).allSatisfy { $0.x <= pie.center.x + 0.01 })
    #expect(markup.contains(">c<"), "its inside label is drawn again on top")
  }

  @Test func pieHighlightOfAZeroSliceDrawsNothing() {
    let spec = PieFixtures.spec([1, 0, 2]) { $0.highlights = [HighlightSpec(dataSet: "share", index: 1)] }
    let model = ChartModel(spec: spec)
    #expect(OverlayFixtures.highlight(model, PieFixtures.layout(model)).isEmpty)
  }
}
