import Foundation
import Testing
@testable import ChartCore

/// Renders one real chart of every series kind through the region pipeline. Each must produce
/// data markup; with `CHARTD_GALLERY_DIR` set, the SVGs are written there to be looked at.
@Suite struct SeriesGalleryTests {
  /// The charts of the gallery by file name.
  static func charts() -> [(String, ChartSpec)] {
    [
      ("bars-grouped", groupedBars()), ("bars-stacked", stackedBars()), ("bars-horizontal", horizontalBars()),
      ("bars-stacked-horizontal-dark", stackedHorizontalDark()),
      ("lines", lines()), ("lines-gradient", gradientLine()), ("lines-chunked", chunkedLine()), ("scatter", scatter()), ("bubbles", bubbles()),
      ("candles", candles(ohlc: false)), ("candles-ohlc", candles(ohlc: true)),
    ]
  }

  @Test(arguments: charts().map(\.0))
  func rendersWithDataMarkup(name: String) throws {
    let spec = try #require(Self.charts().first { $0.0 == name }?.1)
    let svg = Self.render(spec)
    #expect(svg.contains("data-role=\"series\""))
    #expect(svg.contains("<path") || svg.contains("<rect") || svg.contains("<circle"))
    #expect(svg == Self.render(spec), "same input, same bytes")
    if let dir = ProcessInfo.processInfo.environment["CHARTD_GALLERY_DIR"] {
      try svg.write(toFile: dir + "/" + name + ".svg", atomically: true, encoding: .utf8)
    }
  }

  /// Renders through the whole pipeline: layout, region plan, region renderers.
  static func render(_ spec: ChartSpec) -> String {
    ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
  }

  static func dataSet(_ id: String, _ y: [Double], _ configure: (inout DataSetSpec) -> Void = { _ in }) -> DataSetSpec {
    var ds = DataSetSpec(id: id)
    ds.entries = EntryColumns(x: y.indices.map(Double.init), y: y)
    configure(&ds)
    return ds
  }

