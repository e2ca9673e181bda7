import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random bar charts, every bar (and shadow column) the SVG paints is read back from the
/// markup and hit at its centre and just inside each corner: the hit test must name the entry painted
/// topmost there, and points that nothing covers must not name an entry.
@Suite struct BarHitOracleTests {
  static let charts = PropertySteps.count(default: 150, scale: 0.5, minimum: 20)
  /// How far inside a painted edge a probe lies: well above the SVG's 1/100 px rounding.
  static let inset = 0.1

  @Test func hitTestNamesTheBarPaintedUnderEveryProbe() throws {
    var rng = SeededRandom(seed: 7_000_117)
    var probes = 0
    for chart in 0..<Self.charts {
      let json = RandomBarChart.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let (spec, model, layout, svg) = (painted.model.spec, painted.model, painted.layout, painted.svg)
      // Shadow columns name the entry of the bar they stand behind (methods.md, chart/hitTest).
      let shapes = PaintedShapes.bars(in: svg, shadows: true, horizontal: spec.bars.horizontal)
      let plot = try #require(PaintedShapes.plotClip(in: svg)).insetBy(dx: Self.inset, dy: Self.inset)
      var failed = false
      func check(_ p: Point, _ what: String) {
        // A probe within the output's rounding of some bar's outline could fall either way.
        guard !failed, plot.contains(p), !shapes.contains(where: { $0.hasOutline(near: p, within: Self.inset / 2) }) else { return }
        probes += 1
        let expected = shapes.last { $0.contains(p) }.map { entry(of: $0, spec) }
        let hit = HitTester.hitTest(model, layout, at: p)
        let got = hit?.kind == .entry ? hit.map { "\($0.dataSet ?? "?")[\($0.index ?? -1)]" } : nil
        if got != expected {
          failed = true
          Issue.record("chart \(chart) \(what) at (\(p.x), \(p.y)): expected \(expected ?? "no entry"), got \(String(describing: hit))\n\(JSONWriter.string(json))")
        }
      }
      for shape in shapes {
        let b = shape.bounds
        guard b.width > 4 * Self.inset, b.height > 4 * Self.inset else { continue }
        check(Point(x: b.midX, y: b.midY), "centre of \(shape.ariaLabel)")
        // The centre of the part inside the plot (the rest is clipped away).
        let lo = Point(x: max(b.minX, plot.minX), y: max(b.minY, plot.minY))
        let hi = Point(x: min(b.maxX, plot.maxX), y: min(b.maxY, plot.maxY))
        if hi.x > lo.x, hi.y > lo.y { check(Point(x: (lo.x + hi.x) / 2, y: (lo.y + hi.y) / 2), "visible centre of \(shape.ariaLabel)") }
        for (sx, sy) in [(0.0, 0.0), (1, 0), (1, 1), (0, 1)] {
          check(corner(of: shape, sx, sy), "corner (\(sx), \(sy)) of \(shape.ariaLabel)")
        }
      }
      // Points away from every bar (by more than the output's rounding) name no entry.
      for _ in 0..<40 {
        let p = Point(x: plot.minX + rng.uniform() * plot.width, y: plot.minY + rng.uniform() * plot.height)
        if !shapes.contains(where: { $0.bounds.insetBy(dx: -Self.inset, dy: -Self.inset).contains(p) }) { check(p, "empty point") }
      }
    }
    #expect(probes > Self.charts * 20, "too few probes (\(probes)): the generator draws too little")
  }

  /// The point just inside a corner of the painted shape: walking in from the bounding box's corner
  /// along the diagonal until the outline (rounded or not) is entered, then `inset` further.
  private func corner(of shape: PaintedShape, _ sx: Double, _ sy: Double) -> Point {
    let b = shape.bounds
    let dx = sx == 0 ? 1.0 : -1.0, dy = sy == 0 ? 1.0 : -1.0
    let origin = Point(x: b.minX + sx * b.width, y: b.minY + sy * b.height)
    var t = 0.0
    let limit = min(b.width, b.height) / 2
    while t < limit, !shape.contains(Point(x: origin.x + dx * t, y: origin.y + dy * t)) { t += 0.02 }
    t = min(t + Self.inset, limit)
    return Point(x: origin.x + dx * t, y: origin.y + dy * t)
  }

