import ChartdJSON
import Testing
@testable import ChartCore

/// A candle's item marker names its day when the x axis writes dates or categories.
@Suite struct CandleMarkerDayTests {
  func marker(_ format: JSONValue, showLabel: Bool = true) throws -> String {
    let spec: JSONValue = ["kind": "candlestick", "marker": ["showLabel": .bool(showLabel)], "xAxis": ["format": format],
                           "dataSets": [["id": "acme", "label": "ACME",
                                         "entries": ["open": [10, 11], "high": [12, 13], "low": [9, 10], "close": [11, 12]]]],
                           "highlights": [["dataSet": "acme", "index": 1]]]
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "m").markup(of: .marker) ?? ""
  }

  @Test func theTitleAddsTheDay() throws {
    let days: JSONValue = ["type": "indexDate", "dates": ["2026-08-07", "2026-08-10"], "pattern": "MM/dd"]
    #expect(try marker(days).contains(">ACME · 08/10<"))
    #expect(try marker(days, showLabel: false).contains(">08/10<"))
    #expect(try marker(["type": "category", "labels": ["Fri", "Mon"]]).contains(">ACME · Mon<"))
    #expect(try marker(.null).contains(">ACME<"), "an index without a format names no day")
  }
}
