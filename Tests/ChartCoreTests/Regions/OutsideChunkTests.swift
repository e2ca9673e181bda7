import ChartdJSON
import Testing
@testable import ChartCore

/// A chunk seen to lie beyond the plot along x (`RegionRenderer.chunkDrawsNothing`) is written as an
/// empty group without a look at its entries: its renderer, asked, must draw nothing at all, for
/// every kind of mark, zoom, bar grouping and orientation.
@Suite struct OutsideChunkTests {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    let kinds = ["scatter", "bubble", "bar", "candlestick"]
    let kind = kinds[Int(rng.next() % 4)]
    let n = 200 + Int(rng.next() % 400)
    var x = 0.0
    let rows: [JSONValue] = (0..<n).map { _ in
      x += [1, 1, 0.5, 3][Int(rng.next() % 4)]
      let y = (rng.normal() * 20).rounded()
      return ["x": .number(x), "y": .number(y), "open": .number(y - 2), "close": .number(y + 1), "high": .number(y + 4),
              "low": .number(y - 5), "size": .number((rng.uniform() * 30).rounded() + 1)]
    }
    let chunkSize = 16 + Int(rng.next() % 48)
    var lo = (rng.uniform() * x * 0.8).rounded(), width = 2 + (rng.uniform() * x * 0.3).rounded()
    if rng.next() % 2 == 0, case .object(let row)? = rows.dropFirst(chunkSize * (1 + Int(rng.next() % UInt64(n / chunkSize - 1)))).first,
       case .number(let edge)? = row["x"] {
      // Zoomed in to a few wide marks, with the plot's left edge next to a chunk's first entry:
      // the last marks of the chunk before reach into the plot though their x lie outside it.
      lo = edge + (rng.uniform() - 0.7) * 0.8
      width = 2 + (rng.uniform() * 10).rounded()
    }
    var sets: [JSONValue] = [["id": "a", "entries": .array(rows),
                              "scatter": ["size": .number(Double(2 + rng.next() % 30))],
                              "bubble": ["maxDiameter": .number(Double(5 + rng.next() % 80))]]]
    if kind == "bar", rng.next() % 2 == 0 { sets.append(["id": "b", "entries": .array(Array(rows.prefix(n / 2)))]) }
    return ["kind": .string(kind), "width": .number(Double(200 + rng.next() % 600)), "height": 300,
            "bars": ["horizontal": .bool(kind == "bar" && rng.next() % 3 == 0), "stacked": .bool(rng.next() % 4 == 0)],
            "largeData": ["chunkSize": .number(Double(chunkSize))],
            "viewport": ["xMin": .number(lo), "xMax": .number(lo + width)],
            "dataSets": .array(sets)]
  }

  @Test func aPanLooksAtEveryChunkButDrawsOnlyThoseInView() throws {
    // 5,000 entries in chunks of 100, a window of 300 x units moved one unit at a time: the chunks
    // beyond the plot keep their input (an empty group in their pane), so only the four or five in
    // view are drawn; the SVG is still a render from scratch, and the patch turns the old into it.
    for kind in ["scatter", "bubble", "bar", "candlestick"] {
      let rows: [JSONValue] = (0..<5_000).map { k in
        let y = Double(k * 37 % 101)
        return ["x": .number(Double(k)), "y": .number(y), "open": .number(y - 3), "close": .number(y + 2),
                "high": .number(y + 5), "low": .number(y - 6), "size": .number(Double(1 + k % 9))]
      }
      var doc = try M4AggregationTests.document(["kind": .string(kind), "largeData": ["chunkSize": 100],
                                                 "viewport": ["xMin": 1_000, "xMax": 1_300],
                                                 "dataSets": [["id": "a", "entries": .array(rows)]]])
      for step in 1...5 {
        let pan: JSONValue = ["op": "setViewport", "xMin": .number(Double(1_000 + step)), "xMax": .number(Double(1_300 + step))]
        let patch = try #require(try M4AggregationTests.apply([pan], to: &doc, "\(kind) pan \(step)"))
        let drawn = patch.rendered.compactMap { name -> Int? in if case .series("a", let c) = name { c } else { nil } }
        #expect(!drawn.isEmpty && drawn.allSatisfy { (9...13).contains($0) }, "\(kind) pan \(step) drew chunks \(drawn)")
      }
    }
  }

  @Test func anEmptyChunkMovedToAnotherPaneIsClippedThere() throws {
    // The empty group of a chunk beyond the plot is clipped to its pane: moving the set to a lower
    // pane (nothing else of those chunks changes) draws them again with that pane's clip.
    let rows: [JSONValue] = (0..<2_000).map { k in ["x": .number(Double(k)), "y": .number(Double(k % 13))] }
    var doc = try M4AggregationTests.document(["kind": "scatter", "largeData": ["chunkSize": 100], "panes": [[:], [:]],
                                               "viewport": ["xMin": 500, "xMax": 700],
                                               "dataSets": [["id": "a", "entries": .array(rows)], ["id": "b", "entries": [1, 2]]]])
    let move: JSONValue = ["op": "replaceDataSet", "dataSet": ["id": "a", "pane": 1, "entries": .array(rows)]]
    let patch = try #require(try M4AggregationTests.apply([move], to: &doc, "move to pane 1"))
    #expect(doc.svg.contains("id=\"m-s-a-0\" data-role=\"series\" data-dataset=\"a\" clip-path=\"url(#m-plot-1)\"></g>"))
    #expect(patch.fragments.count + patch.rendered.count > 10)
  }

  @Test func aChunkSeenOutsideDrawsNothingWhenDrawn() throws {
    var rng = SeededRandom(seed: 3_131)
    var outside = 0, inside = 0
    for round in 0..<150 {
      let json = Self.spec(&rng)
      let log = DiagnosticLog()
      let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
      let layout = LayoutEngine.layout(model)
      let aggregations = Aggregations.compute(model, layout)
      for i in model.spec.dataSets.indices {
        let kind = model.seriesKind(of: i)
        for chunk in model.series[i].chunkNumbers {
          let indices = RegionPlan.chunkIndices(model, dataSet: i, chunk: chunk, aggregations, m4: nil)
          let ctx = try #require(RegionRenderer.seriesContext(model, layout, dataSet: i, indices: indices, regionID: "r"))
          guard RegionRenderer.chunkDrawsNothing(ctx, kind: kind, chunk: chunk) else { inside += 1; continue }
          outside += 1
          var svg = SVGWriter()
          switch kind {
          case .bar?: BarRenderer.render(ctx, into: &svg)
          case .scatter?: ScatterRenderer.render(ctx, into: &svg)
          case .bubble?: BubbleRenderer.render(ctx, into: &svg)
          case .candlestick?: CandleRenderer.render(ctx, into: &svg)
          default: Issue.record("round \(round): \(String(describing: kind)) skipped")
          }
          #expect(svg.isEmpty, "round \(round) set \(i) chunk \(chunk): \(JSONWriter.string(json).prefix(300)) drew \(svg.output.prefix(200))")
          if !svg.isEmpty { return }
        }
      }
    }
    // Both cases must be common, or the test proves little.
    #expect(outside > 1_000 && inside > 300, "outside \(outside), inside \(inside)")
  }
}
