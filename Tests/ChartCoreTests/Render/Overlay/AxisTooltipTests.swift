import ChartdJSON
import Testing
@testable import ChartCore

/// The axis tooltip: which entries it lists, how it writes them, and its box fitted to the canvas.
@Suite struct AxisTooltipTests {
  func tooltip(_ spec: JSONValue) throws -> AxisTooltip? {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    let doc = ChartDocument(model: ChartModel(spec: parsed), prefix: "t")
    return AxisTooltip.resolve(doc.model, doc.layout)
  }

  /// Two lines sampled at different x; `format` makes the x axis an index axis or not.
  static func lines(highlight: Int, format: JSONValue = .null) -> JSONValue {
    ["kind": "line", "marker": ["trigger": "axis"], "xAxis": ["format": format],
     "dataSets": [["id": "a", "entries": [[0, 1], [1, 2], [2, 3]]], ["id": "b", "entries": [[0.5, 5], [1, 6], [1.5, 7]]]],
     "highlights": [["dataSet": "a", "index": .number(Double(highlight))]]]
  }

  @Test func numericAxesMatchExactXIndexAxesTheNearestWithinHalfASlot() throws {
    #expect(try tooltip(Self.lines(highlight: 1))?.rows.map(\.dataSet) == ["a", "b"])
    #expect(try tooltip(Self.lines(highlight: 2))?.rows.map(\.dataSet) == ["a"], "1.5 is not 2 on a numeric axis")
    let categories: JSONValue = ["type": "category", "labels": ["Mon", "Tue", "Wed"]]
    let t = try tooltip(Self.lines(highlight: 2, format: categories))
    #expect(t?.rows.map(\.dataSet) == ["a", "b"], "1.5 lies within half a slot of 2")
    #expect(t?.rows.map(\.values) == [["3"], ["7"]])
    #expect(t?.header == "Wed")
  }

  @Test func theNearestEntryWinsAndTheEarlierOnATie() {
    let e = EntryColumns(x: [0.6, 1.4, 0.9, 1.1], y: [1, 2, 3, 4])
    #expect(AxisTooltip.entry(e, at: 1, within: 0.5) == 2)
    #expect(AxisTooltip.entry(e, at: 1, within: 0) == nil)
    let tie = EntryColumns(x: [0.8, 1.2], y: [1, 2])
    #expect(AxisTooltip.entry(tie, at: 1, within: 0.5) == 0)
  }

  @Test func hiddenDataSetsAndMissingValuesLeaveTheBox() throws {
    let spec: JSONValue = ["kind": "bar", "marker": ["trigger": "axis"],
                           "dataSets": [["id": "a", "entries": [1, 2, 3]], ["id": "b", "visible": false, "entries": [4, 5, 6]],
                                        ["id": "c", "entries": [7, nil, 9]], ["id": "d", "entries": [1, 1, 1]]],
                           "highlights": [["dataSet": "b", "index": 1]]]
    #expect(try tooltip(spec)?.rows.map(\.dataSet) == ["a", "d"])
  }

  @Test func theHeaderIsTheXAsTheAxisWritesIt() throws {
    let days: JSONValue = ["type": "indexDate", "dates": ["2026-08-06", "2026-08-07", "2026-08-10"], "pattern": "EEE MM/dd"]
    #expect(try tooltip(Self.lines(highlight: 2, format: days))?.header == "Mon 08/10")
    #expect(try tooltip(Self.lines(highlight: 1, format: ["type": "number", "decimals": 2]))?.header == "1.00")
    let hours: JSONValue = ["kind": "line", "marker": ["trigger": "axis"], "xAxis": ["format": ["type": "date", "pattern": "HH:mm"]],
                            "dataSets": [["id": "a", "entries": [[0, 1], [5400, 2]]]], "highlights": [["dataSet": "a", "index": 1]]]
    #expect(try tooltip(hours)?.header == "01:30")
  }

  @Test func candlesShowTheirPricesAndTheDay() throws {
    let spec: JSONValue = ["kind": "combined", "marker": ["trigger": "axis"],
                           "xAxis": ["format": ["type": "indexDate", "dates": ["2026-08-07", "2026-08-10"], "pattern": "MM/dd"]],
                           "dataSets": [["id": "k", "kind": "candlestick",
                                         "entries": ["open": [10, 11], "high": [12, 12.5], "low": [9.5, 10.25], "close": [11, 12]]],
                                        ["id": "ma", "kind": "line", "entries": [10.5, 11.5]]],
                           "highlights": [["dataSet": "ma", "index": 1]]]
    let t = try #require(try tooltip(spec))
    #expect(t.header == "08/10")
    #expect(t.rows.map(\.values) == [["O 11.00  H 12.50", "L 10.25  C 12.00"], ["11.50"]], "one axis: its values share decimals")
  }

  @Test func pointerOutsideThePlotOrItemTriggerGivesNoTooltip() throws {
    guard case .object(var zoomed) = Self.lines(highlight: 2) else { return }
    zoomed["viewport"] = ["xMin": 0, "xMax": 1]
    #expect(try tooltip(.object(zoomed)) == nil)
    zoomed["viewport"] = nil
    zoomed["marker"] = ["trigger": "item"]
    #expect(try tooltip(.object(zoomed)) == nil)
  }

  // MARK: - The box