  /// "set[index]" of a shape, from its group and the x in its aria-label ("label: x, value").
  private func entry(of shape: PaintedShape, _ spec: ChartSpec) -> String {
    PaintedShapes.entryName(dataSet: shape.dataSet, ariaLabel: shape.ariaLabel, spec)
  }
}

/// Random bar chart specs: 1 to 6 data sets, grouped or overlapping, stacked, negative and missing
/// values, hidden sets, both axes, horizontal, rounded, pixel sizing, zoom and fixed axis ranges.
enum RandomBarChart {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    var sets: [JSONValue] = []
    for j in 0..<(1 + Int(rng.next() % 6)) {
      // Distinct integer x values in any order, with gaps: the aria-label's x names the entry.
      var xs = Array(0..<14).map(Double.init).filter { _ in chance(0.6) }
      if xs.isEmpty { xs = [0] }
      if chance(0.3) {
        for k in stride(from: xs.count - 1, to: 0, by: -1) { xs.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      }
      // Missing values now and then, but never all of them (a data set needs one value).
      var any = false
      func value() -> JSONValue {
        defer { any = true }
        return any && chance(0.06) ? .null : .number((rng.normal() * 8).rounded() + (chance(0.7) ? 6 : 0))
      }
      var entries: [String: JSONValue] = ["x": .numbers(xs)]
      if chance(0.3) {
        entries["stacks"] = .array(xs.map { _ in .array((0..<(1 + Int(rng.next() % 4))).map { _ in value() }) })
      } else {
        entries["y"] = .array(xs.map { _ in value() })
      }
      var ds: [String: JSONValue] = ["id": .string("s\(j)"), "entries": .object(entries)]
      if chance(0.15) { ds["visible"] = false }
      if chance(0.2) { ds["axis"] = "right" }
      if chance(0.5) {
        ds["bar"] = ["cornerRadius": .number(pick([2, 5, 12, 40])), "corners": .string(pick(["top", "both"])),
                     "roundOuterEndOnly": .bool(chance(0.5)), "shadowColumn": .bool(chance(0.3))]
      } else if chance(0.2) {
        ds["bar"] = ["shadowColumn": true]
      }
      sets.append(.object(ds))
    }
    var bars: [String: JSONValue] = ["grouped": .bool(chance(0.75)), "horizontal": .bool(chance(0.3)),
                                     "barWidth": .number(0.3 + (rng.uniform() * 0.7 * 100).rounded() / 100)]
    if chance(0.4) { bars["groupSpace"] = .number((rng.uniform() * 40).rounded() / 100) }
    if chance(0.4) { bars["barSpace"] = .number((rng.uniform() * 10).rounded() / 100) }
    if chance(0.2) { bars["maxBarWidthPx"] = .number(pick([3, 12, 40])) }
    if chance(0.2) { bars["minGapPx"] = .number(pick([0, 2, 10])) }
    var spec: [String: JSONValue] = [
      "kind": "bar", "width": .number(Double(180 + rng.next() % 700)), "height": .number(Double(150 + rng.next() % 400)),
      "dataSets": .array(sets), "bars": .object(bars),
    ]
    if chance(0.25) {
      let lo = Double(rng.next() % 8) - 1
      spec["viewport"] = ["xMin": .number(lo), "xMax": .number(lo + 1.5 + Double(rng.next() % 8))]
    }
    if chance(0.15) { spec["leftAxis"] = ["min": .number(pick([-4, 2, 5])), "max": .number(pick([9, 15]))] }
    if chance(0.3) { spec["legend"] = ["enabled": false] }
    return .object(spec)
  }
}
