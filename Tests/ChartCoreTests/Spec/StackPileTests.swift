import ChartdJSON
import Testing
@testable import ChartCore

/// How stack segments pile up, and that the value ranges, the bars, their labels and their
/// highlights put every segment in the same place, at the edges of the doubles too.
@Suite struct StackPileTests {
  @Test func segmentsPileBySignInEntryOrder() {
    var pile = StackPile()
    #expect(pile.add(3) == (0, 3))
    #expect(pile.add(4) == (3, 7))
    #expect(pile.add(-2) == (0, -2))
    // A zero lies on the positive side, at its top.
    #expect(pile.add(0) == (7, 7))
    #expect(pile.add(-1.5) == (-2, -3.5))
    #expect(pile.positive == 7 && pile.negative == -3.5 && pile.total == 3.5)
    #expect(StackPile([3, 4, .nan, -2, .infinity, 0, -1.5]).total == 3.5, "values that are not finite are left out")
  }

  @Test func pilesStopAtTheLargestDouble() {
    let top = Double.greatestFiniteMagnitude
    var pile = StackPile()
    #expect(pile.add(1e308) == (0, 1e308))
    #expect(pile.add(1e308) == (1e308, top))
    #expect(pile.add(1.7e308) == (top, top))
    #expect(pile.add(-1.7e308) == (0, -1.7e308))
    #expect(pile.add(-1.7e308) == (-1.7e308, -top))
    #expect(pile.total == 0)
    #expect(Column.stackTotal([1.7e308, 1.7e308]) == top)
    #expect(Column.stackTotal([.nan]).isNaN, "a stack without values has no total")
  }

  /// Random stacks with values anywhere in the doubles, over and over: each side of a pile only
  /// grows away from 0, always finite, and it is the plain sum wherever that does not overflow.
  @Test func pilesAreMonotonicAndFiniteForAnySegments() {
    var random = SeededRandom(seed: 0x57ac)
    let pool: [Double] = [0, 1, -1, 0.1, -0.3, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                          1.7e308, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .nan, .infinity, 1e15, -2.5]
    for _ in 0..<5_000 {
      let segments = (0..<Int(random.next() % 9)).map { _ in
        random.next() % 4 == 0 ? Double(bitPattern: random.next()) : pool[Int(random.next() % UInt64(pool.count))]
      }
      var pile = StackPile()
      var plainPositive = 0.0, plainNegative = 0.0
      for v in segments where v.isFinite {
        let (from, to) = pile.add(v)
        #expect(from.isFinite && to.isFinite, "\(segments)")
        #expect(v < 0 ? to <= from : to >= from, "\(segments)")
        if v < 0 { plainNegative += v } else { plainPositive += v }
        if plainPositive.isFinite { #expect(pile.positive == plainPositive, "\(segments)") }
        if plainNegative.isFinite { #expect(pile.negative == plainNegative, "\(segments)") }
      }
    }
  }

  /// A bar chart of stacked entries, rendered: for every segment, the drawn shape, the highlight
  /// and the axis agree, and a segment that has a size is drawn.
  @Test func barsHighlightsAndAxesPutEverySegmentAtItsPlace() throws {
    let top = Double.greatestFiniteMagnitude
    let stacks: [[Double]] = [[1e308, 1e308], [1.7e308, 1.7e308, 5], [5, -1.7e308, -1e308], [3, 4, -2], [top, -top]]
    let json: JSONValue = [
      "kind": "bar",
      "dataSets": [["id": "a", "entries": .array(stacks.enumerated().map { k, s in
        ["x": .number(Double(k)), "values": .array(s.map { .number($0) })]
      })]],
    ]
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let layout = LayoutEngine.layout(model)
    let axis = try #require(layout.left)
    // The axis reaches both ends of every pile (before: the overflowing piles were left out), and
    // ticks 0 between them, where the bars grow from.
    #expect(axis.scale.domainMax == top && axis.scale.domainMin == -top)
    #expect(axis.ticks.map(\.label) == ["-1.8e308", "0", "1.8e308"])
    let ctx = try #require(RegionRenderer.seriesContext(model, layout, dataSet: 0, indices: .range(0..<stacks.count), regionID: "r"))
    let placement = BarRenderer.placement(ctx)
    for (k, segments) in stacks.enumerated() {
      let drawn = BarRenderer.shapes(ctx, entry: k, placement, model.spec.dataSets[0].bar)
      var pile = StackPile()
      for (s, v) in segments.enumerated() {
        let (from, to) = pile.add(v)
        let bar = drawn.first { $0.segment == s }
        let a = axis.scale.map(from), b = axis.scale.map(to)
        // A segment a pixel tall or more is drawn, from where the one below it ends.
        if abs(a - b) >= 1 {
          let rect = try #require(bar?.shape.rect, "entry \(k) segment \(s) not drawn")
          #expect(abs(rect.minY - min(a, b)) < 0.01 && abs(rect.maxY - max(a, b)) < 0.01, "entry \(k) segment \(s): \(rect)")
        }
        guard let bar, case .bar(let lit)? = HighlightTarget.resolve(HighlightSpec(dataSet: "a", index: k, stackIndex: s),
                                                                  model, layout)?.shape else { continue }
        let (r, q) = (lit.rect, bar.shape.rect)
        #expect(abs(r.minX - q.minX) < 0.01 && abs(r.maxX - q.maxX) < 0.01 && abs(r.minY - q.minY) < 0.01
                 && abs(r.maxY - q.maxY) < 0.01, "entry \(k) segment \(s): the highlight \(r) covers the drawn \(q)")
      }
    }
  }

  /// Value labels of stacked bars sit on the segments as drawn: on a log axis the pile starts at
  /// the axis minimum, and the first segment, which started at 0, went unlabelled.
  @Test func valueLabelsOfALogAxisLabelTheFirstSegment() throws {
    let json: JSONValue = [
      "kind": "bar", "leftAxis": ["scale": "log"],
      "dataSets": [["id": "a", "valueLabels": ["show": true], "entries": [
        ["x": 0, "values": [50, 20, 5]], ["x": 1, "values": [1000, 1]],
      ]]],
    ]
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let svg = ChartRenderer.render(model, prefix: "c").svg
    let texts = svg.components(separatedBy: "data-role=\"value-labels\"").dropFirst().first ?? ""
    for value in ["50", "20", "1000"] {
      #expect(texts.contains(">\(value)</text>"), "label \(value) missing: \(texts.prefix(400))")
    }
  }
}
