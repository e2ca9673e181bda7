import ChartdJSON
import Testing
@testable import ChartCore

/// The warning about bars and candles whose x values lie far apart (one x unit per slot).
@Suite struct SlotSpacingTests {
  func warnings(_ json: JSONValue) -> [Diagnostic] {
    let log = DiagnosticLog()
    let spec = ChartSpec.parse(json, log: log)
    #expect(spec != nil, "errors: \(log.errors)")
    return log.items.filter { $0.severity == .warning }
  }

  func candles(x: [Double]) -> JSONValue {
    .array(x.enumerated().map { i, x in
      ["x": .number(x), "open": .number(Double(10 + i)), "high": .number(Double(14 + i)),
       "low": .number(Double(7 + i)), "close": .number(Double(12 + i))]
    })
  }

  @Test func candlesAtUnixDaysAreReportedAtTheirEntries() {
    let days = (0..<30).map { 1_700_000_000 + 86_400 * Double($0) }
    let found = warnings(["kind": "candlestick", "dataSets": [["id": "k", "entries": candles(x: days)]]])
    #expect(found.count == 1)
    #expect(found.first?.path == "/dataSets/0/entries")
    #expect(found.first?.message.contains("lie 86400 or more apart") == true)
    #expect(found.first?.message.contains("indexDate") == true)
    // A slot given too small for them: measured in slots.
    let hours = warnings(["kind": "candlestick", "xAxis": ["format": "date", "slot": 3600],
                          "dataSets": [["id": "k", "entries": candles(x: days)]]])
    #expect(hours.first?.message.contains("within 1 slot of 3600 x units (xAxis.slot)") == true)
    #expect(hours.first?.message.contains("no more than 1/24 of the room") == true)
  }

  /// On a date axis the slot is the candles' own spacing (axes.md, "Slots"): nothing to warn about.
  @Test func candlesAtUnixDaysOnADateAxisAreNot() {
    let days = (0..<30).map { 1_700_000_000 + 86_400 * Double($0) }
    #expect(warnings(["kind": "candlestick", "xAxis": ["format": "date"], "dataSets": [["id": "k", "entries": candles(x: days)]]]).isEmpty)
    #expect(warnings(["kind": "candlestick", "xAxis": ["format": "date", "slot": 86_400],
                      "dataSets": [["id": "k", "entries": candles(x: days)]]]).isEmpty)
  }

  @Test func theSameCandlesAtIndicesAreNot() {
    let dates: [JSONValue] = (0..<30).map { .string("2026-01-\(String(format: "%02d", $0 + 1))") }
    let found = warnings(["kind": "candlestick", "xAxis": ["format": ["type": "indexDate", "dates": .array(dates)]],
                          "dataSets": [["id": "k", "entries": candles(x: (0..<30).map(Double.init))]]])
    #expect(found.isEmpty)
  }

  @Test func theGapThatWarnsIsTwentyUnits() {
    func bars(gap: Double) -> [Diagnostic] {
      warnings(["kind": "bar", "dataSets": [["id": "b", "entries": ["x": [0, .number(gap), .number(2 * gap)], "y": [1, 2, 3]]]]])
    }
    #expect(bars(gap: 19.5).isEmpty)
    #expect(bars(gap: 20).count == 1)
    #expect(bars(gap: 20).first?.message.hasPrefix("each bar is drawn within 1 x unit") == true)
  }

  @Test func onlyBarsAndCandlesAreChecked() {
    let x: JSONValue = [0, 1000, 2000]
    #expect(warnings(["kind": "line", "dataSets": [["id": "l", "entries": ["x": x, "y": [1, 2, 3]]]]]).isEmpty)
    let combined = warnings(["kind": "combined", "dataSets": [
      ["id": "l", "kind": "line", "entries": ["x": x, "y": [1, 2, 3]]],
      ["id": "b", "kind": "bar", "entries": ["x": [0, 1, 2], "y": [1, 2, 3]]],
      ["id": "w", "kind": "bar", "entries": ["x": x, "y": [1, 2, 3]]],
    ]])
    #expect(combined.map(\.path) == ["/dataSets/2/entries"])
  }

  @Test func unsortedAndRepeatedXAreSeenThrough() {
    // Out of order, with a repeated x: the closest different values are 40 apart.
    let found = warnings(["kind": "bar", "dataSets": [["id": "b", "entries": [
      ["x": 200, "y": 1], ["x": 40, "y": 2], ["x": 200, "y": 3], ["x": 0, "y": 5],
    ]]]])
    #expect(found.count == 1)
    #expect(found.first?.message.contains("lie 40 or more apart") == true)
    // One distinct x: no gap, nothing to say.
    #expect(warnings(["kind": "bar", "dataSets": [["id": "b", "entries": ["x": [5, 5], "y": [1, 2]]]]]).isEmpty)
  }

  /// x in order are checked at any size; out of order only up to `gapSortLimit` (sorted for it).
  @Test func longColumnsOutOfOrderAreLeftUnchecked() {
    let n = EntryColumns.gapSortLimit + 1
    let inOrder = (0..<n).map { Double($0) * 100 }
    #expect(EntryColumns(x: inOrder, y: inOrder).smallestXGap() == 100)
    let shuffled = (0..<n).map { inOrder[($0 * 7_919) % n] }
    #expect(EntryColumns(x: shuffled, y: shuffled).smallestXGap() == nil)
    let fewer = Array(shuffled.prefix(EntryColumns.gapSortLimit))
    #expect(EntryColumns(x: fewer, y: fewer).smallestXGap() != nil)
  }

  @Test func theExtremesOfTheDoublesDoNotTrap() {
    let m = Double.greatestFiniteMagnitude
    var columns = EntryColumns(x: [-m, m], y: [1, 2])
    #expect(columns.smallestXGap() == m)
    columns.x = [m, -m]
    #expect(columns.smallestXGap() == m)
    columns.x = [.nan, .infinity, 1]
    #expect(columns.smallestXGap() == nil)
  }

  /// The gap found is the one every pair of different finite values gives, however they are ordered.
  @Test func matchesEveryPairOnRandomColumns() {
    var rng = SplitMix(seed: 53)
    for _ in 0..<500 {
      let n = Int(rng.next() * 12)
      let pool: [Double] = [0, 1, -3, 2.5, 1e300, -1e300, .nan, .infinity, 7, 1e-9]
      var x = (0..<n).map { _ in pool[Int(rng.next() * Double(pool.count))] }
      if rng.next() < 0.5 { x = x.filter { !$0.isNaN }.sorted() }
      var expected: Double? = nil
      for a in x where a.isFinite {
        for b in x where b.isFinite && b > a {
          expected = min(expected ?? .infinity, min(b - a, .greatestFiniteMagnitude))
        }
      }
      let got = EntryColumns(x: x, y: x.map { _ in 0 }).smallestXGap()
      #expect(got == expected, "x \(x)")
    }
  }
}
