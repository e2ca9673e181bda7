import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random scatter, bubble and combined charts (scatter sets and lines with circles), every
/// circle symbol, line circle and bubble the SVG paints is read back from the markup (a symbol or a
/// line's circle: a zero-length segment `Mx yh0` with round caps of the path's stroke width; a
/// bubble: a `<circle>`) and hit at its centre:
/// the hit test must name an entry of a data set that paints a symbol over that point, and no data
/// set drawn above it may paint one there (sets drawn on top are tried first). Points farther than
/// 12 px from every symbol name no entry.
@Suite struct SymbolHitOracleTests {
  static let charts = PropertySteps.count(default: 150, scale: 0.5, minimum: 20)
  /// The output's rounding (1/100 px) and then some: a probe this close to a symbol's rim may fall either way.
  static let slack = 0.05

  @Test func hitTestNamesASymbolPaintedUnderEveryCentre() throws {
    var rng = SeededRandom(seed: 30_112_158)
    var probes = 0
    for chart in 0..<Self.charts {
      let json = Self.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let (spec, model, layout, svg) = (painted.model.spec, painted.model, painted.layout, painted.svg)
      let symbols = Self.circles(in: svg)
      let plot = try #require(PaintedShapes.plotClip(in: svg))
      // Sets later in this order are drawn above (a combined chart draws lines before scatter).
      let drawOrder = RegionPlan.seriesDrawOrder(model).map { spec.dataSets[$0].id }
      func covers(_ s: (dataSet: String, centre: Point, radius: Double), _ p: Point, by margin: Double) -> Bool {
        hypot(s.centre.x - p.x, s.centre.y - p.y) <= s.radius + margin
      }
      var failed = false
      for s in symbols where !failed && plot.insetBy(dx: 1, dy: 1).contains(s.centre) {
        probes += 1
        let hit = HitTester.hitTest(model, layout, at: s.centre)
        guard hit?.kind == .entry, let set = hit?.dataSet, let rank = drawOrder.firstIndex(of: set) else {
          failed = true
          Issue.record("chart \(chart): the centre of a symbol of \(s.dataSet) at \(s.centre) hits \(String(describing: hit))\n\(JSONWriter.string(json))")
          continue
        }
        let paintedThere = symbols.contains { $0.dataSet == set && covers($0, s.centre, by: Self.slack) }
        let coveredAbove = symbols.first { (drawOrder.firstIndex(of: $0.dataSet) ?? -1) > rank && covers($0, s.centre, by: -Self.slack) }
        if !paintedThere || coveredAbove != nil {
          failed = true
          Issue.record("""
            chart \(chart): the centre \(s.centre) of a symbol of \(s.dataSet) hits \(set)[\(hit?.index ?? -1)], \
            \(paintedThere ? "which paints there, under \(String(describing: coveredAbove))" : "which paints nothing there")
            \(JSONWriter.string(json))
            """)
        }
      }
      // Away from every symbol (12 px being the reach of the nearest point), no entry.
      for _ in 0..<30 where !failed {
        let p = Point(x: plot.minX + rng.uniform() * plot.width, y: plot.minY + rng.uniform() * plot.height)
        guard !symbols.contains(where: { covers($0, p, by: 12 + Self.slack) }) else { continue }
        if let hit = HitTester.hitTest(model, layout, at: p), hit.kind == .entry {
          failed = true
          Issue.record("chart \(chart): \(p), away from every symbol, hits \(hit)\n\(JSONWriter.string(json))")
        }
      }
    }
    #expect(probes > Self.charts * 5, "too few probes (\(probes)): the generator draws too little")
  }

