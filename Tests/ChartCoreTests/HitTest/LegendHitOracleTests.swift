import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random charts with random legends (every placement, orientation and form, wrapped long
/// labels, more items than fit), every legend item's hit rectangle is read back from the markup
/// (the transparent `<rect>` that opens its group) and checked as the spec states it: on the
/// canvas, overlapping no other item's, and a hit anywhere inside it, a little in from its edges,
/// names that item (its data set, a pie's slice, or "+N more" with N).
@Suite struct LegendHitOracleTests {
  static let charts = PropertySteps.count(default: 150, scale: 0.5, minimum: 20)

  struct Item {
    var dataSet: String?
    /// A pie's slice.
    var entry: Int?
    var more: Int?
    var rect: Rect
  }

  @Test func everyItemIsHitInsideItsRectangleAndTheRectanglesStayApart() throws {
    var rng = SeededRandom(seed: 30_112_258)
    var probes = 0, mores = 0, slices = 0
    for chart in 0..<Self.charts {
      let json = Self.spec(&rng)
      let painted = try HitTesterTests.Chart(json)
      let (spec, model, layout, svg) = (painted.model.spec, painted.model, painted.layout, painted.svg)
      let items = Self.items(in: svg)
      mores += items.filter { $0.more != nil }.count
      slices += items.filter { $0.entry != nil }.count
      let canvas = Rect(x: 0, y: 0, width: spec.width, height: spec.height)
      var failed = false
      func fail(_ message: String) {
        failed = true
        Issue.record("chart \(chart): \(message)\n\(JSONWriter.string(json))")
      }
      for (k, item) in items.enumerated() where !failed {
        let r = item.rect
        guard r.minX >= -0.01, r.minY >= -0.01, r.maxX <= canvas.maxX + 0.01, r.maxY <= canvas.maxY + 0.01 else {
          fail("item \(k) \(r) leaves the canvas \(canvas)")
          continue
        }
        if let other = items[(k + 1)...].first(where: { $0.rect.insetBy(dx: 0.02, dy: 0.02).intersects(r.insetBy(dx: 0.02, dy: 0.02)) }) {
          fail("item \(k) \(r) overlaps \(other.rect)")
          continue
        }
        guard r.width > 0.2, r.height > 0.2 else { continue }
        for (fx, fy) in [(0.5, 0.5), (0.02, 0.02), (0.98, 0.98), (0.02, 0.98), (0.98, 0.02)] where !failed {
          let p = Point(x: r.minX + 0.1 + fx * (r.width - 0.2), y: r.minY + 0.1 + fy * (r.height - 0.2))
          probes += 1
          let hit = HitTester.hitTest(model, layout, at: p)
          let expected = item.more != nil ? HitTarget.Kind.legendMore : .legendItem
          guard let hit, hit.kind == expected else {
            fail("\(p) inside item \(k) \(r) hits \(String(describing: hit))")
            continue
          }
          if let n = item.more, hit.count != n { fail("\(p) on \"+\(n) more\" counts \(String(describing: hit.count))") }
          if item.more == nil, let entry = item.entry, hit.dataSet != spec.dataSets.first?.id || hit.index != entry {
            fail("\(p) on the item of slice \(entry) names \(String(describing: hit))")
          }
          if item.more == nil, item.entry == nil, hit.dataSet == nil || hit.dataSet != item.dataSet {
            fail("\(p) on the item of \(item.dataSet ?? "?") names \(hit.dataSet ?? "?")")
          }
        }
      }
    }
    #expect(probes > Self.charts * 5 && mores > 0 && slices > 0, "too few probes (\(probes), \(mores) on +N more, \(slices) slices)")
  }

  /// Random specs: a line, bar, scatter or pie chart of 1 to 40 data sets (slices), labels of 0 to
  /// 60 characters, and the legend's options at random.
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    func chance(_ p: Double) -> Bool { rng.uniform() < p }
    func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    let kind = pick(["line", "bar", "scatter", "pie"])
    let n = 1 + Int(rng.next() % (chance(0.3) ? 40 : 6))
    func label() -> String {
      let piece = pick(["a", "W", "i", "m ", "Ж", "字"])
      return String(repeating: piece, count: Int(rng.next() % 61))
    }
    var sets: [JSONValue] = []
    if kind == "pie" {
      sets = [["id": "p", "entries": ["y": .numbers((0..<n).map { _ in 1 + rng.uniform() * 9 }),
                                      "labels": .array((0..<n).map { _ in .string(label()) })]]]
    } else {
      for j in 0..<n {
        var ds: [String: JSONValue] = ["id": .string("s\(j)"), "label": .string(label()),
                                       "entries": .numbers((0..<5).map { _ in rng.uniform() * 10 })]
        if chance(0.15) { ds["visible"] = false }
        sets.append(.object(ds))
      }
    }
    var legend: [String: JSONValue] = [
      "orientation": .string(pick(["horizontal", "vertical"])),
      "horizontalAlignment": .string(pick(["left", "center", "right"])),
      "verticalAlignment": .string(pick(["top", "center", "bottom"])),
      "form": .string(pick(["square", "circle", "line", "none"])),
    ]
    if chance(0.3) { legend["inside"] = true }
    if chance(0.5) { legend["wordWrap"] = .bool(chance(0.5)) }
    if chance(0.4) { legend["maxSizePercent"] = .number(pick([0.1, 0.25, 0.5, 1])) }
    if chance(0.3) { legend["fontSize"] = .number(pick([6, 11, 18, 30])) }
    if chance(0.3) { legend["entrySpace"] = .number(pick([0, 2, 20])) }
    return ["kind": .string(kind), "width": .number(Double(120 + rng.next() % 800)), "height": .number(Double(100 + rng.next() % 500)),
            "legend": .object(legend), "dataSets": .array(sets)]
  }

  /// The legend items in the markup, in order: each group marked `data-role="legend-item"`, its data
  /// set (`data-dataset`) or pie slice (`data-entry`), its "+N more" count (`data-more`), and its
  /// first `<rect>` (the hit rectangle).
  static func items(in svg: String) -> [Item] {
    svg.components(separatedBy: "<g id=\"t-legend-").dropFirst().compactMap { group in
      guard group.contains("data-role=\"legend-item\""), let rect = group.range(of: "<rect ") else { return nil }
      let attribute = { (text: Substring, name: String) -> String? in
        guard let r = text.range(of: " \(name)=\"") else { return nil }
        return String(text[r.upperBound...].prefix { $0 != "\"" })
      }
      let head = group[..<rect.lowerBound], tag = group[rect.lowerBound...].prefix { $0 != ">" }
      guard let x = attribute(tag, "x").flatMap(Double.init), let y = attribute(tag, "y").flatMap(Double.init),
            let w = attribute(tag, "width").flatMap(Double.init), let h = attribute(tag, "height").flatMap(Double.init)
      else { return nil }
      return Item(dataSet: attribute(head, "data-dataset"), entry: attribute(head, "data-entry").flatMap { Int($0) }, more: attribute(head, "data-more").flatMap { Int($0) },
                  rect: Rect(x: x, y: y, width: w, height: h))
    }
  }
}
