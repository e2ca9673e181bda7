import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random radar charts, every polygon the SVG draws is read back from the markup: a point
/// within 12 px of a vertex names that vertex's entry (the nearest one), a point inside a polygon
/// and away from every vertex names the topmost polygon's data set, and any other point names
/// neither.
@Suite struct RadarHitOracleTests {
  static let charts = PropertySteps.count(default: 200, scale: 0.5, minimum: 20)
  /// How far from an outline, or from the 12 px circle round a vertex, a probe stays: well above the
  /// SVG's 1/100 px rounding.
  static let margin = 0.1

  struct Polygon {
    var dataSet: String
    var vertices: [Point]
  }

  /// Every labelled polygon of every radar series group, in document order (later is drawn on top).
  static func polygons(in svg: String) -> [Polygon] {
    var out: [Polygon] = []
    for line in svg.split(separator: "\n") where line.hasPrefix("<g ") && line.contains("data-role=\"series\"") {
      guard let groupEnd = line.firstIndex(of: ">"),
            let dataSet = Markup.attributes(String(line[..<groupEnd]))["data-dataset"] else { continue }
      for a in Markup.elements("path", in: String(line[groupEnd...])) where a["aria-label"] != nil {
        guard let vertices = PaintedShapes.outline(rect: false, a), vertices.count > 2 else { continue }
        out.append(Polygon(dataSet: dataSet, vertices: vertices))
      }
    }
    return out
  }

  @Test func hitTestNamesTheVertexOrPolygonUnderEveryProbe() throws {
    var rng = SeededRandom(seed: 5_550_731)
    var vertexProbes = 0, polygonProbes = 0, otherProbes = 0
    for chart in 0..<Self.charts {
      let json = RandomRadarChart.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let polygons = Self.polygons(in: painted.svg)
      let legend = painted.layout.legend?.items.map(\.hitRect) ?? []
      let canvas = Rect(x: 0, y: 0, width: painted.model.spec.width, height: painted.model.spec.height)
      var failed = false
      func check(_ p: Point) {
        guard !failed, !legend.contains(where: { $0.insetBy(dx: -1, dy: -1).contains(p) }) else { return }
        // The nearest vertex of every polygon, and how far: within 12 px it is the answer.
        var nearest: (distance: Double, name: String)? = nil, second = Double.infinity
        for polygon in polygons {
          for (k, v) in polygon.vertices.enumerated() {
            let d = hypot(p.x - v.x, p.y - v.y)
            if d < nearest?.distance ?? .infinity {
              second = nearest?.distance ?? .infinity
              nearest = (d, "\(polygon.dataSet)[\(k)]")
            } else if d < second {
              second = d
            }
          }
        }
        let expected: String?
        if let nearest, nearest.distance <= 12 {
          // Two vertices about as near, or a point on the 12 px circle: either answer is right.
          guard second - nearest.distance > Self.margin, 12 - nearest.distance > Self.margin else { return }
          expected = nearest.name
          vertexProbes += 1
        } else {
          guard nearest.map({ $0.distance - 12 > Self.margin }) ?? true,
                !polygons.contains(where: { Self.edgeDistance($0.vertices, p) <= Self.margin }) else { return }
          expected = polygons.last { Self.shape($0).contains(p) }.map(\.dataSet)
          if expected == nil { otherProbes += 1 } else { polygonProbes += 1 }
        }
        let hit = HitTester.hitTest(painted.model, painted.layout, at: p)
        let got: String? = switch hit?.kind {
        case .entry?: "\(hit?.dataSet ?? "?")[\(hit?.index ?? -1)]"
        case .dataSet?: hit?.dataSet
        default: nil
        }
        if got != expected {
          failed = true
          Issue.record("chart \(chart) at (\(p.x), \(p.y)): expected \(expected ?? "neither an entry nor a data set"), got \(String(describing: hit))\n\(JSONWriter.string(json))")
        }
      }
      for polygon in polygons {
        for v in polygon.vertices {
          // Round each vertex, at random distances within and beyond its 12 px.
          for _ in 0..<3 {
            let a = rng.uniform() * 2 * .pi, d = rng.uniform() * 16
            check(Point(x: v.x + d * cos(a), y: v.y + d * sin(a)))
          }
        }
      }
      for _ in 0..<60 { check(Point(x: rng.uniform() * canvas.width, y: rng.uniform() * canvas.height)) }
    }
    #expect(vertexProbes > Self.charts * 5 && polygonProbes > Self.charts && otherProbes > Self.charts,
            "too few probes of a kind: \(vertexProbes) vertices, \(polygonProbes) polygons, \(otherProbes) elsewhere")
  }

  /// The polygon as a painted shape, for the oracle's own inside test (not the hit tester's).
  static func shape(_ polygon: Polygon) -> PaintedShape {
    PaintedShape(dataSet: polygon.dataSet, ariaLabel: "", polygon: polygon.vertices, bounds: PaintedShapes.bounds(of: polygon.vertices))
  }

  /// The distance from `p` to the nearest edge of the closed polygon `vertices`.
  static func edgeDistance(_ vertices: [Point], _ p: Point) -> Double {
    var best = Double.infinity
    for k in vertices.indices {
      let a = vertices[k], b = vertices[(k + 1) % vertices.count]
      let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
      let t = length2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
      best = min(best, hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
    }
    return best
  }
}

/// Random radar charts: 3 to 10 categories, 1 to 4 data sets of every value (filled or not, some
/// hidden), a fixed maximum now and then, rotated webs, canvases of many sizes.
enum RandomRadarChart {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    let n = 3 + Int(rng.next() % 8)
    var sets: [JSONValue] = []
    for j in 0..<(1 + Int(rng.next() % 4)) {
      var ds: [String: JSONValue] = ["id": .string("r\(j)"),
                                     "entries": ["y": .numbers((0..<n).map { _ in Double(rng.next() % 11) })]]
      if chance(0.5) { ds["line"] = ["fill": true] }
      if chance(0.15) { ds["visible"] = false }
      sets.append(.object(ds))
    }
    var radar: [String: JSONValue] = ["categories": .array((0..<n).map { .string("C\($0)") })]
    if chance(0.3) { radar["max"] = .number(Double(10 + rng.next() % 10)) }
    if chance(0.4) { radar["rotation"] = .number(Double(rng.next() % 360)) }
    var spec: [String: JSONValue] = [
      "kind": "radar", "width": .number(Double(200 + rng.next() % 600)), "height": .number(Double(180 + rng.next() % 400)),
      "radar": .object(radar), "dataSets": .array(sets),
    ]
    if chance(0.3) { spec["legend"] = ["enabled": false] }
    return .object(spec)
  }
}
