import ChartdJSON
import Testing
@testable import ChartCore

/// Appends and sliding windows on bar and candle charts denser than their device pixels keep the
/// x axis between steps of its ends (`IndexAxisEnds`): they draw the chunks they touch, not every
/// bar again, and every patch still gives what a render from scratch gives.
@Suite struct DenseSlotEditTests {
  /// 40,000 bars on a 400-wide chart: 25 slots per device pixel (ratio 2), so the ends round to
  /// steps of 8 slots (half a pixel holds 12.5).
  static func bars(_ n: Int = 40_000, extra: JSONValue = [:]) -> JSONValue {
    let spec: JSONValue = [
      "kind": "bar", "width": 400, "height": 300,
      "dataSets": [["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)),
                                           "y": .numbers((0..<n).map { Double(10 + ($0 * 37) % 80) })]]],
    ]
    return spec.mergePatched(with: extra)
  }

  /// 40,000 daily candles from a Unix day on a date axis.
  static let candles: JSONValue = {
    let n = 40_000, day = 86_400.0, t0 = 1_600_041_600.0
    let y = (0..<n).map { Double(50 + ($0 * 37) % 40) }
    return [
      "kind": "candlestick", "width": 400, "height": 300, "xAxis": ["format": "date"],
      "dataSets": [["id": "a", "entries": ["x": .numbers((0..<n).map { t0 + Double($0) * day }),
                                           "open": .numbers(y), "close": .numbers(y.map { $0 + 1 }),
                                           "high": .numbers(y.map { $0 + 3 }), "low": .numbers(y.map { $0 - 3 })]]],
    ]
  }()

  /// Applies `edits` and checks the SVG and the layout against a fresh document of the same model.
  @discardableResult
  func apply(_ doc: inout ChartDocument, _ edits: JSONValue) throws -> ChartPatch {
    try doc.applyCheckedAgainstFresh(edits)
  }

  /// Series chunks a patch drew.
  func chunksDrawn(_ patch: ChartPatch) -> Int {
    patch.rendered.filter { if case .series = $0 { true } else { false } }.count
  }

  @Test func appendsToDenseBarsDrawTheLastChunkUntilTheyCrossAStep() throws {
    var doc = try ChartDocument.reading(Self.bars())
    let chunks = doc.order.filter { if case .series = $0 { true } else { false } }.count
    #expect(chunks == 40)
    var wide = 0
    for k in 0..<48 {
      let x = Double(40_000 + k)
      let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [["x": .number(x), "y": 42]]]])
      if chunksDrawn(patch) > 1 { wide += 1 }
    }
    // The ends stepped 48 / 8 = 6 times; every other append drew its own chunk alone.
    #expect(wide <= 6, "\(wide) of 48 appends drew more than one chunk")
    #expect(doc.layoutRuns <= 7)
  }

  @Test func aSlidingWindowOfDenseCandlesDrawsItsEndsBetweenSteps() throws {
    var doc = try ChartDocument.reading(Self.candles)
    var wide = 0
    for k in 0..<48 {
      let t = 1_600_041_600.0 + Double(40_000 + k) * 86_400
      let entry: JSONValue = ["x": .number(t), "open": 60, "close": 61, "high": 63, "low": 57]
      let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "maxEntries": 40_000, "entries": [entry]]])
      // The dropped candle's chunk and the appended one's.
      if chunksDrawn(patch) > 2 { wide += 1 }
    }
    // Each end crosses a step every 8 candles.
    #expect(wide <= 12, "\(wide) of 48 windows drew more than their two ends")
  }

  @Test func theRoundedEndsLieWithinHalfADevicePixelOfTheSlots() throws {
    for (spec, ratio) in [(Self.bars(), 2.0), (Self.bars(extra: ["largeData": ["devicePixelRatio": 1]]), 1),
                          (Self.bars(extra: ["bars": ["horizontal": true]]), 2), (Self.candles, 2)] {
      let doc = try ChartDocument.reading(spec)
      let scale = try #require(doc.layout.x?.scale)
      let slot = doc.layout.slot
      let xs = doc.model.spec.dataSets[0].entries.x
      let first = try #require(xs.first), last = try #require(xs.last)
      // The axis is rounded (the slots alone would end half a slot out)...
      #expect(scale.domainMin < first - slot / 2 || scale.domainMax > last + slot / 2)
      // ...by less than half a device pixel at each end.
      let lo = abs(scale.map(first - slot / 2) - scale.map(scale.domainMin)) * ratio
      let hi = abs(scale.map(scale.domainMax) - scale.map(last + slot / 2)) * ratio
      #expect(lo < 0.5 && hi < 0.5, "\(lo) \(hi) device pixels")
    }
  }

  @Test func theRoundedAxisChoosesTheTicksOfTheExactOne() throws {
    // The same data with the exact ends given as the axis's min and max: the same tick values
    // and labels (a tick in the rounded ends' few slots beyond the data would change the choice).
    for n in [20_000, 20_001, 25_603, 40_000, 100_000] {
      for width in [400.0, 800] {
        let dense = Self.bars(n, extra: ["width": .number(width)])
        let exact = dense.mergePatched(with: ["xAxis": ["min": -0.5, "max": .number(Double(n) - 0.5)]])
        let a = try #require(ChartDocument.reading(dense).layout.x), b = try #require(ChartDocument.reading(exact).layout.x)
        #expect(a.scale.domainMax > b.scale.domainMax)
        #expect(a.ticks.map(\.value) == b.ticks.map(\.value) && a.ticks.map(\.label) == b.ticks.map(\.label),
                "\(n) bars, \(width) wide: \(a.ticks.map(\.label)) against \(b.ticks.map(\.label))")
      }
    }
    // Candles on a date axis: calendar ticks.
    let day = 86_400.0, t0 = 1_600_041_600.0
    let exact = Self.candles.mergePatched(with: ["xAxis": ["min": .number(t0 - day / 2), "max": .number(t0 + 39_999.5 * day)]])
    let a = try #require(ChartDocument.reading(Self.candles).layout.x), b = try #require(ChartDocument.reading(exact).layout.x)
    #expect(a.scale.domainMax > b.scale.domainMax)
    #expect(a.ticks.map(\.label) == b.ticks.map(\.label) && a.ticks.map(\.value) == b.ticks.map(\.value))
  }

  @Test func aDenseCategoryLineRoundsItsEndsToo() throws {
    // 20,000 categories on a 400-wide line chart: 25 per device pixel, ends on steps of 8. The
    // line is drawn through M4, whose columns follow the axis: appends between steps keep them.
    let n = 20_000
    let spec: JSONValue = [
      "kind": "line", "width": 400, "height": 300,
      "xAxis": ["format": ["type": "category", "labels": .array((0..<(n + 64)).map { .string("c\($0)") })]],
      "dataSets": [["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)),
                                           "y": .numbers((0..<n).map { Double(10 + ($0 * 37) % 80) })]]],
    ]
    var doc = try ChartDocument.reading(spec)
    let scale = try #require(doc.layout.x?.scale)
    // Each end a step past the outer categories (0 and 19,999 lie on the grid of 8 or just below it).
    #expect(scale.domainMin == -8 && scale.domainMax == 20_000)
    for k in 0..<32 {
      try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [["x": .number(Double(n + k)), "y": 42]]]])
    }
    // The end stepped at x 20,000, 20,008, 20,016 and 20,024, its ticks' bound with it: one layout
    // a step, not one an append.
    #expect(doc.layoutRuns <= 5)
  }

  @Test func fewerBarsEndHalfASlotPastTheirOuterEntries() throws {
    let doc = try ChartDocument.reading(Self.bars(3_000))
    let scale = try #require(doc.layout.x?.scale)
    #expect(scale.domainMin == -0.5 && scale.domainMax == 2_999.5)
  }

  @Test func anAxisWithBothEndsGivenKeepsItsLayoutWhateverTheData() throws {
    // 50 bars of 100 slots, the axis's ends given: appends inside, and beyond them, keep the layout.
    var doc = try ChartDocument.reading(Self.bars(50, extra: ["xAxis": ["min": -0.5, "max": 99.5]]))
    for x in [50.0, 51, 70, 150] {
      let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [["x": .number(x), "y": 42]]]])
      #expect(chunksDrawn(patch) == 1)
    }
    #expect(doc.layoutRuns == 1)
  }
}
