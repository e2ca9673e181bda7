import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Regions rendered side by side come out exactly as rendered one after another: the same markup
/// in the same order, for every kind of large chart, and documents whose edits re-render many
/// regions at once stay equal to a render made region by region.
@Suite struct RegionRendererAllTests {
  /// Columns of `n` values, deterministic and uneven (gaps where `gaps` says).
  static func values(_ n: Int, seed: Double, gaps: Bool = false) -> JSONValue {
    var out: [JSONValue] = []
    out.reserveCapacity(n)
    for i in 0..<n {
      let wave: Double = sin(Double(i) / 37 + seed) * 40
      let y: Double = (wave + Double(i % 13) * seed).rounded() / 4
      out.append(gaps && i % 997 == 13 ? .null : .number(y))
    }
    return .array(out)
  }

  static func candles(_ n: Int) -> JSONValue {
    var open: [Double] = [], close: [Double] = [], high: [Double] = [], low: [Double] = []
    for i in 0..<n {
      let o: Double = 100 + sin(Double(i) / 50) * 20 + Double(i % 7)
      let c: Double = o + Double(i % 5) - 2
      open.append(o)
      close.append(c)
      high.append(max(o, c) + 1.5)
      low.append(min(o, c) - 1.5)
    }
    return ["open": .numbers(open), "close": .numbers(close), "high": .numbers(high), "low": .numbers(low)]
  }

  /// Large charts of every kind that splits its data into chunk regions.
  static let charts: [(String, JSONValue)] = [
    ("M4 line", ["kind": "line", "dataSets": [["id": "a", "entries": values(40_000, seed: 1)],
                                              ["id": "b", "entries": values(6_000, seed: 2)]]]),
    ("lossless line with gaps", ["kind": "line", "largeData": ["mode": "lossless"],
                                 "dataSets": [["id": "a", "entries": values(12_000, seed: 3, gaps: true)]]]),
    ("cubic line, circles", ["kind": "line", "dataSets": [["id": "a", "line": ["mode": "cubicBezier", "showCircles": true],
                                                          "entries": values(9_000, seed: 4)]]]),
    ("scatter", ["kind": "scatter", "dataSets": [["id": "a", "entries": values(12_000, seed: 5)],
                                                 ["id": "b", "entries": values(3_000, seed: 6)]]]),
    ("grouped bars", ["kind": "bar", "dataSets": [["id": "a", "entries": values(3_000, seed: 7)],
                                                  ["id": "b", "entries": values(3_000, seed: 8)]]]),
    ("stacked filled lines", ["kind": "line", "dataSets": [
      ["id": "a", "stack": "s", "line": ["fill": true], "entries": values(5_000, seed: 9)],
      ["id": "b", "stack": "s", "line": ["fill": true], "entries": values(5_000, seed: 10)]]]),
    ("candlestick", ["kind": "candlestick", "dataSets": [["id": "k", "entries": candles(8_000)]]]),
  ]

  static func model(_ json: JSONValue) throws -> ChartModel {
    let log = DiagnosticLog()
    return ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
  }

  /// The full SVG rendered one region after another with `RegionRenderer.render`.
  static func oneByOne(_ model: ChartModel, prefix: String) -> String {
    let layout = LayoutEngine.layout(model)
    let aggregations = Aggregations.compute(model, layout)
    var out = ChartRenderer.rootTag(prefix: prefix, model: model, layout: layout) + "\n"
    for name in RegionPlan.regions(model, layout, aggregations) {
      out += RegionRenderer.render(name, prefix: prefix, model: model, layout: layout, aggregations: aggregations) + "\n"
    }
    return out + "</svg>\n"
  }