  static func groupedBars() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .bar
    spec.dataSets = [
      dataSet("North", [12, 19, 7, 15, 22, 9]) { $0.bar.cornerRadius = 6 },
      dataSet("South", [8, 11, 14, 6, 17, 13]) {
        $0.bar.cornerRadius = 6
        $0.bar.gradient = GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0xf28e2b)), .init(offset: 1, color: Color(hex: 0xf28e2b, alpha: 0.25))])
      },
      dataSet("West", [5, 9, 18, 11, 4, 16]) {
        $0.bar.cornerRadius = 20
        $0.bar.corners = .both
        $0.bar.borderWidth = 1
        $0.valueLabels.show = true
      },
    ]
    return spec
  }

  static func stackedBars() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .bar
    var ds = DataSetSpec(id: "Energy")
    ds.entries = EntryColumns(x: [0, 1, 2, 3, 4, 5], y: [0, 0, 0, 0, 0, 0])
    let stacks: [[Double]] = [[4, 3, 2], [5, -2, 3], [3, 4, -3], [-2, -3, 1], [6, 2, 2], [2, .nan, 5]]
    ds.entries.stacks = EntryColumn(stacks)
    ds.entries.y = EntryColumn(stacks.map { $0.filter(\.isFinite).reduce(0, +) })
    ds.stackLabels = ["Coal", "Gas", "Wind"]
    ds.bar.cornerRadius = 8
    ds.bar.shadowColumn = true
    ds.valueLabels.show = true
    spec.dataSets = [ds]
    return spec
  }

  static func stackedHorizontalDark() -> ChartSpec {
    var spec = stackedBars()
    spec.theme = .dark
    spec.bars.horizontal = true
    spec.dataSets[0].bar.shadowColumn = false
    spec.dataSets[0].bar.corners = .both
    return spec
  }

  static func horizontalBars() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .bar
    spec.bars.horizontal = true
    spec.dataSets = [dataSet("Share", [42, 17, -8, 28, 35]) {
      $0.bar.cornerRadius = 5
      $0.valueLabels.show = true
      $0.colors = [Color(hex: 0x4e79a7), Color(hex: 0x59a14f), Color(hex: 0xe15759), Color(hex: 0x76b7b2), Color(hex: 0xedc948)]
    }]
    return spec
  }

  static func lines() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .line
    let wave = (0..<12).map { 20 + 8 * sin(Double($0) * 0.7) }
    spec.dataSets = [
      dataSet("linear + fill + circles", wave) {
        $0.line.fill = true
        $0.line.showCircles = true
      },
      dataSet("cubic", wave.map { $0 - 12 }) {
        $0.line.mode = .cubicBezier
        $0.line.width = 2.5
      },
      dataSet("horizontal bezier", wave.map { $0 - 24 }) {
        $0.line.mode = .horizontalBezier
        $0.line.width = 2
        $0.line.showCircles = true
        $0.line.circleRadius = 5
        $0.line.circleHoleRadius = 2.5
      },
      dataSet("stepped + gap + dash", wave.enumerated().map { $0.offset == 5 ? .nan : $0.element + 10 }) {
        $0.line.mode = .stepped
        $0.line.dash = [6, 3]
        $0.valueLabels.show = true
      },
    ]
    return spec
  }

  static func gradientLine() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .line
    spec.theme = .dark
    let walk = (0..<200).map { 5 * sin(Double($0) / 15) + 3 * cos(Double($0) / 4) }
    spec.dataSets = [dataSet("walk", walk) {
      $0.line.mode = .cubicBezier
      $0.line.fill = true
      $0.line.fillGradient = GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0x6ea8fe, alpha: 0.8)),
                                                  .init(offset: 1, color: Color(hex: 0x6ea8fe, alpha: 0))])
    }]
    return spec
  }

  /// A filled line split into 40-entry chunks: the chunks must join without seams or kinks.
  static func chunkedLine() -> ChartSpec {
    var spec = gradientLine()
    spec.theme = .light
    spec.largeData.chunkSize = 40
    spec.dataSets[0].line.fillGradient = nil
    spec.dataSets[0].line.width = 2
    return spec
  }

  static func scatter() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .scatter
    spec.dataSets = ScatterShape.allCases.enumerated().map { k, shape in
      var ds = DataSetSpec(id: shape.rawValue)
      let xs = (0..<15).map { Double($0) }
      ds.entries = EntryColumns(x: xs, y: xs.map { Double(k) * 3 + sin($0 * 1.3 + Double(k)) })
      ds.scatter.shape = shape
      ds.scatter.size = 10
      return ds
    }
    return spec
  }

  static func bubbles() -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .bubble
    var a = DataSetSpec(id: "A")
    a.entries = EntryColumns(x: [1, 2, 3, 4, 5, 6], y: [3, 7, 4, 8, 5, 2])
    a.entries.size = [10, 40, 90, 20, 160, 5]
    a.valueLabels.show = true
    var b = DataSetSpec(id: "B")
    b.entries = EntryColumns(x: [1.5, 2.5, 3.5, 4.5, 5.5], y: [5, 2, 6, 3, 7])
    b.entries.size = [60, 10, 30, 0, 45]
    b.bubble.opacity = 0.35
    spec.dataSets = [a, b]
    return spec
  }

  static func candles(ohlc: Bool) -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .candlestick
    var ds = DataSetSpec(id: "ACME")
    var price = 100.0
    var e = EntryColumns()
    e.open = []; e.high = []; e.low = []; e.close = []
    for k in 0..<40 {
      let open = price
      let close = k % 9 == 4 ? open : open + 4 * sin(Double(k) * 1.7) + 1.5 * cos(Double(k) * 0.5)
      let high = max(open, close) + 1 + abs(sin(Double(k))) * 2
      let low = min(open, close) - 1 - abs(cos(Double(k) * 1.3)) * 2
      e.x.append(Double(k)); e.y.append(close)
      e.open?.append(open); e.high?.append(high); e.low?.append(low); e.close?.append(close)
      price = close
    }
    ds.entries = e
    ds.candle.ohlcTicks = ohlc
    spec.dataSets = [ds]
    return spec
  }
}
