import Testing
@testable import ChartCore

/// Scatter and bubble markup on a 100 × 100 px plot with domains 0…10: pixel = (10·x, 100 − 10·y).
@Suite struct ScatterRendererTests {
  typealias F = SeriesFixture

  func render(_ ds: DataSetSpec, indices: EntryIndices? = nil) -> String {
    F.render(ScatterRenderer.render, F.context(ds, kind: .scatter, indices: indices))
  }

  func symbol(_ shape: ScatterShape) -> String? {
    let svg = render(F.dataSet(x: [5], y: [5]) {
      $0.scatter.shape = shape
      $0.scatter.size = 10
    })
    return Markup.elements("path", in: svg).first?["d"]
  }

  @Test func everySymbolOfAChunkIsInOnePath() throws {
    let svg = render(F.dataSet(x: [1, 2, 3], y: [1, 2, 3]))
    let paths = Markup.elements("path", in: svg)
    #expect(paths.count == 1)
    #expect(paths[0]["d"] == "M10 90H10M20 80H20M30 70H30", "circles are zero-length round-capped segments")
    #expect(paths[0]["stroke-width"] == "8")
    #expect(paths[0]["stroke-linecap"] == "round")
    #expect(paths[0]["aria-label"] == "a: 3 points")
  }

  @Test func shapesAreCentredOnThePoint() {
    #expect(symbol(.square) == "M45 45H55V55H45Z")
    #expect(symbol(.triangle) == "M50 45L55 55L45 55Z")
    #expect(symbol(.cross) == "M45 50H55M50 45V55")
    #expect(symbol(.x) == "M45 45L55 55M55 45L45 55")
    #expect(symbol(.chevronUp) == "M45 52.5L50 47.5L55 52.5")
    #expect(symbol(.chevronDown) == "M45 47.5L50 52.5L55 47.5")
  }

  @Test func filledAndStrokedShapesArePaintedAccordingly() throws {
    let square = render(F.dataSet(x: [5], y: [5]) { $0.scatter.shape = .square })
    #expect(Markup.elements("path", in: square).first?["fill"] == Theme.light.palette[0].hexString)
    let cross = render(F.dataSet(x: [5], y: [5]) { $0.scatter.shape = .cross; $0.scatter.size = 10 })
    let p = try #require(Markup.elements("path", in: cross).first)
    #expect(p["fill"] == "none")
    #expect(p["stroke-width"] == "2")
  }

  @Test func perEntryColoursGiveOnePathPerColourInOrderOfFirstUse() {
    var ds = F.dataSet(x: [1, 2, 3, 4], y: [1, 2, 3, 4])
    ds.entries.colors = [Color(hex: 0xff0000), nil, Color(hex: 0xff0000), nil]
    let paths = Markup.elements("path", in: render(ds))
    #expect(paths.map { $0["stroke"] } == ["#ff0000", Theme.light.palette[0].hexString])
    #expect(paths[0]["d"] == "M10 90H10M30 70H30")
  }

  @Test func repeatedPositionsAreDrawnOnceAboveTheThreshold() throws {
    let n = ScatterRenderer.dedupThreshold + 1
    // Two distinct positions, 2,001 entries; y 1.0001 and 1 land on the same 1/100 px.
    let ds = F.dataSet(x: (0..<n).map { $0 % 2 == 0 ? 1 : 2 }, y: (0..<n).map { $0 == 4 ? 1.0001 : 1 })
    let d = try #require(Markup.elements("path", in: render(ds)).first?["d"])
    #expect(d == "M10 90H10M20 90H20")
    #expect(Markup.elements("path", in: render(ds)).first?["aria-label"] == "a: 2 points")
    // Below the threshold every symbol is written.
    let few = F.dataSet(x: [1, 1, 1], y: [1, 1, 1])
    #expect(Markup.elements("path", in: render(few)).first?["d"] == "M10 90H10M10 90H10M10 90H10")
  }

