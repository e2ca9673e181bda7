import Testing
@testable import ChartCore

/// Value labels on a 100 × 100 px plot with domains 0…10 (pixel = (10·x, 100 − 10·y)), font 11 px.
@Suite struct ValueLabelRendererTests {
  typealias F = SeriesFixture

  func render(_ ds: DataSetSpec, kind: ChartKind, y: ClosedRange<Double> = 0...10) -> String {
    var shown = ds
    shown.valueLabels.show = true
    return F.render(ValueLabelRenderer.render, F.context(shown, kind: kind, y: y, bars: BarGeometry(barWidth: 1, offsets: [:])))
  }

  @Test func nothingUnlessShown() {
    let ds = F.dataSet(x: [5], y: [5])
    #expect(F.render(ValueLabelRenderer.render, F.context(ds, kind: .line)).isEmpty)
  }

  @Test func lineLabelsSitAboveTheirPointsInOneGroup() throws {
    let svg = render(F.dataSet(x: [2, 5], y: [3, 5]), kind: .line)
    let group = try #require(Markup.elements("g", in: svg).first)
    #expect(group["font-size"] == "11")
    #expect(group["fill"] == Theme.light.text.hexString)
    #expect(group["text-anchor"] == "middle")
    #expect(group["aria-hidden"] == "true")
    let texts = Markup.texts(in: svg)
    #expect(texts.map(\.content) == ["3", "5"])
    // Point (5, 5) is at pixel (50, 50); the label's baseline is half the line width + 4 px above.
    #expect(texts[1].attributes["x"] == "50")
    #expect(texts[1].attributes["y"] == "45.25")
  }

  @Test func labelsNearTheTopOfTheCanvasGoBelowThePoint() throws {
    let texts = Markup.texts(in: render(F.dataSet(x: [5], y: [9.5]), kind: .scatter))
    // Pixel y 5: above would leave the canvas; below = 5 + 4 (half of 8) + 4 + 7.7.
    #expect(texts.first?.attributes["y"] == "20.7")
  }

  @Test func tooManyVisibleEntriesDrawNoLabelsButEntriesOutsideTheXRangeDoNotCount() {
    var ds = F.dataSet(x: [1, 2, 3, 40], y: [1, 2, 3, 4])
    ds.valueLabels.maxVisibleEntries = 3
    #expect(Markup.texts(in: render(ds, kind: .line)).count == 3)
    ds.valueLabels.maxVisibleEntries = 2
    #expect(render(ds, kind: .line).isEmpty)
  }

  @Test func barLabelsSitOutsideTheValueEnd() throws {
    let up = Markup.texts(in: render(F.dataSet(x: [5], y: [5]), kind: .bar))
    #expect(up.first?.attributes["y"] == "46", "4 px above the top at 50")
    let down = Markup.texts(in: render(F.dataSet(x: [5], y: [-5]), kind: .bar, y: -10...10))
    #expect(down.first?.attributes["y"] == "86.7", "below the bottom at 75: 4 px gap + cap height 7.7")
    #expect(down.first?.attributes["fill"] == nil, "outside labels use the group colour")
  }

  @Test func aLabelThatWouldLeaveThePlotGoesInsideInAReadableColour() throws {
    let texts = Markup.texts(in: render(F.dataSet(x: [5], y: [10]), kind: .bar))
    #expect(texts.first?.attributes["y"] == "11.7")
    #expect(texts.first?.attributes["fill"] == Theme.light.background.hexString, "white on the dark blue bar")
  }

  @Test func stackSegmentsAreLabelledInTheirMiddlesWhenTheyFit() throws {
    var ds = F.dataSet(x: [5], y: [7.5]) { $0.colors = [Color(hex: 0x1f3a93), Color(hex: 0xedc948)] }
    ds.entries.stacks = [[3, 4, 0.5]]
    let texts = Markup.texts(in: render(ds, kind: .bar))
    #expect(texts.map(\.content) == ["3", "4"], "the 5 px segment is too short for 11 px text")
    // Segment 0 spans pixels 100…70 (middle 85), segment 1 spans 70…30 (middle 50); + 3.85 to centre.
    #expect(texts.map { $0.attributes["y"] } == ["88.85", "53.85"])
    #expect(texts[0].attributes["fill"] == Theme.light.background.hexString, "light text on dark blue")
    #expect(texts[1].attributes["fill"] == nil, "dark text on yellow is the group colour")
  }

  @Test func candleLabelsShowTheCloseAboveTheHigh() throws {
    var ds = F.dataSet(x: [5], y: [6])
    ds.entries.open = [4]
    ds.entries.high = [8]
    ds.entries.low = [2]
    let texts = Markup.texts(in: render(ds, kind: .candlestick))
    #expect(texts.first?.content == "6")
    #expect(texts.first?.attributes["y"] == "16", "4 px above the high at 20")
  }

  @Test func readableColourPicksTheBetterContrast() {
    #expect(LabelWriter.readable(on: Color(hex: 0xffff00), theme: .light) == Theme.light.text)
    #expect(LabelWriter.readable(on: Color(hex: 0x000080), theme: .light) == Theme.light.background)
    #expect(LabelWriter.readable(on: Color(hex: 0xffff00), theme: .dark) == Theme.dark.background)
  }

  @Test func emptyAndNaNDataDrawNothing() {
    #expect(render(F.dataSet(x: [], y: []), kind: .line).isEmpty)
    #expect(render(F.dataSet(x: [1, .nan], y: [.nan, 1]), kind: .bar).isEmpty)
    #expect(render(F.dataSet(x: [1], y: [1]), kind: .bubble).isEmpty)
  }
}