  static func rows(_ n: Int, long: Bool) -> [AxisTooltip.Row] {
    var out: [AxisTooltip.Row] = []
    for i in 0..<n {
      let label: String = long && i % 2 == 0 ? String(repeating: "Very long data set label ", count: 6) : "Set \(i)"
      let values: [String] = i % 3 == 0 ? ["O 104.80  H 105.00", "L 99.10  C 101.25"] : ["\(i * 1234)"]
      out.append(AxisTooltip.Row(dataSet: "s\(i)", label: label, color: Color(hex: 0x336699), values: values,
                                 point: Point(x: 0, y: Double(i * 10))))
    }
    return out
  }

  @Test func theBoxStaysOnTheCanvasAndEveryTextInItsSlot() {
    var rng = SeededRandom(seed: 16)
    for _ in 0..<400 {
      let canvas = Size(width: 16 + rng.uniform() * 900, height: 30 + rng.uniform() * 600)
      let plot = Rect(x: canvas.width * 0.1, y: canvas.height * 0.1, width: canvas.width * 0.8, height: canvas.height * 0.7)
      let horizontal = rng.uniform() < 0.3
      let position = horizontal ? plot.minY + rng.uniform() * plot.height : plot.minX + rng.uniform() * plot.width
      var rows = Self.rows(1 + Int(rng.next() % 20), long: rng.uniform() < 0.5)
      for k in rows.indices { rows[k].point = Point(x: plot.minX + rng.uniform() * plot.width, y: plot.minY + rng.uniform() * plot.height) }
      let t = AxisTooltip(x: 3, position: position, header: rng.uniform() < 0.2 ? "" : "Thursday 2026-08-06", rows: rows)
      let font = 6 + rng.uniform() * 14
      guard let b = AxisTooltipBox.place(t, canvas: canvas, plot: plot, fontSize: font, horizontal: horizontal) else {
        // Only when the header, the first row and (with more rows) a "+N more" line do not fit,
        // or a swatch and an em of value do not fit across.
        let lines = (t.header.isEmpty ? 0 : 1) + rows[0].values.count + (rows.count > 1 ? 1 : 0)
        let room = canvas.height - 2 * AxisTooltipBox.margin - 2 * AxisTooltipBox.paddingY
        let across = canvas.width - 2 * AxisTooltipBox.margin - 2 * AxisTooltipBox.paddingX
        #expect(room < Double(lines) * font * 1.3 || across < font * 1.7 + AxisTooltipBox.swatchGap,
                "no box on a \(canvas) canvas at font \(font)")
        continue
      }
      let m = AxisTooltipBox.margin - 1e-9
      #expect(b.box.minX >= m && b.box.minY >= m && b.box.maxX <= canvas.width - m && b.box.maxY <= canvas.height - m,
              "box \(b.box) leaves the \(canvas) canvas")
      for text in b.texts {
        let w = TextMetrics.width(text.text, fontSize: b.font, bold: text.bold)
        #expect(w <= text.slot + 1e-6, "'\(text.text)' is wider than its slot")
        let lo = text.anchorEnd ? text.x - w : text.x, hi = text.anchorEnd ? text.x : text.x + w
        #expect(lo >= b.box.minX + AxisTooltipBox.paddingX - 1e-6 && hi <= b.box.maxX - AxisTooltipBox.paddingX + 1e-6,
                "'\(text.text)' overflows the box")
        #expect(text.baseline <= b.box.maxY - AxisTooltipBox.paddingY && text.baseline - b.font >= b.box.minY)
      }
      // Texts on one line never overlap (a label and its value).
      for (i, a) in b.texts.enumerated() {
        for c in b.texts[(i + 1)...] where a.baseline == c.baseline {
          let wa = TextMetrics.width(a.text, fontSize: b.font, bold: a.bold), wc = TextMetrics.width(c.text, fontSize: b.font, bold: c.bold)
          let (l, r) = a.anchorEnd ? (c, a) : (a, c)
          let lEnd = l.anchorEnd ? l.x : l.x + (l == a ? wa : wc)
          let rStart = r.anchorEnd ? r.x - (r == a ? wa : wc) : r.x
          #expect(lEnd <= rStart + 1e-6, "'\(a.text)' and '\(c.text)' overlap")
        }
      }
      #expect(b.swatches.count + b.more == rows.count)
      if b.more > 0 { #expect(b.texts.last?.text.hasPrefix("+") == true || b.texts.last?.text == "…") }
    }
  }

  @Test func theBoxFlipsToTheOtherSideNearAnEdge() throws {
    let canvas = Size(width: 600, height: 300), plot = Rect(x: 40, y: 20, width: 540, height: 240)
    let rows = Self.rows(3, long: false)
    let left = try #require(AxisTooltipBox.place(AxisTooltip(x: 0, position: 60, header: "h", rows: rows), canvas: canvas, plot: plot,
                                                 fontSize: 11, horizontal: false))
    #expect(left.box.minX == 60 + AxisTooltipBox.gap)
    let right = try #require(AxisTooltipBox.place(AxisTooltip(x: 0, position: 570, header: "h", rows: rows), canvas: canvas, plot: plot,
                                                  fontSize: 11, horizontal: false))
    #expect(right.box.maxX == 570 - AxisTooltipBox.gap)
  }
}
