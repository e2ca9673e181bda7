import ChartdJSON
import Testing
@testable import ChartCore

/// Plot panes sharing one x axis (`panes`, a data set's `pane`): read and checked, laid out by
/// weight and gap, each pane autoscaled on its own axis, drawn clipped to its pane, hit-tested.
@Suite struct PaneLayoutTests {
  /// Prices in the main pane (weight 3), volumes below (weight 1, 10 px gap).
  static let kline: JSONValue = [
    "kind": "combined", "width": 600, "height": 400,
    "panes": [["weight": 3], ["weight": 1, "gap": 10, "axis": ["format": "compact"]]],
    "dataSets": [
      ["id": "k", "kind": "candlestick", "entries": ["open": [100, 102, 101, 104], "high": [103, 104, 105, 106],
                                                     "low": [99, 100, 100, 103], "close": [102, 101, 104, 105]]],
      ["id": "v", "kind": "bar", "pane": 1, "entries": [3_000_000, 5_000_000, 4_000_000, 6_000_000]],
    ],
  ]

  func parse(_ json: JSONValue) -> (ChartSpec?, DiagnosticLog) {
    let log = DiagnosticLog()
    return (ChartSpec.parse(json, log: log), log)
  }

  func model(_ json: JSONValue) throws -> (ChartModel, ChartLayout) {
    let (spec, log) = parse(json)
    let s = try #require(spec, "\(log.items)")
    let m = ChartModel(spec: s)
    return (m, LayoutEngine.layout(m))
  }

  @Test func panesAndTheirDataSetsAreRead() throws {
    let (spec, log) = parse(Self.kline)
    let s = try #require(spec)
    #expect(log.items.isEmpty, "\(log.items)")
    #expect(s.panes.map(\.weight) == [3, 1])
    #expect(s.panes[1].gap == 10)
    #expect(s.panes[1].axis.common.formatter == .compact(decimals: nil))
    #expect(s.dataSets.map(\.pane) == [0, 1])
    #expect(s.paneCount == 2)
  }

  @Test func aPaneThatDoesNotExistIsAnErrorAtItsPointer() {
    var json = Self.kline
    json = json.mergePatched(with: ["panes": [["weight": 1]]])
    let (spec, log) = parse(json)
    #expect(spec == nil)
    #expect(log.errors.map(\.path) == ["/dataSets/1/pane"])
    #expect(log.errors.first?.message.contains("pane 1 does not exist") == true)
    // The upper bound of `pane` is the last of the most panes a chart may have.
    let eight: JSONValue = .array((0..<PaneSpec.maxPanes).map { _ in ["weight": 1] })
    let last = parse(["kind": "line", "panes": eight, "dataSets": [["id": "a", "pane": 7, "entries": [1]]]])
    #expect(last.0 != nil, "\(last.1.items)")
    let past = parse(["kind": "line", "panes": eight, "dataSets": [["id": "a", "pane": 8, "entries": [1]]]])
    #expect(past.1.errors.map(\.path) == ["/dataSets/0/pane"])
  }

  @Test func tooManyPanesAndIgnoredOnesAreReported() {
    let nine: JSONValue = .array((0..<(PaneSpec.maxPanes + 1)).map { _ in [:] })
    let (spec, log) = parse(["kind": "line", "panes": nine, "dataSets": [["id": "a", "entries": [1]]]])
    #expect(spec == nil)
    #expect(log.errors.map(\.path) == ["/panes"])
    #expect(log.errors.first?.message.contains("maxPanes") == true)
    let pie = parse(["kind": "pie", "panes": [[:], [:]], "dataSets": [["id": "a", "entries": [1, 2]]]])
    #expect(pie.1.warnings.map(\.path) == ["/panes"])
    #expect(pie.0?.paneCount == 1)
    let horizontal = parse(["kind": "bar", "bars": ["horizontal": true], "panes": [[:], [:]], "dataSets": [["id": "a", "entries": [1]]]])
    #expect(horizontal.1.warnings.map(\.path) == ["/panes"])
    let mainAxis = parse(["kind": "line", "panes": [["axis": ["min": 0]], [:]], "dataSets": [["id": "a", "entries": [1]]]])
    #expect(mainAxis.1.warnings.map(\.path) == ["/panes/0/axis"])
  }