  @Test(arguments: charts.indices)
  func sideBySideEqualsOneByOne(_ k: Int) throws {
    let (what, json) = Self.charts[k]
    let model = try Self.model(json)
    let layout = LayoutEngine.layout(model)
    let aggregations = Aggregations.compute(model, layout)
    let names = RegionPlan.regions(model, layout, aggregations)
    // The chart must be large enough for the regions to be shared out, or this tests nothing new.
    #expect(names.count >= RegionRenderer.parallelRegions, "\(what): \(names.count) regions")
    #expect(model.spec.dataSets.reduce(0) { $0 + $1.entries.count } >= RegionRenderer.parallelEntries, "\(what)")
    let expected = names.map { RegionRenderer.render($0, prefix: "p", model: model, layout: layout, aggregations: aggregations) }
    // Several runs: threads take regions in a different order each time.
    for run in 0..<4 {
      let markup = RegionRenderer.renderAll(names, prefix: "p", model: model, layout: layout, aggregations: aggregations)
      // Compared as a flag: a failure names the regions instead of printing megabytes.
      let differing = names.indices.filter { $0 >= markup.count || markup[$0] != expected[$0] }.map { names[$0] }
      #expect(markup.count == expected.count && differing.isEmpty, "\(what), run \(run): \(markup.count) regions, differing \(differing)")
    }
    let full = ChartRenderer.render(model, prefix: "p").svg, reference = Self.oneByOne(model, prefix: "p")
    #expect(full == reference, "\(what): \(EditPropertyTests.differingRegions(full, reference))")
  }

  /// Zooms, pans, resizes, toggles and appends on large charts: each re-renders many regions at
  /// once, and the document must equal a region-by-region render after every one.
  @Test func documentsMatchARenderMadeOneByOne() throws {
    var rng = SeededRandom(seed: 8_086)
    for (what, json) in [Self.charts[0], Self.charts[3], Self.charts[6]] {
      var doc = ChartDocument(model: try Self.model(json), prefix: "d", specJSON: json)
      var manyAtOnce = 0
      for step in 0..<24 {
        let id = doc.model.spec.dataSets[Int(rng.next() % UInt64(doc.model.spec.dataSets.count))].id
        let edit: JSONValue
        switch rng.next() % 5 {
        case 0:
          let lo = Double(rng.next() % 3_000)
          edit = ["op": "setViewport", "xMin": .number(lo), "xMax": .number(lo + 200 + Double(rng.next() % 9_000))]
        case 1: edit = ["op": "setViewport", "xMin": .null, "xMax": .null]
        case 2: edit = ["op": "resize", "width": .number(Double(300 + rng.next() % 700)), "height": .number(Double(200 + rng.next() % 300))]
        case 3:
          let visible = !(doc.model.spec.dataSets.first { $0.id == id }?.visible ?? true)
          edit = ["op": "setVisibility", "dataSet": .string(id), "visible": .bool(visible)]
        default:
          let entries: JSONValue = what == "candlestick"
            ? ["open": [101], "high": [104], "low": [99], "close": [103]] : [.number(Double(rng.next() % 50))]
          edit = ["op": "appendEntries", "dataSet": .string(id), "entries": entries]
        }
        let before = doc.svg
        let log = DiagnosticLog()
        let plan = try #require(doc.plan(.array([edit]), at: JSONPointer(["edits"]), limits: SpecLimits(), log: log),
                                "\(what) step \(step): \(log.items)")
        let patch = doc.apply([plan])
        if patch.rendered.count >= RegionRenderer.parallelRegions { manyAtOnce += 1 }
        let reference = Self.oneByOne(doc.model, prefix: "d"), patched = patch.apply(to: before)
        let same = doc.svg == reference, patchedSame = patched == doc.svg
        #expect(same, "\(what) step \(step), \(JSONWriter.string(edit)): \(EditPropertyTests.differingRegions(doc.svg, reference))")
        #expect(patchedSame, "\(what) step \(step), \(JSONWriter.string(edit)): previous SVG + patch is not the new SVG")
        // A region rendered again into the markup it had is no change: the patch leaves it out.
        let lines = Set(before.split(separator: "\n").map(String.init))
        let unchanged = patch.fragments.filter { lines.contains($0.svg) }.map(\.id)
        #expect(unchanged.isEmpty, "\(what) step \(step): fragments equal to what the client has: \(unchanged)")
      }
      #expect(manyAtOnce >= 3, "\(what): only \(manyAtOnce) edits rendered many regions at once")
    }
  }
}
