import ChartdJSON
import Foundation

/// The built-in gallery: one example per chart kind and per headline feature, on generated data.
///
/// Used by `chartd demo`, by the golden-file tests and by the benchmarks, so every example must
/// stay valid and deterministic (data comes from a fixed-seed generator).
public enum DemoGallery {
  public struct Example: Sendable {
    public var name: String
    public var title: String
    /// The spec as JSON text (what a client would send).
    public var spec: String
  }

  public static var examples: [Example] {
    [
      Example(name: "kline", title: "3-month K-line with date labels and an on-axis price label", spec: kline()),
      Example(name: "donut", title: "Rounded donut", spec: donut()),
      Example(name: "grouped-bars", title: "Grouped bars with a hidden data set", spec: groupedBars()),
      Example(name: "gradient-bars", title: "Gradient bars with rounded tops", spec: gradientBars()),
      Example(name: "line-circles", title: "Line with circle symbols", spec: lineCircles()),
      Example(name: "cubic-fill", title: "Cubic line with gradient fill and a limit line", spec: cubicFill()),
      Example(name: "stacked-bars", title: "Stacked bars with negative values", spec: stackedBars()),
      Example(name: "stacked-area", title: "Stacked areas with a highlighted band", spec: stackedArea()),
      Example(name: "percent-area", title: "Percent-stacked areas with a hidden data set", spec: percentArea()),
      Example(name: "horizontal-bars", title: "Horizontal bars", spec: horizontalBars()),
      Example(name: "bar-corners", title: "Bars rounded per corner and shaded in their own colours, negative values, a highlighted bar", spec: barCorners()),
      Example(name: "scatter", title: "Scatter shapes", spec: scatter()),
      Example(name: "bubble", title: "Bubbles", spec: bubble()),
      Example(name: "combined", title: "Combined bars and line on two axes", spec: combined()),
      Example(name: "half-pie", title: "Half pie with outside labels", spec: halfPie()),
      Example(name: "radar", title: "Radar with filled polygons and a highlighted vertex", spec: radar()),
      Example(name: "dark-highlight", title: "Dark theme with a highlighted entry", spec: darkHighlight()),
      Example(name: "log-axis", title: "Logarithmic value axis with a minor grid", spec: logAxis()),
      Example(name: "pie-hidden-slice", title: "Pie with one slice hidden from its legend item", spec: pieHiddenSlice()),
      Example(name: "custom-axis-labels", title: "Custom labels at given axis values", spec: customAxisLabels()),
      Example(name: "long-texts", title: "Long titles, categories and legend labels, every text fitted", spec: longTexts()),
      Example(name: "axis-tooltip", title: "Axis tooltip: every line's value at one x", spec: axisTooltip()),
      Example(name: "trading-days", title: "Trading-day K-line: index → date labels and an axis tooltip", spec: tradingDays()),
      Example(name: "kline-volume", title: "K-line over a volume pane sharing the x axis", spec: klineVolume()),
      Example(name: "kline-rsi", title: "K-line over its RSI pane, with the pane's 70 and 30 limit lines", spec: klineRSI()),
      Example(name: "calendar-candles", title: "Daily candles at Unix times: a day wide on a date axis, weekends as gaps", spec: calendarCandles()),
    ]
  }

  // MARK: - Examples

