import ChartdJSON

extension DemoGallery {
  /// Daily candles at Unix times on a `date` axis: each candle stands in a slot of one day (the
  /// candles' own spacing), weekends stay gaps, and the axis ticks on the calendar.
  static func calendarCandles() -> String {
    var rng = SeededRandom(seed: 23)
    var rows: [JSONValue] = []
    var price = 212.0
    // From Monday 2026-06-01, weekdays only.
    for t in weekdays(from: 1_780_272_000, count: 30) {
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

  /// The first `count` weekdays (Monday to Friday, UTC) at or after the Unix time `start`, at its
  /// time of day: a trading calendar without holidays.
  static func weekdays(from start: Double, count: Int) -> [Double] {
    var out: [Double] = []
    var t = start
    while out.count < count {
      if let f = DateText.fields(t), f.weekday != 0, f.weekday != 6 { out.append(t) }
      t += 86_400
    }
    return out
  }
}
