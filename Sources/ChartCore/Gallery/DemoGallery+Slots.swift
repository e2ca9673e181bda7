import ChartdJSON

extension DemoGallery {
  /// Daily candles at Unix times on a `date` axis: each candle stands in a slot of one day (the
  /// candles' own spacing), weekends stay gaps, and the axis ticks on the calendar.
  static func calendarCandles() -> String {
    var rng = SeededRandom(seed: 23)
    var rows: [JSONValue] = []
    var price = 212.0
    // From Monday 2026-06-01, weekdays only.
    var t = 1_780_272_000.0
    while rows.count < 30 {
      defer { t += 86_400 }
      guard let f = DateText.fields(t), f.weekday != 0, f.weekday != 6 else { continue }
      let o = price + rng.normal() * 0.8
      let c = o + rng.normal() * 2.2
      rows.append(["x": .number(t), "open": .number(o.rounded2), "close": .number(c.rounded2),
                   "high": .number((max(o, c) + abs(rng.normal()) * 1.4).rounded2),
                   "low": .number((min(o, c) - abs(rng.normal()) * 1.4).rounded2)])
      price = c
    }
    return json([
      "kind": "candlestick", "width": 640, "height": 320, "title": "Daily candles at Unix times, June–July 2026",
      "dataSets": [["id": "k", "label": "ACME", "entries": .array(rows)]],
      "xAxis": ["format": ["type": "date", "pattern": "MMM d"]],
      "highlights": [["dataSet": "k", "index": 17]],
      "marker": ["trigger": "axis"],
    ])
  }
}
