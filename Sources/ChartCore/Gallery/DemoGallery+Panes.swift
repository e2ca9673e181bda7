import ChartdJSON

extension DemoGallery {
  /// Issue 16's volume pane: a trading-day K-line with its 5-day average over a pane of volume bars
  /// (up days green, down days red, as the candles), sharing the x axis; the highlighted day's
  /// axis tooltip lists the candle, the average and the volume, and its pointer runs down both panes.
  static func klineVolume() -> String {
    var rng = SeededRandom(seed: 23)
    var open: [Double] = [], high: [Double] = [], low: [Double] = [], close: [Double] = []
    var volume: [JSONValue] = []
    var dates: [JSONValue] = []
    var price = 17_800.0
    // Weekdays from Monday 2026-09-07.
    var t = 1_788_739_200.0
    while dates.count < 45 {
      defer { t += 86_400 }
      guard let f = DateText.fields(t), f.weekday != 0, f.weekday != 6 else { continue }
      dates.append(.string(DateText.format(t, pattern: "yyyy-MM-dd")))
      let o = price + rng.normal() * 40
      let c = o + rng.normal() * 120
      open.append(o.rounded())
      close.append(c.rounded())
      high.append((max(o, c) + abs(rng.normal()) * 70).rounded())
      low.append((min(o, c) - abs(rng.normal()) * 70).rounded())
      // Busier on big moves.
      let v = (2_400_000 + abs(c - o) * 9_000 + rng.uniform() * 900_000).rounded()
      volume.append(["y": .number(v), "color": .string(c >= o ? "#26a69a" : "#ef5350")])
      price = c
    }
    let average: [JSONValue] = close.indices.map { k in
      k < 4 ? .null : .number((close[(k - 4)...k].reduce(0, +) / 5).rounded())
    }
    return json([
      "kind": "combined", "width": 720, "height": 420, "title": "TAIEX · daily K-line and volume",
      "panes": [["weight": 3], ["weight": 1, "gap": 10, "axis": ["format": "compact", "labelCount": 3]]],
      "dataSets": [
        ["id": "taiex", "label": "TAIEX", "kind": "candlestick",
         "candle": ["increasingColor": "#26a69a", "decreasingColor": "#ef5350"],
         "entries": ["open": nums(open), "high": nums(high), "low": nums(low), "close": nums(close)]],
        ["id": "ma5", "label": "MA5", "kind": "line", "color": "#8250df", "entries": .array(average)],
        ["id": "volume", "label": "Volume", "kind": "bar", "pane": 1, "color": "#90a4ae", "entries": .array(volume)],
      ],
      "xAxis": ["format": ["type": "indexDate", "dates": .array(dates), "pattern": "MM/dd"]],
      "highlights": [["dataSet": "taiex", "index": 30]],
      "marker": ["trigger": "axis"],
    ])
  }
}