  /// Random scatter, bubble or combined specs: 1 to 4 data sets of circles of 2 to 40 px (bubbles up
  /// to 80, line circles up to 30), clustered or spread, some hidden, some on the right axis,
  /// zoomed now and then.
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    let bubbles = chance(0.4), combined = !bubbles && chance(0.4)
    var sets: [JSONValue] = []
    for j in 0..<(1 + Int(rng.next() % 4)) {
      let n = 1 + Int(rng.next() % 40)
      let spread = chance(0.3) ? 3.0 : 100.0
      let xs = (0..<n).map { _ in (rng.uniform() * spread * 100).rounded() / 100 }
      let ys = (0..<n).map { _ in (rng.normal() * spread * 100).rounded() / 100 }
      var ds: [String: JSONValue] = ["id": .string("s\(j)"), "entries": ["x": .numbers(xs), "y": .numbers(ys)],
                                     "scatter": ["size": .number(Double(2 + rng.next() % 39))]]
      if bubbles {
        // Sizes that are not positive draw no bubble now and then.
        let sizes = (0..<n).map { _ in chance(0.05) ? 0 : (rng.uniform() * 1000).rounded() / 100 }
        ds["entries"] = ["x": .numbers(xs), "y": .numbers(ys), "size": .numbers(sizes)]
        ds["bubble"] = ["maxDiameter": .number(Double(4 + rng.next() % 77))]
      }
      if combined, chance(0.5) {
        // A line with circles (each one a painted mark, drawn above the scatter sets of the
        // chart or below them by kind: combined charts draw lines before scatter).
        ds["kind"] = "line"
        ds["line"] = ["showCircles": true, "circleRadius": .number(Double(1 + rng.next() % 15)), "width": .number(Double(rng.next() % 4))]
      } else if combined {
        ds["kind"] = "scatter"
      }
      if chance(0.15) { ds["visible"] = false }
      if chance(0.2) { ds["axis"] = "right" }
      sets.append(.object(ds))
    }
    var spec: [String: JSONValue] = ["kind": combined ? "combined" : bubbles ? "bubble" : "scatter", "width": .number(Double(200 + rng.next() % 600)),
                                     "height": .number(Double(150 + rng.next() % 400)), "dataSets": .array(sets)]
    if chance(0.2) { spec["viewport"] = ["xMin": .number(rng.uniform() * 30), "xMax": .number(40 + rng.uniform() * 40)] }
    if chance(0.3) { spec["legend"] = ["enabled": false] }
    return .object(spec)
  }

  /// Every circle symbol and bubble in the markup: its data set (the series group's
  /// `data-dataset`), centre and radius (half the stroke width of a symbol's path; a bubble's `r`).
  static func circles(in svg: String) -> [(dataSet: String, centre: Point, radius: Double)] {
    var out: [(dataSet: String, centre: Point, radius: Double)] = []
    for group in svg.components(separatedBy: "<g id=\"t-s-").dropFirst() {
      guard let setRange = group.range(of: "data-dataset=\""),
            let end = group[setRange.upperBound...].firstIndex(of: "\"") else { continue }
      let set = String(group[setRange.upperBound..<end])
      for circle in group.components(separatedBy: "<circle ").dropFirst() {
        let value = { (name: String) -> Double? in
          guard let r = circle.range(of: " \(name)=\"") ?? (circle.hasPrefix("\(name)=\"") ? circle.range(of: "\(name)=\"") : nil) else { return nil }
          return Double(circle[r.upperBound...].prefix { $0 != "\"" })
        }
        if let cx = value("cx"), let cy = value("cy"), let r = value("r") { out.append((set, Point(x: cx, y: cy), r)) }
      }
      for path in group.components(separatedBy: "<path d=\"").dropFirst() {
        guard let close = path.firstIndex(of: "\""), path.contains("stroke-linecap=\"round\""),
              let widthRange = path.range(of: "stroke-width=\""),
              let width = Double(path[widthRange.upperBound...].prefix { $0 != "\"" }) else { continue }
        for move in path[..<close].split(separator: "M") {
          let numbers = move.replacingOccurrences(of: "h0", with: "").split(separator: " ").compactMap { Double($0) }
          guard move.hasSuffix("h0"), numbers.count == 2 else { continue }
          out.append((set, Point(x: numbers[0], y: numbers[1]), width / 2))
        }
      }
    }
    return out
  }
}
