import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random candlestick charts, every candle the SVG paints is read back from the markup (its
/// path's extent: body width by high to low, the box methods.md says a hit test answers for) and hit
/// at its centre and just inside each corner: the hit test must name the candle painted topmost
/// there, and points far from every candle must name none.
@Suite struct CandleHitOracleTests {
  static let charts = PropertySteps.count(default: 200, scale: 0.5, minimum: 20)
  /// How far inside a box's edge a probe lies: well above the SVG's 1/100 px rounding.
  static let inset = 0.1

  /// One candle as painted: its data set, its aria-label and the extent of its path (and of its
  /// separate wick path, when `shadowColor` draws one).
  struct Candle {
    var dataSet: String
    var label: String
    var box: Rect
  }

  @Test func hitTestNamesTheCandlePaintedUnderEveryProbe() throws {
    var rng = SeededRandom(seed: 8_100_223)
    var probes = 0, empty = 0
    for chart in 0..<Self.charts {
      let json = RandomCandleChart.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let (spec, model, layout, svg) = (painted.model.spec, painted.model, painted.layout, painted.svg)
      let candles = Self.candles(in: svg)
      let plot = try #require(PaintedShapes.plotClip(in: svg)).insetBy(dx: Self.inset, dy: Self.inset)
      var failed = false
      func check(_ p: Point, _ what: String, expected: String?) {
        guard !failed, plot.contains(p) else { return }
        probes += 1
        let hit = HitTester.hitTest(model, layout, at: p)
        let got = hit?.kind == .entry ? hit.map { "\($0.dataSet ?? "?")[\($0.index ?? -1)]" } : nil
        if got != expected {
          failed = true
          Issue.record("chart \(chart) \(what) at (\(p.x), \(p.y)): expected \(expected ?? "no entry"), got \(String(describing: hit))\n\(JSONWriter.string(json))")
        }
      }
      /// The candle painted topmost at `p` (later in the document is painted over earlier), unless
      /// a box's edge lies within the output's rounding of `p`, where either answer is right.
      func topmost(at p: Point) -> String?? {
        let near = candles.contains { c in
          let outer = c.box.insetBy(dx: -Self.inset / 2, dy: -Self.inset / 2), inner = c.box.insetBy(dx: Self.inset / 2, dy: Self.inset / 2)
          return outer.contains(p) && !(inner.width > 0 && inner.height > 0 && inner.contains(p))
        }
        if near { return nil }
        return .some(candles.last { $0.box.contains(p) }.map { entry(of: $0, spec) })
      }
      for c in candles {
        let b = c.box
        guard b.width > 4 * Self.inset, b.height > 4 * Self.inset else { continue }
        let points = [Point(x: b.midX, y: b.midY)] + [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map { sx, sy in
          Point(x: b.minX + Self.inset + sx * (b.width - 2 * Self.inset), y: b.minY + Self.inset + sy * (b.height - 2 * Self.inset))
        }
        for (k, p) in points.enumerated() {
          guard let expected = topmost(at: p) else { continue }
          check(p, k == 0 ? "centre of \(c.label)" : "corner \(k) of \(c.label)", expected: expected)
        }
      }
      // Points more than 12 px from every box are near no candle's point: they name no entry.
      for _ in 0..<40 {
        let p = Point(x: plot.minX + rng.uniform() * plot.width, y: plot.minY + rng.uniform() * plot.height)
        if !candles.contains(where: { $0.box.insetBy(dx: -13, dy: -13).contains(p) }) {
          empty += 1
          check(p, "empty point", expected: nil)
        }
      }
    }
    #expect(probes > Self.charts * 10, "too few probes (\(probes)): the generator draws too little")
    #expect(empty > Self.charts, "too few empty probes (\(empty))")
  }

  /// Every candle of every series group, in document order: a labelled path, joined by the
  /// unlabelled wick path drawn just before it.
  static func candles(in svg: String) -> [Candle] {
    var out: [Candle] = []
    for line in svg.split(separator: "\n") where line.hasPrefix("<g ") && line.contains("data-role=\"series\"") {
      guard let groupEnd = line.firstIndex(of: ">"),
            let dataSet = Markup.attributes(String(line[..<groupEnd]))["data-dataset"] else { continue }
      var wick: Rect? = nil
      for a in Markup.elements("path", in: String(line[groupEnd...])) {
        guard let d = a["d"], let box = extent(d) else { continue }
        guard let label = a["aria-label"] else {
          wick = box
          continue
        }
        out.append(Candle(dataSet: dataSet, label: label, box: wick.map { union($0, box) } ?? box))
        wick = nil
      }
    }
    return out
  }

  /// The extent of every point a path's commands reach.
  static func extent(_ d: String) -> Rect? {
    var xs: [Double] = [], ys: [Double] = []
    var current = Point(x: 0, y: 0)
    for (command, n) in Markup.commands(d) {
      switch command {
      case "M", "L": current = Point(x: n[0], y: n[1])
      case "H": current.x = n[0]
      case "V": current.y = n[0]
      default: continue
      }
      xs.append(current.x)
      ys.append(current.y)
    }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  static func union(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
    return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
  }

  /// "set[index]" of a candle, from the x its aria-label starts with ("label: x, open …").
  private func entry(of c: Candle, _ spec: ChartSpec) -> String {
    PaintedShapes.entryName(dataSet: c.dataSet, ariaLabel: c.label, spec)
  }
}

/// Random candlestick specs: 1 to 3 data sets of candles at distinct integer x (gaps, any order),
/// rising, falling and neutral, high and low missing now and then, hollow or filled bodies, a wick
/// colour of its own, OHLC ticks, narrow and wide bodies, windows and fixed value axes.
enum RandomCandleChart {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    var sets: [JSONValue] = []
    for j in 0..<(1 + Int(rng.next() % 3)) {
      var xs = Array(0..<(4 + Int(rng.next() % 40))).map(Double.init).filter { _ in chance(0.7) }
      if xs.isEmpty { xs = [0] }
      if chance(0.2) {
        for k in stride(from: xs.count - 1, to: 0, by: -1) { xs.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      }
      var open: [JSONValue] = [], high: [JSONValue] = [], low: [JSONValue] = [], close: [JSONValue] = []
      for _ in xs {
        let o = (rng.normal() * 10).rounded() + 50
        let c = chance(0.15) ? o : (rng.normal() * 10).rounded() + 50
        open.append(.number(o))
        close.append(.number(c))
        high.append(chance(0.1) ? .null : .number(max(o, c) + (rng.uniform() * 8).rounded()))
        low.append(chance(0.1) ? .null : .number(min(o, c) - (rng.uniform() * 8).rounded()))
      }
      var candle: [String: JSONValue] = ["increasingFilled": .bool(chance(0.5)), "decreasingFilled": .bool(chance(0.7)),
                                         "barSpace": .number((rng.uniform() * 45).rounded() / 100)]
      if chance(0.2) { candle["shadowColor"] = "#333333" }
      if chance(0.3) { candle["shadowWidth"] = .number(pick([0.5, 1, 3, 8])) }
      if chance(0.15) { candle["ohlcTicks"] = true }
      var ds: [String: JSONValue] = [
        "id": .string("k\(j)"), "candle": .object(candle),
        "entries": ["x": .numbers(xs), "open": .array(open), "high": .array(high), "low": .array(low), "close": .array(close)],
      ]
      if chance(0.1) { ds["visible"] = false }
      sets.append(.object(ds))
    }
    var spec: [String: JSONValue] = [
      "kind": "candlestick", "width": .number(Double(180 + rng.next() % 700)), "height": .number(Double(150 + rng.next() % 400)),
      "dataSets": .array(sets),
    ]
    if chance(0.2) {
      let lo = Double(rng.next() % 10) - 1
      spec["viewport"] = ["xMin": .number(lo), "xMax": .number(lo + 2 + Double(rng.next() % 12))]
    }
    if chance(0.15) { spec["leftAxis"] = ["min": .number(pick([20, 40, 45])), "max": .number(pick([55, 60, 80]))] }
    if chance(0.3) { spec["legend"] = ["enabled": false] }
    return .object(spec)
  }
}
