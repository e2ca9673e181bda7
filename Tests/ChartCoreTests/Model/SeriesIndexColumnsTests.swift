import ChartdJSON
import Testing
@testable import ChartCore

/// An edit that brings in a column deciding value spans (a candle's low and high, stacks) changes
/// what every entry spans: the index summarises every chunk again, so ranges equal a fresh index's.
@Suite struct SeriesIndexColumnsTests {
  /// Sixty plain values in chunks of 16, one of them huge; x 0 … 59.
  static func plain() -> EntryColumns {
    var y = (0..<60).map { Double($0 % 7) }
    y[46] = 4.3e121
    return EntryColumns(x: (0..<60).map(Double.init), y: y)
  }

  static func ohlcRow(x: Double) -> EntryColumns {
    var row = EntryColumns(x: [x], y: [28])
    row.open = [11]
    row.high = [32]
    row.low = [10]
    row.close = [28]
    return row
  }

  @Test func appendingOHLCRowsToPlainEntriesSummarisesEveryChunkAgain() {
    var entries = Self.plain()
    var index = SeriesIndex(chunkSize: 16, entries: entries)
    let old = entries.count
    entries.append(contentsOf: Self.ohlcRow(x: -6))
    index.didAppend(entries, oldCount: old)
    let fresh = SeriesIndex(chunkSize: 16, entries: entries)
    #expect(index.valueRange(entries, xWindow: nil) == fresh.valueRange(entries, xWindow: nil))
    #expect(index.valueRange(entries, xWindow: -20...60) == fresh.valueRange(entries, xWindow: -20...60))
  }

  @Test func updatingAndDroppingWithANewColumnAgreeWithAFreshIndex() {
    var updated = Self.plain()
    var index = SeriesIndex(chunkSize: 16, entries: updated)
    updated.replace(from: 3, with: Self.ohlcRow(x: 3))
    index.didUpdate(3..<4, updated)
    #expect(index.valueRange(updated, xWindow: nil) == SeriesIndex(chunkSize: 16, entries: updated).valueRange(updated, xWindow: nil))

    var stacked = Self.plain()
    var windowed = SeriesIndex(chunkSize: 16, entries: stacked)
    var row = EntryColumns(x: [60], y: [3])
    row.stacks = [[1, 2]]
    stacked.append(contentsOf: row)
    stacked.removeSubrange(0..<20)
    windowed.didDropFront(20, stacked)
    let fresh = SeriesIndex(chunkSize: 16, entries: stacked, origin: 20)
    #expect(windowed.valueRange(stacked, xWindow: nil) == fresh.valueRange(stacked, xWindow: nil))
  }

  /// The case the FuzzProtocol campaign found, through the document: a hidden bubble set, OHLC rows
  /// appended to a scatter set; the axes must be those of a render from scratch.
  @Test func aDocumentGivenOHLCRowsRendersAsFromScratch() throws {
    let json: JSONValue = ["kind": "combined", "largeData": ["chunkSize": 16], "dataSets": [
      ["id": "0", "kind": "bubble", "entries": ["x": [-1, 2, 0], "y": [9, 1e300, 9], "size": [2, 19, 19]]],
      ["id": "a", "kind": "scatter", "entries": .numbers(Self.plain().y.array)],
    ]]
    let log = DiagnosticLog()
    var doc = ChartDocument(model: ChartModel(spec: try #require(ChartSpec.parse(json, log: log))), prefix: "d", specJSON: json)
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "0", "visible": false]])
    _ = try doc.applyChecked([["op": "appendEntries", "dataSet": "a", "entries": [
      ["x": -7, "open": .null, "high": .null, "close": .null],
      ["x": -6, "open": 11, "high": 32, "low": 10, "close": 28],
    ]]])
    // A model built afresh from the document's spec indexes every entry anew.
    #expect(doc.svg == ChartRenderer.render(ChartModel(spec: doc.model.spec), prefix: "d").svg)
  }
}

/// A candle is drawn with missing ends falling back to its body: the value axis fits what is drawn.
@Suite struct CandleSpanTests {
  @Test func aCandleWithoutHighOrLowCountsItsBody() {
    var e = EntryColumns(x: [0, 1, 2], y: [12, 15, 80])
    e.open = [10, 14, 60]
    e.close = [12, 15, 80]
    e.high = [13, 16, .nan]
    e.low = [9, 13, .nan]
    #expect(e.valueSpan(at: 0) == (9, 13))
    #expect(e.valueSpan(at: 2) == (60, 80), "the body's ends stand in for the missing low and high")
    #expect(e.lowestPositiveValue(at: 2) == 60)
    // Neither close nor y: no candle is drawn, and nothing counts.
    e.y[1] = .nan
    e.close?[1] = .nan
    #expect(e.valueSpan(at: 1).lo.isNaN && e.lowestPositiveValue(at: 1) == .infinity)
  }

  @Test func theAxisOfACandleChartCoversACandleWithoutWicks() throws {
    let json: JSONValue = ["kind": "candlestick", "dataSets": [["id": "k", "entries": [
      ["open": 10, "high": 13, "low": 9, "close": 12],
      ["open": 60, "close": 80],
      ["open": 11, "high": 14, "low": 10, "close": 13],
    ]]]]
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let axis = try #require(LayoutEngine.layout(model).left)
    #expect(axis.scale.domainMax >= 80 && axis.scale.domainMin <= 9, "axis \(axis.scale.domainMin)…\(axis.scale.domainMax)")
  }
}