  static func kline() -> String {
    var rng = SeededRandom(seed: 7)
    var open: [Double] = [], high: [Double] = [], low: [Double] = [], close: [Double] = []
    var labels: [String] = []
    var price = 100.0
    let days = 63
    // 2026-08-03 is a Monday; label trading days as MM/dd, skipping weekends.
    var day = 0
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let start = DateComponents(calendar: calendar, year: 2026, month: 8, day: 3).date ?? Date(timeIntervalSince1970: 0)
    while labels.count < days {
      let date = start.addingTimeInterval(Double(day) * 86_400)
      day += 1
      let weekday = calendar.component(.weekday, from: date)
      if weekday == 1 || weekday == 7 { continue }
      let c = calendar.dateComponents([.month, .day], from: date)
      labels.append(String(format: "%02d/%02d", c.month ?? 0, c.day ?? 0))
      let o = price + rng.normal() * 0.8
      let cl = o + rng.normal() * 2.2
      open.append(o.rounded2)
      close.append(cl.rounded2)
      high.append((max(o, cl) + abs(rng.normal()) * 1.4).rounded2)
      low.append((min(o, cl) - abs(rng.normal()) * 1.4).rounded2)
      price = cl
    }
    let last = close.last ?? price
    return json([
      "kind": "candlestick", "title": "ACME · daily K-line, Aug–Oct 2026",
      "dataSets": [["id": "acme", "label": "ACME", "axis": "right", "entries": ["open": nums(open), "high": nums(high), "low": nums(low), "close": nums(close)]]],
      "xAxis": ["format": ["type": "category", "labels": .array(labels.map(JSONValue.string))], "granularity": 1],
      "leftAxis": ["enabled": false],
      "rightAxis": ["enabled": true],
      "limitLines": [["axis": "right", "value": .number(last), "label": .string(String(format: "%.2f", last)),
                      "labelPosition": "axis", "dash": [4, 3], "color": "#0969da"]],
      "legend": ["enabled": false],
    ])
  }

  static func radar() -> String {
    json([
      "kind": "radar", "title": "Phone review scores",
      "radar": ["categories": ["Battery", "Camera", "Display", "Performance", "Price", "Build quality", "Software"], "max": 10],
      "dataSets": [
        ["id": "alpha", "label": "Alpha X", "line": ["fill": true, "width": 2], "entries": [8.5, 9.2, 8.8, 9.0, 5.5, 8.7, 8.0]],
        ["id": "nova", "label": "Nova 7", "line": ["fill": true, "width": 2], "entries": [9.4, 7.1, 7.9, 7.5, 8.8, 7.2, 7.6]],
        ["id": "zen", "label": "Zen Lite", "line": ["fill": true, "width": 2], "valueLabels": ["show": true],
         "entries": [7.0, 6.4, 7.2, 6.1, 9.6, 6.8, 8.4]],
      ],
      "highlights": [["dataSet": "nova", "index": 4]],
    ])
  }

  static func donut() -> String {
    json([
      "kind": "pie", "title": "Traffic by channel",
      "dataSets": [["id": "channels", "entries": [
        ["y": 38, "label": "Search"], ["y": 24, "label": "Direct"], ["y": 16, "label": "Social"],
        ["y": 11, "label": "Email"], ["y": 7, "label": "Referral"], ["y": 4, "label": "Other"],
      ]]],
      "pie": ["holeRadius": 0.72, "roundedSlices": true, "sliceSpace": 3, "centerText": "Visits\n12.4k"],
      "legend": ["horizontalAlignment": "center"],
    ])
  }

