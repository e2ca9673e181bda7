import ChartdJSON
import Testing
@testable import ChartCore

/// Bars and candles on a date axis stand in slots of the data's own spacing (axes.md, "Slots"):
/// daily candles at Unix times are a day wide, not one second; index charts keep slots of 1.
@Suite struct SlotTests {
  static let day = 86_400.0
  static let monday = 1_780_272_000.0  // 2026-06-01

  func document(_ spec: JSONValue) throws -> ChartDocument { try ChartDocument.reading(spec) }

  static func candle(_ x: Double, _ k: Int) -> JSONValue {
    let o = 100 + Double(k % 7), c = o + (k % 2 == 0 ? 2 : -2)
    return ["x": .number(x), "open": .number(o), "high": .number(max(o, c) + 1), "low": .number(min(o, c) - 1), "close": .number(c)]
  }

  /// Weekdays from the Monday, as a trading calendar has them.
  static var weekdays: [Double] { (0..<28).map { monday + day * Double($0) }.filter { Int(($0 - monday) / day) % 7 < 5 } }

  static func candles(_ xs: [Double], slot: Double? = nil) -> JSONValue {
    var x: [String: JSONValue] = ["format": "date"]
    if let slot { x["slot"] = .number(slot) }
    return ["kind": "candlestick", "width": 640, "height": 320, "xAxis": .object(x),
            "dataSets": [["id": "k", "entries": .array(xs.enumerated().map { candle($1, $0) })]]]
  }

  @Test func dailyCandlesAreADayWideAndTheAxisTicksOnTheCalendar() throws {
    let xs = Self.weekdays
    let doc = try document(Self.candles(xs))
    #expect(doc.model.slot == Self.day)
    let x = try #require(doc.layout.x)
    #expect(x.scale.domainMin == xs[0] - Self.day / 2 && x.scale.domainMax == xs[xs.count - 1] + Self.day / 2)
    // Calendar ticks (whole days, each labelled as a date), not index ticks a second apart.
    #expect(x.ticks.count >= 2)
    #expect(x.ticks.allSatisfy { $0.value.truncatingRemainder(dividingBy: Self.day) == 0 && $0.label.hasPrefix("2026-") })
    // Each body is 0.8 of a day on the plot (barSpace 0.1 on each side).
    let ctx = try #require(RegionRenderer.seriesContext(doc.model, doc.layout, dataSet: 0, indices: .range(0..<xs.count), regionID: "k"))
    let box = try #require(CandleRenderer.box(ctx, entry: 0))
    let pixelsPerDay = abs(x.scale.pixelsPerUnit) * Self.day
    #expect(abs(box.width - 0.8 * pixelsPerDay) < 0.01)
    #expect(box.width > 10)
    // A hit at the body's centre names the candle; an axis tooltip lines up within half a day.
    let hit = try #require(HitTester.hitTest(doc.model, doc.layout, at: Point(x: box.midX, y: box.midY)))
    #expect(hit.dataSet == "k" && hit.index == 0)
    #expect(AxisTooltip.entry(doc.model.spec.dataSets[0].entries, at: xs[3] + 0.4 * Self.day, within: doc.layout.slot / 2) == 3)
  }

  @Test func groupedBarsShareTheirSlotAndIndexChartsKeepSlotsOfOne() throws {
    let weeks = (0..<6).map { Self.monday + 7 * Self.day * Double($0) }
    let sets: JSONValue = [["id": "a", "entries": .array(weeks.map { ["x": .number($0), "y": 3] })],
                           ["id": "b", "entries": .array(weeks.map { ["x": .number($0), "y": 4] })]]
    let bars = try document(["kind": "bar", "xAxis": ["format": "date"], "dataSets": sets])
    #expect(bars.model.slot == 7 * Self.day)
    let g = try #require(bars.layout.bars)
    // n·(barWidth + barSpace) + groupSpace = 1 slot: (1 − 0.2) / 2 − 0.02 = 0.38 of a week each.
    #expect(abs(g.barWidth - 0.38 * 7 * Self.day) < 1e-6)
    #expect(abs((g.offsets["b"] ?? 0) - (g.offsets["a"] ?? 0) - 0.4 * 7 * Self.day) < 1e-6)
    // The same bars at indices, and bars with a number format: slots of 1, as before.
    let indices = try document(["kind": "bar", "dataSets": [["id": "a", "entries": [3, 4, 5]], ["id": "b", "entries": [1, 2, 3]]]])
    #expect(indices.model.slot == 1 && indices.layout.slot == 1)
    #expect(abs((indices.layout.bars?.barWidth ?? 0) - 0.38) < 1e-9)
  }

