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
    for t in weekdays(from: 1_788_739_200, count: 45) {
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

  /// A K-line over its 14-day RSI in a pane of its own, with the oscillator's 70 and 30 limit lines
  /// drawn in that pane (`pane` on a limit line) and the last close as a badge on the price axis.
  static func klineRSI() -> String {
    var rng = SeededRandom(seed: 41)
    var open: [Double] = [], high: [Double] = [], low: [Double] = [], close: [Double] = []
    var price = 212.0
    for k in 0..<70 {
      // A rally, a slide, a recovery: the RSI visits both bands.
      let drift = k < 25 ? 1.1 : k < 48 ? -1.4 : 0.9
      let o = price + rng.normal() * 0.8
      let c = o + drift + rng.normal() * 2.2
      open.append((o * 100).rounded() / 100)
      close.append((c * 100).rounded() / 100)
      high.append(((max(o, c) + abs(rng.normal()) * 1.4) * 100).rounded() / 100)
      low.append(((min(o, c) - abs(rng.normal()) * 1.4) * 100).rounded() / 100)
      price = c
    }
    return json([
      "kind": "combined", "width": 720, "height": 440, "title": "Daily K-line with RSI (14)",
      "legend": ["enabled": false],
      "panes": [["weight": 3], ["weight": 1.3, "gap": 18, "axis": ["min": 0, "max": 100, "labelCount": 3]]],
      "dataSets": [
        ["id": "price", "label": "Price", "kind": "candlestick",
         "candle": ["increasingColor": "#26a69a", "decreasingColor": "#ef5350"],
         "entries": ["open": nums(open), "high": nums(high), "low": nums(low), "close": nums(close)]],
        ["id": "rsi", "label": "RSI 14", "kind": "line", "pane": 1, "color": "#8250df", "entries": .array(rsi(close, period: 14))],
      ],
      "limitLines": [
        ["value": 70, "pane": 1, "label": "overbought 70", "color": "#ef5350", "dash": [4, 3], "labelPosition": "leftTop"],
        ["value": 30, "pane": 1, "label": "oversold 30", "color": "#26a69a", "dash": [4, 3], "labelPosition": "leftBottom"],
        ["value": .number(close[close.count - 1]), "labelPosition": "axis", "color": "#57606a", "dash": [2, 2]],
      ],
    ])
  }

  /// Wilder's relative strength index of `close` over `period` days (null until it has a period's changes).
  static func rsi(_ close: [Double], period: Int) -> [JSONValue] {
    var out: [JSONValue] = Array(repeating: .null, count: min(close.count, period))
    guard close.count > period else { return out }
    var gain = 0.0, loss = 0.0
    for k in 1...period {
      let d = close[k] - close[k - 1]
      gain += max(d, 0) / Double(period)
      loss += max(-d, 0) / Double(period)
    }
    for k in period..<close.count {
      if k > period {
        let d = close[k] - close[k - 1]
        gain = (gain * Double(period - 1) + max(d, 0)) / Double(period)
        loss = (loss * Double(period - 1) + max(-d, 0)) / Double(period)
      }
      let value = loss == 0 ? 100 : 100 - 100 / (1 + gain / loss)
      out.append(.number((value * 10).rounded() / 10))
    }
    return out
  }
}