  @Test func symbolsOffThePlotAndMissingValuesAreLeftOut() {
    let ds = F.dataSet(x: [5, 50, -3, .nan, 5], y: [5, 5, 5, 5, .nan])
    #expect(Markup.elements("path", in: render(ds)).first?["d"] == "M50 50H50")
    #expect(render(F.dataSet(x: [], y: [])).isEmpty)
    #expect(render(F.dataSet(x: [5], y: [5]) { $0.scatter.size = 0 }).isEmpty)
  }
}

@Suite struct BubbleRendererTests {
  typealias F = SeriesFixture

  func render(_ ds: DataSetSpec, indices: EntryIndices? = nil) -> String {
    F.render(BubbleRenderer.render, F.context(ds, kind: .bubble, indices: indices))
  }

  func bubbles(_ sizes: [Double], maxDiameter: Double = 20) -> DataSetSpec {
    var ds = F.dataSet(x: sizes.indices.map { Double($0) + 2 }, y: sizes.map { _ in 5 }) { $0.bubble.maxDiameter = maxDiameter }
    ds.entries.size = EntryColumn(sizes)
    return ds
  }

  @Test func diameterIsMaxDiameterTimesTheRootOfTheSizeRatio() throws {
    let circles = Markup.elements("circle", in: render(bubbles([4, 16])))
    // √(4/16) · 20 = 10 → r 5; the largest → r 10.
    #expect(circles.map { $0["r"] } == ["5", "10"])
    #expect(circles[0]["cx"] == "20" && circles[0]["cy"] == "50")
    #expect(circles[0]["fill-opacity"] == "0.6")
    #expect(circles[0]["aria-label"] == "a: 2, 5, size 4")
  }

  @Test func bubbleLabelsAreEscapedAndReadTheLocale() throws {
    var ds = bubbles([4.25, 16])
    ds.label = "<b>"
    ds.entries.labels = [nil, "Q&A"]
    let svg = F.render(BubbleRenderer.render, F.context(ds, kind: .bubble) { $0.locale.decimalSeparator = "," })
    #expect(Markup.elements("circle", in: svg).map { $0["aria-label"] } == ["&lt;b&gt;: 2, 5, size 4,25", "&lt;b&gt;: Q&amp;A, 5, size 16"])
  }

  @Test func theLargestSizeIsTakenOverTheWholeDataSetNotTheChunk() {
    let circles = Markup.elements("circle", in: render(bubbles([4, 16]), indices: .range(0..<1)))
    #expect(circles.map { $0["r"] } == ["5"])
  }

  /// The largest bubble spans at most a quarter of the plot's shorter side: 25 px of the fixture's
  /// 100, where 40 are asked; the others scale with it.
  @Test func theLargestBubbleSpansAtMostAQuarterOfThePlot() {
    let circles = Markup.elements("circle", in: render(bubbles([4, 16], maxDiameter: 40)))
    #expect(circles.map { $0["r"] } == ["6.25", "12.5"])
    let wide = F.render(BubbleRenderer.render, F.context(bubbles([16], maxDiameter: 40), kind: .bubble,
                                                          plot: Rect(x: 0, y: 0, width: 400, height: 160)))
    #expect(Markup.elements("circle", in: wide).map { $0["r"] } == ["20"])
  }

  @Test func nonPositiveAndMissingSizesDrawNothing() {
    #expect(Markup.elements("circle", in: render(bubbles([0, -3, .nan, 9]))).count == 1)
    #expect(render(bubbles([0, 0])).isEmpty)
    #expect(render(F.dataSet(x: [1], y: [1])).isEmpty, "no size column")
    #expect(BubbleRenderer.diameter(size: 1, maxSize: 0, maxDiameter: 40) == 0)
  }

  @Test func opacityIsApplied() {
    var ds = bubbles([1])
    ds.bubble.opacity = 0.25
    #expect(Markup.elements("circle", in: render(ds)).first?["fill-opacity"] == "0.25")
  }
}