  @Test func aGivenSlotWinsAndALonelyCandleTakesADay() throws {
    let hours = (0..<5).map { Self.monday + 3600 * Double($0) * 2 }
    // Candles every two hours drawn in one-hour slots: bodies of 0.8 h.
    let given = try document(Self.candles(hours, slot: 3600))
    #expect(given.model.slot == 3600)
    let x = try #require(given.layout.x)
    #expect(x.scale.domainMin == hours[0] - 1800)
    #expect(try document(Self.candles([Self.monday])).model.slot == Self.day)
    // Bars keep their share of a slot however small its units (widths round within the slot).
    let tiny = try document(["kind": "bar", "xAxis": ["slot": 1e-9], "dataSets": [["id": "a", "entries": [[0, 1], [1e-9, 2]]]]])
    #expect(abs((tiny.layout.bars?.barWidth ?? 0) - 0.85e-9) < 1e-18)
    // A line on a date axis has no slots.
    let line = try document(["kind": "line", "xAxis": ["format": "date"], "dataSets": [["id": "l", "entries": [[0, 1], [60, 2]]]]])
    #expect(line.layout.slot == 1 && line.layout.x?.scale.domainMin == 0)
  }

  /// Appends that keep the spacing, one that halves it (every candle narrows), a toggle and a
  /// highlight: each patches to exactly the chart drawn from scratch.
  @Test func editsThatMoveTheSlotPatchToTheFullRender() throws {
    var doc = try document(Self.candles(Array(Self.weekdays.prefix(10))))
    let last = Self.weekdays[9]
    _ = try doc.applyChecked([["op": "appendEntries", "dataSet": "k", "entries": [Self.candle(last + Self.day, 10)]]])
    #expect(doc.layout.slot == Self.day)
    _ = try doc.applyChecked([["op": "appendEntries", "dataSet": "k", "entries": [Self.candle(last + 1.5 * Self.day, 11)]]])
    #expect(doc.layout.slot == Self.day / 2)
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "k", "visible": false]])
    #expect(doc.layout.slot == Self.day / 2, "a hidden set still spaces the slots")
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "k", "visible": true]])
    _ = try doc.applyChecked([["op": "setHighlight", "highlights": [["dataSet": "k", "index": 3]]]])
    _ = try doc.applyChecked([["op": "removeEntries", "dataSet": "k", "start": 11, "count": 1]])
    #expect(doc.layout.slot == Self.day)
    let fresh = ChartDocument(model: ChartModel(spec: doc.model.spec), prefix: "d")
    #expect(doc.svg == fresh.svg)
  }

  /// The slot a document keeps up edit by edit (appends read only what they add) is the slot of
  /// its entries read from scratch, through appends of gaps, NaN x, windows, removals and updates.
  @Test func theSlotKeptAcrossEditsIsTheSlotFromScratch() throws {
    var state: UInt64 = 0x5107
    func next(_ n: Int) -> Int {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Int((state >> 33) % UInt64(n))
    }
    var doc = try document(Self.candles(Array(Self.weekdays.prefix(6))))
    var x = Self.weekdays[5]
    for step in 0..<300 {
      let count = doc.model.spec.dataSets[0].entries.count
      let edit: JSONValue
      switch next(10) {
      case 0..<6:
        x += [Self.day, Self.day / 2, 3 * Self.day, 0, Self.day / 8][next(5)]
        let at: JSONValue = next(12) == 0 ? .null : .number(x)
        var row = Self.candle(x, step)
        if case .object(var o) = row { o["x"] = at; row = .object(o) }
        edit = next(4) == 0 ? ["op": "appendEntries", "dataSet": "k", "entries": [row], "maxEntries": 12]
          : ["op": "appendEntries", "dataSet": "k", "entries": [row]]
      case 6, 7:
        guard count > 2 else { continue }
        edit = ["op": "removeEntries", "dataSet": "k", "start": .number(Double(next(count))), "count": 1]
      default:
        guard count > 0 else { continue }
        let start = next(count)
        var row = Self.candle(Self.monday + Double(next(40)) * Self.day / 4, step)
        if next(2) == 0, case .object(var o) = row {
          // A live candle: new prices at the time it has (the gap is then the one before).
          let kept = doc.model.spec.dataSets[0].entries.x[start]
          o["x"] = kept.isNaN ? .null : .number(kept)
          row = .object(o)
        }
        edit = ["op": "updateEntries", "dataSet": "k", "start": .number(Double(start)), "entries": [row]]
      }
      let log = DiagnosticLog()
      guard let batch = doc.plan(.array([edit]), at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) else { continue }
      _ = doc.apply([batch])
      let fresh = ChartModel(spec: doc.model.spec)
      #expect(doc.model.slot == fresh.slot, "step \(step)")
      if doc.model.slot != fresh.slot { return }
    }
  }

  /// A window of daily candles leaves the gap it keeps in the cache as it removes entries (read
  /// from the few entries around them), so the slot after it is not read from every entry.
  @Test func aWindowKeepsTheGapWithoutReadingEveryEntry() throws {
    let xs = (0..<2_000).map { Self.monday + Double($0) * Self.day }
    var model = try ChartDocument.reading(Self.candles(xs)).model
    #expect(model.slot == Self.day)
    for k in 0..<40 {
      var row = EntryColumns(x: [Self.monday + Double(2_000 + k) * Self.day], y: [100])
      row.open = [99]; row.high = [101]; row.low = [98]; row.close = [100]
      model.appendEntries(dataSet: 0, row, maxEntries: 2_000)
      // Known before anyone asks: the removal worked it out.
      let kept = try #require(ChartModel.slotGaps.known(model.series[0].dataRevision), "window \(k)")
      #expect(kept == model.spec.dataSets[0].entries.xGaps())
    }
  }

  /// Gaps caught up over a removal are the gaps read from scratch, smallest and count, whenever
  /// the catch-up gives an answer; it gives none only when every smallest gap went away.
  @Test func gapsCaughtUpOverARemovalAreTheGapsFromScratch() {
    var rng = SplitMix(seed: 0x6A95)
    func pick(_ n: Int) -> Int { min(n - 1, Int(rng.next() * Double(n))) }
    var answered = 0
    for round in 0..<3_000 {
      let n = 1 + pick(24)
      let xs: [Double] = (0..<n).map { _ in
        [Double.nan, 0, 1, 2, 3, 5, 8, .infinity][pick(8)] + (round % 2 == 0 ? 0 : Double(pick(3)) * 0.5)
      }
      let e = EntryColumns(x: xs, y: xs.map { _ in 1 })
      let a = pick(n), b = a + 1 + pick(min(4, n - a))
      var after = e
      after.removeSubrange(a..<b)
      let fresh = after.xGaps()
      guard let caught = e.xGaps().removing(a..<b, from: e) else {
        // Unknown only when the smallest gap occurred only in the removed part.
        #expect(fresh.smallest > e.xGaps().smallest || fresh.count == 0, "\(xs) without \(a)..<\(b)")
        continue
      }
      answered += 1
      #expect(caught == fresh, "\(xs) without \(a)..<\(b): \(caught) against \(fresh)")
    }
    #expect(answered > 1_500)
  }

  @Test func consecutiveGapsAreTheSmallestOfNeighboursThatDiffer() {
    #expect(EntryColumns(x: [0, 0, 5, 7, .nan, 20], y: [1, 1, 1, 1, 1, 1]).consecutiveXGap() == 2)
    #expect(EntryColumns(x: [4], y: [1]).consecutiveXGap() == .infinity)
    #expect(EntryColumns(x: [3, 3, 3], y: [1, 1, 1]).consecutiveXGap() == .infinity)
    #expect(EntryColumns(x: [0, 2, 2, 4, .nan, 6, 9], y: [1, 1, 1, 1, 1, 1, 1]).xGaps() == XGaps(smallest: 2, count: 3))
  }
}
