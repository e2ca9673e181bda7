import Testing
@testable import ChartCore

/// Candle markup on a 100 × 100 px plot with domains 0…10: pixel = (10·x, 100 − 10·y).
@Suite struct CandleRendererTests {
  typealias F = SeriesFixture

  func candles(_ rows: [(x: Double, open: Double, high: Double, low: Double, close: Double)],
               _ configure: (inout DataSetSpec) -> Void = { _ in }) -> DataSetSpec {
    var ds = F.dataSet(x: rows.map(\.x), y: rows.map(\.close), configure)
    ds.entries.open = EntryColumn(rows.map(\.open))
    ds.entries.high = EntryColumn(rows.map(\.high))
    ds.entries.low = EntryColumn(rows.map(\.low))
    ds.entries.close = EntryColumn(rows.map(\.close))
    return ds
  }

  func render(_ ds: DataSetSpec) -> [[String: String]] {
    Markup.elements("path", in: F.render(CandleRenderer.render, F.context(ds, kind: .candlestick)))
  }

  @Test func increasingCandleIsHollowWithWicksOutsideTheBody() throws {
    let p = try #require(render(candles([(5, 4, 8, 2, 6)])).first)
    // Body 0.8 x units = 8 px wide, from 46 to 54; open 4 → 60, close 6 → 40; high 8 → 20, low 2 → 80.
    #expect(p["d"] == "M50 20V40M50 60V80M46 40H54V60H46Z")
    #expect(p["fill"] == "none")
    #expect(p["stroke"] == Theme.light.candleIncreasing.hexString)
    #expect(p["stroke-width"] == "1.5")
    #expect(p["aria-label"] == "a: 5, open 4, high 8, low 2, close 6")
  }

  @Test func labelsReadTheFormattedValuesEscapedPieceByPiece() throws {
    var ds = candles([(1, 4, 8, 2, 6), (2, 6.25, 7.5, -0.001, 5), (3, 5, 9, 1, 5.125)]) {
      $0.label = "A&B \"<1>\""
      $0.entries.labels = ["Mon 'a'", nil, nil]
    }
    ds.valueLabels.format = .number(decimals: nil, prefix: "<", suffix: "")
    let ctx = F.context(ds, kind: .candlestick, y: -1...10) { $0.locale.decimalSeparator = "&" }
    let labels = render(ds: ctx).compactMap { $0["aria-label"] }
    #expect(labels == [
      "A&amp;B &quot;&lt;1&gt;&quot;: Mon &#39;a&#39;, open &lt;4, high &lt;8, low &lt;2, close &lt;6",
      "A&amp;B &quot;&lt;1&gt;&quot;: 2, open &lt;6&amp;25, high &lt;7&amp;5, low -&lt;0&amp;001, close &lt;5",
      "A&amp;B &quot;&lt;1&gt;&quot;: 3, open &lt;5, high &lt;9, low &lt;1, close &lt;5&amp;13",
    ])
    // With the automatic format, the same values take the formatter's own text.
    ds.valueLabels.format = nil
    let plain = F.context(ds, kind: .candlestick, y: -1...10)
    #expect(render(ds: plain).compactMap { $0["aria-label"] }.last == "A&amp;B &quot;&lt;1&gt;&quot;: 3, open 5, high 9, low 1, close 5.13")
    #expect(render(ds: plain).compactMap { $0["aria-label"] }[1].hasSuffix("low -0.001, close 5"))
  }

  func render(ds ctx: SeriesContext) -> [[String: String]] {
    Markup.elements("path", in: F.render(CandleRenderer.render, ctx))
  }

  @Test func decreasingCandleIsFilled() throws {
    let p = try #require(render(candles([(5, 6, 8, 2, 4)])).first)
    #expect(p["fill"] == Theme.light.candleDecreasing.hexString)
    #expect(p["stroke"] == Theme.light.candleDecreasing.hexString)
  }

  @Test func fillingAndColoursFollowTheStyle() throws {
    let paths = render(candles([(2, 4, 8, 2, 6), (5, 6, 8, 2, 4)]) {
      $0.candle.increasingFilled = true
      $0.candle.decreasingFilled = false
      $0.candle.increasingColor = Color(hex: 0x00ff00)
      $0.candle.barSpace = 0.25
    })
    #expect(paths[0]["fill"] == "#00ff00")
    #expect(paths[1]["fill"] == "none")
    #expect(paths[0]["d"]?.hasSuffix("M17.5 40H22.5V60H17.5Z") == true, "body 1 − 2·0.25 = 0.5 x units")
  }

  @Test func neutralCandleIsALine() throws {
    let p = try #require(render(candles([(5, 5, 7, 3, 5)])).first)
    #expect(p["d"] == "M50 30V50M50 50V70M46 50H54")
    #expect(p["stroke"] == Theme.light.candleNeutral.hexString)
  }

  @Test func aWickColourOfItsOwnGetsItsOwnPath() {
    let paths = render(candles([(5, 4, 8, 2, 6)]) { $0.candle.shadowColor = Color(hex: 0x000000) })
    #expect(paths.count == 2)
    #expect(paths[0]["d"] == "M50 20V40M50 60V80")
    #expect(paths[0]["stroke"] == "#000000")
    #expect(paths[0]["aria-hidden"] == "true")
    #expect(paths[1]["d"] == "M46 40H54V60H46Z")
  }

  @Test func ohlcTicksMode() throws {
    let p = try #require(render(candles([(5, 4, 8, 2, 6)]) { $0.candle.ohlcTicks = true }).first)
    #expect(p["d"] == "M50 20V80M46 60H50M50 40H54")
    #expect(p["fill"] == "none")
  }

  @Test func missingColumnsFallBackAndBadValuesDrawNothing() {
    // Only y: a neutral candle at the close.
    let plain = render(F.dataSet(x: [5], y: [5]))
    #expect(plain.first?["d"] == "M46 50H54")
    #expect(render(candles([(5, .nan, 8, 2, 6)])).count == 1, "a missing open falls back to the close")
    var closeFromY = candles([(5, 4, 8, 2, 6)])
    closeFromY.entries.close = [.nan]
    #expect(render(closeFromY).first?["stroke"] == Theme.light.candleIncreasing.hexString, "a missing close falls back to y")
    var ds = candles([(5, 4, 8, 2, 6)])
    ds.entries.y = [.nan]
    ds.entries.close = [.nan]
    #expect(render(ds).isEmpty)
    #expect(render(F.dataSet(x: [], y: [])).isEmpty)
  }

  /// The candles of a chunk share their path buffers: each must still come out as it does alone,
  /// whatever the candle before it drew (wicks or none, a body of its own or a line).
  @Test(arguments: ["shared", "own wick colour", "ohlc ticks"])
  func everyCandleOfAChunkIsDrawnAsItIsAlone(_ variant: String) {
    let rows: [(x: Double, open: Double, high: Double, low: Double, close: Double)] = [
      (1, 4, 8, 2, 6), (2, 6, 6, 4, 4), (3, 5, 7, 3, 5), (4, 3.25, 9.5, 0.5, 7.75), (5, 2, 2, 2, 2), (6, 7, 9, 1, 3),
    ]
    let configure: (inout DataSetSpec) -> Void = { ds in
      if variant == "own wick colour" { ds.candle.shadowColor = Color(hex: 0x000000) }
      if variant == "ohlc ticks" { ds.candle.ohlcTicks = true }
    }
    let together = render(candles(rows, configure))
    let alone = rows.flatMap { render(candles([$0], configure)) }
    #expect(together.count >= rows.count)
    #expect(together == alone)
  }
}
