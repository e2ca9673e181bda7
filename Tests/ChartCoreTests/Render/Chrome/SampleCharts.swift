import Foundation
@testable import ChartCore

/// Real chart specs used by layout and chrome tests (and rendered to PNG to be looked at).
enum SampleCharts {
  static func dataSet(_ id: String, kind: SeriesKind? = nil, x: [Double], y: [Double], axis: AxisDependency = .left) -> DataSetSpec {
    var ds = DataSetSpec(id: id)
    ds.kind = kind
    ds.axis = axis
    ds.entries = EntryColumns(x: x, y: y)
    return ds
  }

  static var line: ChartSpec {
    var s = ChartSpec()
    s.kind = .line
    s.title = "Requests per second"
    let xs = (0..<90).map(Double.init)
    s.dataSets = [
      dataSet("api", x: xs, y: xs.map { 420 + 180 * sin($0 / 9) }),
      dataSet("web", x: xs, y: xs.map { 260 + 90 * cos($0 / 7) }),
    ]
    s.leftAxis.common.title = "req/s"
    s.xAxis.common.title = "minute"
    return s
  }

  static var bars: ChartSpec {
    var s = ChartSpec()
    s.kind = .bar
    s.title = "Revenue by month"
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let xs = (0..<12).map(Double.init)
    s.dataSets = [
      dataSet("2022", x: xs, y: xs.map { 30 + 4 * $0 }),
      dataSet("2023", x: xs, y: xs.map { 35 + 3 * $0 + ($0.truncatingRemainder(dividingBy: 3)) * 5 }),
      dataSet("2024", x: xs, y: xs.map { 42 + 2.5 * $0 }),
    ]
    s.xAxis.common.formatter = .category(labels: months)
    s.leftAxis.common.formatter = .number(decimals: nil, prefix: "$", suffix: "k")
    s.legend.horizontalAlignment = .right
    s.legend.verticalAlignment = .top
    return s
  }

  /// 60 daily candles on the right axis with date labels and an on-axis "last price" badge.
  static var candles: ChartSpec {
    var s = ChartSpec()
    s.kind = .candlestick
    s.title = "ACME · 1D"
    var ds = DataSetSpec(id: "ACME")
    ds.axis = .right
    var e = EntryColumns()
    var price = 102.0
    var labels: [String] = []
    for i in 0..<60 {
      let open = price
      let close = price + sin(Double(i) * 1.7) * 2.4 + 0.15
      let high = max(open, close) + 1.1, low = min(open, close) - 0.9
      e.x.append(Double(i))
      e.y.append(close)
      e.open = (e.open ?? []) + [open]
      e.high = (e.high ?? []) + [high]
      e.low = (e.low ?? []) + [low]
      e.close = (e.close ?? []) + [close]
      price = close
      labels.append(DateText.format(1_704_067_200 + Double(i) * 86_400, pattern: "MM/dd"))
    }
    ds.entries = e
    s.dataSets = [ds]
    s.xAxis.common.formatter = .category(labels: labels)
    s.xAxis.common.granularity = 1
    var last = LimitLineSpec(value: price)
    last.axis = .right
    last.labelPosition = .axis
    last.dash = [4, 3]
    s.limitLines = [last]
    s.legend.enabled = false
    return s
  }

  static var darkLine: ChartSpec {
    var s = line
    s.theme = .dark
    s.title = "Latency (dark)"
    s.dataSets = [dataSet("p50", x: [0, 10, 20, 30, 40, 50], y: [0.012, 0.018, 0.021, 0.017, 0.03, 0.042]),
                  dataSet("p99", x: [0, 10, 20, 30, 40, 50], y: [0.061, 0.07, 0.066, 0.081, 0.075, 0.079])]
    s.leftAxis.common.formatter = .number(decimals: nil, prefix: "", suffix: " s")
    s.leftAxis.common.title = nil
    s.xAxis.common.title = nil
    var slo = LimitLineSpec(value: 0.075)
    slo.label = "SLO 75 ms"
    slo.dash = [6, 4]
    var deploy = LimitLineSpec(value: 25)
    deploy.axis = .bottom
    deploy.label = "deploy"
    deploy.labelPosition = .rightTop
    s.limitLines = [slo, deploy]
    s.legend.form = .line
    return s
  }