  @Test func panesSplitThePlotByWeightWithTheirGaps() throws {
    let (_, l) = try model(Self.kline)
    let pane = try #require(l.panes.first)
    #expect(l.panes.count == 1)
    #expect(pane.rect.minY - l.plot.maxY == 10)
    #expect(pane.rect.minX == l.plot.minX && pane.rect.width == l.plot.width)
    // 3 : 1 within the rounding to whole pixels.
    #expect(abs(l.plot.height - 3 * pane.rect.height) <= 3, "\(l.plot.height) vs \(pane.rect.height)")
    // The x axis runs below the lowest pane; each value axis beside its own pane.
    let x = try #require(l.x)
    #expect(x.band.minY == pane.rect.maxY)
    #expect(l.frame.maxY == pane.rect.maxY && l.frame.minY == l.plot.minY)
    #expect(pane.axis.band.minY == pane.rect.minY && pane.axis.band.maxX == pane.rect.minX)
    #expect(l.left?.band.maxY == l.plot.maxY)
  }

  @Test func eachPaneIsScaledByItsOwnDataSets() throws {
    let (_, l) = try model(Self.kline)
    let left = try #require(l.left?.scale)
    let volume = try #require(l.panes.first?.axis.scale)
    // Prices do not reach down to the volumes' 0, nor volumes up to millions on the price axis.
    #expect(left.domainMin > 50 && left.domainMax < 200, "\(left.domainMin)…\(left.domainMax)")
    #expect(volume.domainMin == 0 && volume.domainMax >= 6_000_000)
    #expect(l.panes[0].axis.ticks.contains { $0.label == "6M" } || l.panes[0].axis.ticks.contains { $0.label.hasSuffix("M") })
  }

  @Test func eachPaneGroupsItsOwnBars() throws {
    let sets: JSONValue = [["id": "a", "kind": "bar", "entries": [1, 2]], ["id": "b", "kind": "bar", "entries": [2, 1]],
                           ["id": "c", "kind": "bar", "pane": 1, "entries": [5, 6]]]
    let (_, l) = try model(["kind": "combined", "panes": [[:], [:]], "dataSets": sets])
    let bars = try #require(l.bars)
    // a and b share the main pane's slots; c has its pane's slots to itself.
    #expect(bars.offsets["a"]! < 0 && bars.offsets["b"]! > 0 && bars.offsets["c"] == 0)
    #expect(bars.width(of: "c") > 1.5 * bars.width(of: "a"))
    #expect(bars.width(of: "a") == bars.width(of: "b"))
    // Without panes the three are one group.
    let flat: JSONValue = [["id": "a", "kind": "bar", "entries": [1, 2]], ["id": "b", "kind": "bar", "entries": [2, 1]],
                           ["id": "c", "kind": "bar", "entries": [5, 6]]]
    let (_, one) = try model(["kind": "combined", "dataSets": flat])
    #expect(one.bars?.offsets["c"] ?? 0 > 0 && one.bars?.widths.isEmpty == true)
  }

  @Test func aLowerPanesSeriesIsClippedToItsPane() throws {
    let (m, _) = try model(Self.kline)
    let svg = ChartRenderer.render(m, prefix: "p").svg
    #expect(svg.contains("<clipPath id=\"p-plot\">"))
    #expect(svg.contains("<clipPath id=\"p-plot-1\">"))
    let volume = try #require(svg.split(separator: "\n").first { $0.contains("id=\"p-s-v-0\"") })
    #expect(volume.contains("clip-path=\"url(#p-plot-1)\""))
    let candles = try #require(svg.split(separator: "\n").first { $0.contains("id=\"p-s-k-0\"") })
    #expect(candles.contains("clip-path=\"url(#p-plot)\""))
    #expect(svg.contains("id=\"p-pane-axis-1\""))
  }

  @Test func aHighlightsVerticalLineRunsDownEveryPane() throws {
    let (m, l) = try model(Self.kline.mergePatched(with: ["highlights": [["dataSet": "k", "index": 2]],
                                                          "highlightStyle": ["horizontalLine": true]]))
    var svg = SVGWriter()
    HighlightRenderer.render(model: m, layout: l, into: &svg)
    // One vertical segment per pane, the horizontal line only across the candle's pane.
    let d = try #require(Markup.elements("path", in: svg.output).first?["d"], "\(svg.output)")
    #expect(d.filter { $0 == "M" }.count == 3, "\(d)")
    let pane = l.panes[0].rect
    #expect(d.contains("V\(SVGNumber.format(l.plot.maxY))") && d.contains("V\(SVGNumber.format(pane.maxY))"), "\(d)")
    #expect(d.contains("H\(SVGNumber.format(l.plot.maxX))"), "\(d)")
  }

