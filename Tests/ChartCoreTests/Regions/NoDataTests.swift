import ChartdJSON
import Testing
@testable import ChartCore

/// A chart without entries writes `noDataText` in the middle of its plot; the first entry takes it
/// away and removing the last brings it back, in patches equal to renders from scratch.
@Suite struct NoDataTests {
  func document(_ spec: JSONValue) throws -> ChartDocument { try ChartDocument.reading(spec) }

  func noDataRegion(_ svg: String) -> String? {
    svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"d-no-data\"") }.map(String.init)
  }

  @Test func aChartWithoutEntriesSaysSoInTheMiddleOfItsPlot() throws {
    for kind in ["line", "bar", "scatter", "candlestick", "radar", "combined"] {
      let doc = try document(["kind": .string(kind), "dataSets": [["id": "a", "entries": []]]])
      let region = try #require(noDataRegion(doc.svg), "\(kind)")
      #expect(region.contains(">No chart data available.</text>"), "\(kind)")
      let n = try #require(doc.layout.noData)
      #expect(abs(n.center.x - doc.layout.plot.midX) <= 0.5 && abs(n.center.y - doc.layout.plot.midY) <= 0.5, "\(kind)")
    }
    // No data set at all is no entry either.
    #expect(noDataRegion(try document(["kind": "bar", "dataSets": []]).svg) != nil)
  }

  @Test func entriesHiddenOrNotAndAnEmptyTextWriteNothing() throws {
    #expect(noDataRegion(try document(["dataSets": [["id": "a", "entries": [1, 2]]]]).svg) == nil)
    // Hidden: the legend item is still there to show it again, so the chart is not without data.
    #expect(noDataRegion(try document(["dataSets": [["id": "a", "visible": false, "entries": [1, 2]]]]).svg) == nil)
    #expect(noDataRegion(try document(["noDataText": "", "dataSets": []]).svg) == nil)
    #expect(noDataRegion(try document(["noDataText": "  ", "dataSets": []]).svg) == nil)
    let custom = try document(["noDataText": "Waiting for <data> & more", "dataSets": []])
    #expect(noDataRegion(custom.svg)?.contains(">Waiting for &lt;data&gt; &amp; more</text>") == true)
  }

  @Test func aPieSaysSoAtItsCentreWhenTheSetItDrawsIsEmpty() throws {
    let doc = try document(["kind": "pie", "dataSets": [["id": "a", "entries": []], ["id": "b", "entries": [1, 2]]]])
    let n = try #require(doc.layout.noData)
    let pie = try #require(doc.layout.pie)
    #expect(n.center == Point(x: Pixel.round(pie.center.x), y: Pixel.round(pie.center.y)))
  }

  @Test func aLongTextIsShortenedToThePlot() throws {
    let doc = try document(["width": 200, "noDataText": .string(String(repeating: "nothing here yet ", count: 20)), "dataSets": []])
    let n = try #require(doc.layout.noData)
    #expect(n.text.hasSuffix("…"))
    #expect(TextMetrics.width(n.text, fontSize: n.fontSize) <= doc.layout.plot.width)
  }

  /// Axes fixed at both ends: the first entry moves no tick, so only the no-data text tells the
  /// layout it is not the one before.
  @Test func theFirstEntryTakesItAwayAndTheLastRemovedBringsItBack() throws {
    var doc = try document([
      "kind": "line", "xAxis": ["min": 0, "max": 10], "leftAxis": ["min": 0, "max": 10],
      "dataSets": [["id": "a", "entries": []], ["id": "b", "entries": []]],
    ])
    #expect(noDataRegion(doc.svg) != nil)
    func step(_ edits: JSONValue) throws -> ChartPatch {
      let patch = try doc.applyChecked(edits)
      let fresh = ChartDocument(model: doc.model, prefix: "d")
      #expect(fresh.svg == doc.svg)
      #expect(fresh.layout == doc.layout)
      return patch
    }
    _ = try step([["op": "appendEntries", "dataSet": "a", "entries": [["x": 1, "y": 2]]]])
    #expect(noDataRegion(doc.svg) == nil)
    _ = try step([["op": "appendEntries", "dataSet": "b", "entries": [["x": 2, "y": 3]]]])
    _ = try step([["op": "removeEntries", "dataSet": "a", "start": 0, "count": 1]])
    #expect(noDataRegion(doc.svg) == nil)
    _ = try step([["op": "removeEntries", "dataSet": "b", "start": 0, "count": 1]])
    #expect(noDataRegion(doc.svg) != nil)
    // A toggle keeps it: hidden entries are entries.
    _ = try step([["op": "appendEntries", "dataSet": "a", "entries": [["x": 1, "y": 2]]]])
    _ = try step([["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(noDataRegion(doc.svg) == nil)
    _ = try step([["op": "mergeSpec", "patch": ["noDataText": "Nothing"]]])
    _ = try step([["op": "removeEntries", "dataSet": "a", "start": 0, "count": 1]])
    #expect(noDataRegion(doc.svg)?.contains(">Nothing</text>") == true)
  }
}