  static var horizontalBars: ChartSpec {
    var s = ChartSpec()
    s.kind = .bar
    s.title = "Downloads by platform"
    s.bars.horizontal = true
    let names = ["macOS", "Linux", "Windows", "iOS", "Android", "FreeBSD"]
    s.dataSets = [dataSet("downloads", x: (0..<6).map(Double.init), y: [5200, 8100, 12400, 3100, 9900, 240])]
    s.xAxis.common.formatter = .category(labels: names)
    s.leftAxis.common.formatter = .compact(decimals: nil)
    s.legend.enabled = false
    return s
  }

  static var pie: ChartSpec {
    var s = ChartSpec()
    s.kind = .pie
    s.title = "Share"
    var ds = DataSetSpec(id: "share")
    ds.entries = EntryColumns(x: [0, 1, 2, 3], y: [40, 30, 20, 10])
    ds.entries.labels = ["Chrome", "Safari", "Firefox", "Other"]
    s.dataSets = [ds]
    s.legend.orientation = .vertical
    s.legend.horizontalAlignment = .right
    s.legend.verticalAlignment = .center
    return s
  }

  /// A narrow bar chart whose long category names must rotate.
  static var rotated: ChartSpec {
    var s = bars
    s.width = 420
    s.height = 300
    s.title = nil
    let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                  "November", "December"]
    s.xAxis.common.formatter = .category(labels: months.map { $0 + " 2024" })
    return s
  }

  /// Two value axes, axis titles, many legend items wrapping, a time x axis.
  static var dualAxis: ChartSpec {
    var s = ChartSpec()
    s.kind = .combined
    s.width = 640
    s.title = "Temperature and rainfall"
    let t0 = 1_717_200_000.0
    let xs = (0..<48).map { t0 + Double($0) * 3_600 }
    var rain = dataSet("Rainfall (mm)", kind: .line, x: xs, y: xs.indices.map { 2 + 2 * sin(Double($0) / 5) }, axis: .right)
    rain.line.fill = true
    s.dataSets = [dataSet("Temperature (°C)", kind: .line, x: xs, y: xs.indices.map { 14 + 6 * sin(Double($0) / 8) })]
    s.dataSets.append(rain)
    for i in 0..<6 { s.dataSets.append(dataSet("Station \(i + 1) reading", kind: .scatter, x: [xs[i]], y: [15])) }
    s.xAxis.common.formatter = .date(pattern: "MMM d HH:mm")
    s.leftAxis.common.title = "°C"
    s.rightAxis.common.title = "mm"
    s.leftAxis.drawZeroLine = true
    s.legend.horizontalAlignment = .center
    return s
  }

  /// Less common options: labels on both sides, inside y labels, inverted axis, legend inside.
  static var options: ChartSpec {
    var s = line
    s.title = "Options"
    s.xAxis.labelPosition = .both
    s.leftAxis.labelPosition = .inside
    s.leftAxis.inverted = true
    s.leftAxis.common.title = nil
    s.xAxis.common.title = "minute"
    s.legend.inside = true
    s.legend.horizontalAlignment = .right
    s.legend.verticalAlignment = .top
    s.legend.form = .circle
    s.dataSets[1].visible = false
    var a = LimitLineSpec(value: 450)
    a.label = "leftBottom"
    a.labelPosition = .leftBottom
    var b = LimitLineSpec(value: 60)
    b.axis = .bottom
    b.label = "x badge"
    b.labelPosition = .axis
    s.limitLines = [a, b]
    return s
  }

  /// A tiny chart with negative values, a zero line, top x labels and a left badge.
  static var tiny: ChartSpec {
    var s = ChartSpec()
    s.width = 260
    s.height = 160
    s.dataSets = [dataSet("delta", kind: .bar, x: [0, 1, 2, 3, 4], y: [-3.2, 1.5, 4.8, -0.7, 2.2])]
    s.kind = .bar
    s.xAxis.labelPosition = .top
    s.leftAxis.drawZeroLine = true
    var l = LimitLineSpec(value: 3.3)
    l.labelPosition = .axis
    l.labelBackground = Color(hex: 0xffd33d)
    s.limitLines = [l]
    return s
  }

  static let all: [(String, ChartSpec)] = [
    ("options", options), ("tiny", tiny),
    ("line", line), ("bars", bars), ("candles", candles), ("dark", darkLine), ("hbars", horizontalBars), ("pie", pie),
    ("rotated", rotated), ("dual", dualAxis),
  ]
}
