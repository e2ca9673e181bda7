import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random pies and donuts, every slice the SVG paints (and a highlighted slice's band
/// beyond the rim) is read back from the markup and hit at points inside it: the hit test must
/// name the slice painted topmost there, and points inside no slice must name none.
@Suite struct PieHitOracleTests {
  static let charts = PropertySteps.count(default: 200, scale: 0.5, minimum: 20)
  /// How far from a painted outline a probe stays: well above the SVG's 1/100 px rounding.
  static let inset = 0.1

  /// The painted shapes of entries, in document order: the pie's slices, then a highlight's band.
  static func slices(in svg: String) -> [(entry: Int, shape: PaintedShape)] {
    var out: [(Int, PaintedShape)] = []
    for line in svg.split(separator: "\n")
    where line.contains("data-role=\"pie\"") || line.contains("data-role=\"highlight\"") {
      for a in Markup.elements("path", in: String(line)) {
        guard let entry = a["data-entry"].flatMap(Int.init), let polygon = PaintedShapes.outline(rect: false, a),
              polygon.count > 2 else { continue }
        out.append((entry, PaintedShape(dataSet: "", ariaLabel: "", polygon: polygon, bounds: PaintedShapes.bounds(of: polygon))))
      }
    }
    return out
  }

  /// The extent of the marker's box (the tooltip over a highlighted slice), where probes are not taken.
  static func marker(in svg: String) -> Rect? {
    guard let line = svg.split(separator: "\n").first(where: { $0.contains("data-role=\"marker\"") }),
          let a = Markup.elements("path", in: String(line)).first, let polygon = PaintedShapes.outline(rect: false, a),
          !polygon.isEmpty else { return nil }
    return PaintedShapes.bounds(of: polygon)
  }

  @Test func hitTestNamesTheSlicePaintedUnderEveryProbe() throws {
    var rng = SeededRandom(seed: 9_300_457)
    var probes = 0, empty = 0
    for chart in 0..<Self.charts {
      let json = RandomPieChart.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let slices = Self.slices(in: painted.svg)
      let marker = Self.marker(in: painted.svg)?.insetBy(dx: -2, dy: -2)
      let canvas = Rect(x: 0, y: 0, width: painted.model.spec.width, height: painted.model.spec.height)
      var failed = false
      func check(_ p: Point, _ what: String) {
        // Near an outline either answer is right; the marker is not a slice.
        guard !failed, !slices.contains(where: { $0.shape.hasOutline(near: p, within: Self.inset) }),
              !(marker?.contains(p) ?? false) else { return }
        probes += 1
        let expected = slices.last { $0.shape.contains(p) }.map { "p[\($0.entry)]" }
        if expected == nil { empty += 1 }
        let got = painted.hit(p.x, p.y)
        if got != (expected ?? "nil"), !(expected == nil && !got.contains("[")) {
          failed = true
          Issue.record("chart \(chart) \(what) at (\(p.x), \(p.y)): expected \(expected ?? "no entry"), got \(got)\n\(JSONWriter.string(json))")
        }
      }
      for (entry, shape) in slices {
        // Points inside the slice, drawn from its extent (thin rings and wide angles have no
        // inside centre to aim at).
        var found = 0
        for _ in 0..<200 where found < 3 {
          let b = shape.bounds
          let p = Point(x: b.minX + rng.uniform() * b.width, y: b.minY + rng.uniform() * b.height)
          guard shape.contains(p) else { continue }
          found += 1
          check(p, "inside slice \(entry)")
        }
      }
      for _ in 0..<30 {
        check(Point(x: rng.uniform() * canvas.width, y: rng.uniform() * canvas.height), "a point of the canvas")
      }
    }
    #expect(probes > Self.charts * 10, "too few probes (\(probes)): the generator draws too little")
    #expect(empty > Self.charts * 5, "too few probes outside the slices (\(empty))")
  }
}

/// Random pies: 1 to 10 entries (zeros, negatives and missing values among them), slices hidden,
/// holes, rounded slices, gaps, partial and rotated pies, a highlighted slice and its shift.
enum RandomPieChart {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    let n = 1 + Int(rng.next() % 10)
    let ys: [JSONValue] = (0..<n).map { k in
      if k > 0, chance(0.06) { return .null }
      if chance(0.08) { return 0 }
      if chance(0.05) { return .number(-Double(1 + rng.next() % 5)) }
      return .number(Double(1 + rng.next() % 40))
    }
    var ds: [String: JSONValue] = ["id": "p", "entries": ["y": .array(ys)]]
    if chance(0.2) { ds["hiddenEntries"] = .numbers([Double(rng.next() % UInt64(n))]) }
    var pie: [String: JSONValue] = ["holeRadius": .number(chance(0.4) ? 0 : (rng.uniform() * 80).rounded() / 100)]
    if chance(0.3) { pie["roundedSlices"] = true }
    if chance(0.4) { pie["sliceSpace"] = .number(pick([1, 3, 8, 20])) }
    if chance(0.3) { pie["maxAngle"] = .number(pick([90, 180, 270, 300])) }
    if chance(0.5) { pie["rotation"] = .number(Double(Int(rng.next() % 720)) - 360) }
    if chance(0.3) { pie["selectionShift"] = .number(pick([0, 5, 20, 40])) }
    if chance(0.3) { pie["transparentCircleRadius"] = .number((rng.uniform() * 100).rounded() / 100) }
    var spec: [String: JSONValue] = [
      "kind": "pie", "width": .number(Double(160 + rng.next() % 600)), "height": .number(Double(140 + rng.next() % 500)),
      "pie": .object(pie), "dataSets": [.object(ds)],
    ]
    if chance(0.35) { spec["highlights"] = [["dataSet": "p", "index": .number(Double(rng.next() % UInt64(n)))]] }
    if chance(0.3) { spec["legend"] = ["enabled": false] }
    return .object(spec)
  }
}