  @Test func hitsNameTheirPane() throws {
    let (m, l) = try model(Self.kline)
    let pane = l.panes[0]
    let xs = try #require(l.x?.scale)
    // Inside the third volume bar.
    let bar = Point(x: xs.map(2), y: pane.axis.scale.map(1_000_000))
    let hit = try #require(HitTester.hitTest(m, l, at: bar))
    #expect(hit.kind == .entry && hit.dataSet == "v" && hit.index == 2 && hit.pane == 1)
    // Above the bars, the plot area of pane 1, read on its axis.
    let empty = Point(x: xs.map(0), y: pane.rect.minY + 1)
    let area = try #require(HitTester.hitTest(m, l, at: empty))
    #expect(area.kind == .plotArea && area.pane == 1)
    #expect((area.y ?? 0) > 5_000_000)
    // In the main pane the candles are hit, and the gap between the panes hits nothing of the plot.
    let price = try #require(l.left?.scale)
    let candle = try #require(HitTester.hitTest(m, l, at: Point(x: xs.map(1), y: price.map(101.5))))
    #expect(candle.kind == .entry && candle.dataSet == "k" && candle.pane == 0)
    #expect(HitTester.hitTest(m, l, at: Point(x: xs.map(1), y: l.plot.maxY + 5)) == nil)
    // The lower pane's axis band.
    let axis = try #require(HitTester.hitTest(m, l, at: Point(x: pane.rect.minX - 5, y: pane.rect.midY)))
    #expect(axis.kind == .axis && axis.axis == "pane" && axis.pane == 1)
  }

  @Test func editsAreCheckedAgainstThePanes() throws {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(Self.kline, log: log))
    let doc = ChartDocument(model: ChartModel(spec: spec), prefix: "e", specJSON: Self.kline)
    let before = doc.svg
    func refused(_ edits: JSONValue) -> [String] {
      let log = DiagnosticLog()
      #expect(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) == nil)
      return log.errors.map(\.path)
    }
    #expect(refused([["op": "addDataSet", "dataSet": ["id": "n", "kind": "line", "pane": 2, "entries": [1]]]]) == ["/edits/0/dataSet/pane"])
    #expect(refused([["op": "replaceDataSet", "dataSet": ["id": "v", "kind": "bar", "pane": 4, "entries": [1]]]]) == ["/edits/0/dataSet/pane"])
    // One pane left while "v" is drawn in pane 1.
    #expect(refused([["op": "mergeSpec", "patch": ["panes": .null]]]) == ["/edits/0/patch/dataSets/1/pane"])
    #expect(doc.svg == before)
    // Moving the set back to the main pane first makes the same patch valid.
    let log2 = DiagnosticLog()
    let ok: JSONValue = [["op": "replaceDataSet", "dataSet": ["id": "v", "kind": "bar", "entries": [1, 2]]],
                         ["op": "mergeSpec", "patch": ["panes": .null]]]
    #expect(doc.plan(ok, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log2) != nil, "\(log2.items)")
  }

  @Test func aLegendInsideThePlotSitsOverTheMainPane() throws {
    for vertical in ["top", "center", "bottom"] {
      let json = Self.kline.mergePatched(with: ["legend": ["inside": true, "verticalAlignment": .string(vertical)]])
      let (m, l) = try model(json)
      let legend = try #require(l.legend)
      #expect(l.plot.minY <= legend.bounds.minY && legend.bounds.maxY <= l.plot.maxY, "\(vertical): \(legend.bounds) in \(l.plot)")
      // Its items are hit there, over the candles rather than the volume pane.
      let item = try #require(legend.items.first)
      let t = HitTester.hitTest(m, l, at: Point(x: item.hitRect.midX, y: item.hitRect.midY))
      #expect(t?.kind == .legendItem && t?.dataSet == "k")
    }
  }
}

