import ChartdJSON

extension DemoGallery {
  /// Issue 16's axis tooltip: three lines listed at one x (a hidden fourth leaves the box), with the
  /// pointer line across the plot.
  static func axisTooltip() -> String {
    func set(_ id: String, _ label: String, _ v: [Double], visible: Bool = true) -> JSONValue {
      ["id": .string(id), "label": .string(label), "visible": .bool(visible), "entries": nums(v)]
    }
    return json([
      "kind": "line", "width": 640, "height": 320, "title": "Requests per day by region",
      "dataSets": [
        set("eu", "Europe", [1_204, 1_321, 1_012, 1_342, 903, 2_301, 2_105]),
        set("am", "Americas", [2_203, 1_822, 1_914, 2_340, 2_901, 3_302, 3_108]),
        set("ap", "Asia-Pacific", [1_502, 2_321, 2_013, 1_542, 1_904, 3_298, 4_102]),
        set("test", "Test traffic", [40, 42, 41, 45, 44, 43, 40], visible: false),
      ],
      "xAxis": ["format": ["type": "category", "labels": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]]],
      "highlights": [["dataSet": "am", "index": 4]],
      "highlightStyle": ["dash": [4, 3]],
      "marker": ["trigger": "axis"],
    ])
  }

  /// A K-line of trading days (no weekends) whose x axis maps each index to its date with an
  /// `indexDate` formatter, a 5-day average, and an axis tooltip near the right edge (so the box
  /// flips to the pointer's left).
  static func tradingDays() -> String {
    var rng = SeededRandom(seed: 11)
    var open: [Double] = [], high: [Double] = [], low: [Double] = [], close: [Double] = []
    var dates: [JSONValue] = []
    var price = 48.0
    // From Monday 2026-08-03, skipping Saturdays and Sundays.
    for t in weekdays(from: 1_785_715_200, count: 40) {
      dates.append(.string(DateText.format(t, pattern: "yyyy-MM-dd")))
      let o = price + rng.normal() * 0.4
      let c = o + rng.normal() * 1.1
      open.append(o.rounded2)
      close.append(c.rounded2)
      high.append((max(o, c) + abs(rng.normal()) * 0.7).rounded2)
      low.append((min(o, c) - abs(rng.normal()) * 0.7).rounded2)
      price = c
    }
    let average: [JSONValue] = close.indices.map { k in
      k < 4 ? .null : .number((close[(k - 4)...k].reduce(0, +) / 5).rounded2)
    }
    return json([
      "kind": "combined", "width": 640, "height": 340, "title": "ACME · trading days, Aug–Sep 2026",
      "dataSets": [
        ["id": "acme", "label": "ACME", "kind": "candlestick", "entries": ["open": nums(open), "high": nums(high), "low": nums(low), "close": nums(close)]],
        ["id": "ma5", "label": "MA5", "kind": "line", "color": "#8250df", "entries": .array(average)],
      ],
      "xAxis": ["format": ["type": "indexDate", "dates": .array(dates), "pattern": "MM/dd"]],
      "highlights": [["dataSet": "acme", "index": 36]],
      "marker": ["trigger": "axis"],
    ])
  }
}