  static func groupedBars() -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    var rng = SeededRandom(seed: 3)
    func series(_ base: Double) -> JSONValue { nums((0..<12).map { _ in (base + rng.uniform() * 40).rounded() }) }
    return json([
      "kind": "bar", "title": "Monthly sales by region",
      "dataSets": [
        ["id": "north", "label": "North", "entries": series(60)],
        ["id": "south", "label": "South", "entries": series(45)],
        ["id": "east", "label": "East", "entries": series(50), "visible": false],
        ["id": "west", "label": "West", "entries": series(30)],
      ],
      "bars": ["grouped": true, "groupSpace": 0.2, "barSpace": 0.03],
      "xAxis": ["format": ["type": "category", "labels": .array(months.map(JSONValue.string))], "drawGrid": false],
      "legend": ["horizontalAlignment": "center"],
    ])
  }

  static func gradientBars() -> String {
    let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return json([
      "kind": "bar", "title": "Active minutes per day",
      "dataSets": [["id": "minutes", "label": "Minutes", "entries": [42, 55, 38, 71, 64, 90, 47],
                    "bar": ["cornerRadius": 8, "corners": "top",
                            "gradient": ["stops": [["offset": 0, "color": "#7c3aed"], ["offset": 1, "color": "#22d3ee"]]]],
                    "valueLabels": ["show": true]]],
      "bars": ["maxBarWidthPx": 40, "minGapPx": 16],
      "xAxis": ["format": ["type": "category", "labels": .array(days.map(JSONValue.string))], "drawGrid": false],
      "legend": ["enabled": false],
    ])
  }

  static func lineCircles() -> String {
    var rng = SeededRandom(seed: 11)
    var walk = 20.0
    let ys = (0..<24).map { _ -> Double in walk += rng.normal() * 3; return walk.rounded2 }
    return json([
      "kind": "line", "title": "Temperature (°C), last 24 hours",
      "dataSets": [["id": "temp", "label": "Sensor A", "entries": nums(ys),
                    "line": ["width": 2, "showCircles": true, "circleRadius": 4, "circleHoleRadius": 2]]],
      "xAxis": ["title": "hour"],
      "leftAxis": ["format": ["type": "number", "suffix": "°"]],
    ])
  }

  static func cubicFill() -> String {
    var rng = SeededRandom(seed: 5)
    var a = 50.0, b = 30.0
    var xa: [Double] = [], xb: [Double] = []
    for _ in 0..<60 {
      a += rng.normal() * 4
      b += rng.normal() * 3
      xa.append(a.rounded2)
      xb.append(b.rounded2)
    }
    return json([
      "kind": "line", "title": "Requests per second",
      "dataSets": [
        ["id": "api", "label": "API", "entries": nums(xa),
         "line": ["mode": "cubicBezier", "fill": true,
                  "fillGradient": ["stops": [["offset": 0, "color": "#4e79a7cc"], ["offset": 1, "color": "#4e79a700"]]]]],
        ["id": "web", "label": "Web", "entries": nums(xb), "line": ["mode": "cubicBezier", "dash": [6, 3]]],
      ],
      "limitLines": [["axis": "left", "value": 70, "label": "SLO", "labelPosition": "rightTop", "dash": [4, 4]]],
      "legend": ["horizontalAlignment": "right", "verticalAlignment": "top", "inside": true, "form": "line"],
    ])
  }

  static func stackedBars() -> String {
    let quarters = ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"]
    let rows: [JSONValue] = [[30, 12, -8], [34, 15, -5], [28, 20, -12], [40, 18, -6], [45, 22, -10], [38, 25, -4]]
      .map { .object(["values": nums($0)]) }
    return json([
      "kind": "bar", "title": "Profit and loss by quarter",
      "dataSets": [["id": "pnl", "label": "P&L", "entries": .array(rows), "stackLabels": ["Product", "Services", "Refunds"],
                    "colors": ["#4e79a7", "#59a14f", "#e15759"], "bar": ["cornerRadius": 4, "roundOuterEndOnly": true]]],
      "xAxis": ["format": ["type": "category", "labels": .array(quarters.map(JSONValue.string))], "drawGrid": false],
      "leftAxis": ["drawZeroLine": true],
    ])
  }

  static func horizontalBars() -> String {
    let langs = ["Swift", "Rust", "Go", "Python", "TypeScript"]
    return json([
      "kind": "bar", "title": "Build time (s)",
      "dataSets": [["id": "build", "label": "Build time", "entries": [12.5, 31.2, 8.4, 3.1, 14.9],
                    "bar": ["cornerRadius": 3, "corners": "top"], "valueLabels": ["show": true]]],
      "bars": ["horizontal": true, "barWidth": 0.6],
      "xAxis": ["format": ["type": "category", "labels": .array(langs.map(JSONValue.string))], "drawGrid": false],
      "legend": ["enabled": false],
    ])
  }

  static func barCorners() -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"]
    return json([
      "kind": "bar", "title": "Net cash flow (k€)",
      "dataSets": [["id": "net", "label": "Net cash flow", "entries": [18, 24, -9, 31, -16, 12, 27, -4],
                    "colors": ["#2f7d5b", "#2f7d5b", "#c0504d", "#2f7d5b", "#c0504d", "#2f7d5b", "#2f7d5b", "#c0504d"],
                    "bar": ["cornerRadii": [12, 12, 2, 2],
                            "gradient": ["stops": [["offset": 0], ["offset": 1, "opacity": 0.55]]]],
                    "valueLabels": ["show": true]]],
      "bars": ["maxBarWidthPx": 44],
      "highlights": [["dataSet": "net", "index": 3]],
      "xAxis": ["format": ["type": "category", "labels": .array(months.map(JSONValue.string))], "drawGrid": false],
      "leftAxis": ["drawZeroLine": true],
      "legend": ["enabled": false],
    ])
  }

  static func scatter() -> String {
    var rng = SeededRandom(seed: 9)
    let shapes = ["circle", "square", "triangle", "cross", "x", "chevronUp", "chevronDown"]
    var sets: [JSONValue] = []
    for (k, shape) in shapes.enumerated() {
      let xs = (0..<25).map { _ in (rng.uniform() * 100).rounded2 }
      let ys = xs.map { ($0 * 0.5 + Double(k) * 12 + rng.normal() * 6).rounded2 }
      sets.append(["id": .string(shape), "entries": ["x": nums(xs), "y": nums(ys)], "scatter": ["shape": .string(shape), "size": 9]])
    }
    return json(["kind": "scatter", "title": "Scatter shapes", "dataSets": .array(sets)])
  }

  static func bubble() -> String {
    var rng = SeededRandom(seed: 13)
    var sets: [JSONValue] = []
    for name in ["Europe", "Asia", "Americas"] {
      let xs = (0..<12).map { _ in (rng.uniform() * 50_000).rounded() }
      let ys = (0..<12).map { _ in (55 + rng.uniform() * 30).rounded2 }
      let sizes = (0..<12).map { _ in (1 + rng.uniform() * 140).rounded() }
      sets.append(["id": .string(name), "entries": ["x": nums(xs), "y": nums(ys), "size": nums(sizes)]])
    }
    return json([
      "kind": "bubble", "title": "GDP per capita vs life expectancy",
      "dataSets": .array(sets), "xAxis": ["format": ["type": "compact"], "title": "GDP per capita"],
      "leftAxis": ["title": "years"],
    ])
  }

  static func combined() -> String {
    var rng = SeededRandom(seed: 17)
    let revenue = (0..<12).map { _ in (80 + rng.uniform() * 60).rounded() }
    let margin = (0..<12).map { _ in (0.12 + rng.uniform() * 0.15).rounded4 }
    return json([
      "kind": "combined", "title": "Revenue and margin",
      "dataSets": [
        ["id": "revenue", "label": "Revenue (k$)", "kind": "bar", "entries": nums(revenue), "bar": ["cornerRadius": 3]],
        ["id": "margin", "label": "Margin", "kind": "line", "axis": "right", "entries": nums(margin),
         "line": ["width": 2.5, "showCircles": true]],
      ],
      "rightAxis": ["format": ["type": "percent"], "drawGrid": false],
      "legend": ["horizontalAlignment": "center"],
    ])
  }

  static func halfPie() -> String {
    json([
      "kind": "pie", "title": "Seats",
      "dataSets": [["id": "seats", "entries": [
        ["y": 171, "label": "Greens"], ["y": 139, "label": "Social"], ["y": 92, "label": "Liberal"],
        ["y": 63, "label": "Conservative"], ["y": 22, "label": "Other"],
      ]]],
      "pie": ["maxAngle": 180, "rotation": 180, "holeRadius": 0.45, "entryLabels": "outside", "valueLabels": "outside",
              "percentValues": false],
      "legend": ["enabled": false],
    ])
  }

  static func darkHighlight() -> String {
    var rng = SeededRandom(seed: 21)
    var w = 0.0
    let a = (0..<120).map { _ -> Double in w += rng.normal(); return w.rounded2 }
    var v = 5.0
    let b = (0..<120).map { _ -> Double in v += rng.normal() * 0.7; return v.rounded2 }
    return json([
      "kind": "line", "theme": "dark", "title": "Two random walks",
      "dataSets": [["id": "a", "label": "Walk A", "entries": nums(a)], ["id": "b", "label": "Walk B", "entries": nums(b)]],
      "highlights": [["dataSet": "a", "index": 80]],
    ])
  }

  /// Exponential growth over eight decades: only a log axis shows both ends (and equal growth
  /// rates as equal slopes).
  static func logAxis() -> String {
    var rng = SeededRandom(seed: 29)
    let years = Array(stride(from: 1971.0, through: 2021.0, by: 2))
    // Doubling about every two years from a few thousand, with noise of a few per cent.
    let chips = years.map { y in (2_300 * pow(2, (y - 1971) / 2.05) * exp(0.25 * rng.normal())).rounded() }
    let cost = years.map { y in (40_000 * pow(0.5, (y - 1971) / 1.9) * exp(0.2 * rng.normal())).rounded4 }
    func pairs(_ v: [Double]) -> JSONValue { .array(zip(years, v).map { JSONValue.array([.number($0), .number($1)]) }) }
    return json([
      "kind": "line", "title": "Transistors per chip and cost per transistor",
      "dataSets": [
        ["id": "chips", "label": "Transistors", "entries": pairs(chips), "line": ["width": 2, "showCircles": true, "circleRadius": 2.5]],
        ["id": "cost", "label": "Cost (µ¢)", "entries": pairs(cost), "line": ["width": 2, "dash": [5, 3]]],
      ],
      "xAxis": ["min": 1970, "max": 2022, "granularity": 1, "format": ["type": "number", "decimals": 0]],
      "leftAxis": ["scale": "log", "minorGrid": true],
      "limitLines": [["value": 1_000_000, "label": "one million", "dash": [2, 2]]],
      "highlights": [["dataSet": "chips", "index": 15]],
      "legend": ["horizontalAlignment": "center"],
    ])
  }

  static func pieHiddenSlice() -> String {
    json([
      "kind": "pie", "title": "Browser share (Safari hidden)",
      "dataSets": [["id": "share", "hiddenEntries": [1], "entries": [
        ["y": 64, "label": "Chrome"], ["y": 19, "label": "Safari"], ["y": 5, "label": "Edge"],
        ["y": 4, "label": "Firefox"], ["y": 8, "label": "Other"],
      ]]],
      "pie": ["holeRadius": 0.4, "valueLabels": "outside"],
      "legend": ["horizontalAlignment": "center"],
    ])
  }

  static func customAxisLabels() -> String {
    var rng = SeededRandom(seed: 31)
    var p = 42.0
    let price = (0..<60).map { _ -> Double in p += rng.normal() * 0.8; return p.rounded2 }
    return json([
      "kind": "line", "title": "Price against its target",
      "dataSets": [["id": "price", "label": "Price", "entries": nums(price), "line": ["width": 1.5]]],
      "leftAxis": ["customLabels": [["value": 40.5, "text": "target 40.5", "color": "#d1242f"],
                                    ["value": .number(price.last ?? 0), "color": "#0969da"]]],
      "xAxis": ["customLabels": [["value": 30, "text": "earnings", "color": "#8250df"], ["value": 59, "text": "today"]]],
      "limitLines": [["value": 40.5, "color": "#d1242f", "dash": [4, 3]]],
      "legend": ["enabled": false],
    ])
  }

  // MARK: - Helpers

  static func nums(_ values: [Double]) -> JSONValue { .numbers(values) }

  /// The spec as JSON text, written with sorted keys so the gallery is byte-stable.
  static func json(_ value: JSONValue) -> String { JSONWriter.string(value) }
}

extension Double {
  var rounded2: Double { (self * 100).rounded() / 100 }
  var rounded4: Double { (self * 10_000).rounded() / 10_000 }
}
