import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Hit tests name what is painted under the point: bars where the bar renderer draws them, and the
/// whole painted mark of candles, bubbles and symbols (not only a fixed radius around the value).
@Suite struct HitTesterTests {
  struct Chart {
    var model: ChartModel
    var layout: ChartLayout
    var svg: String

    init(_ json: JSONValue) throws {
      let log = DiagnosticLog()
      model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
      layout = LayoutEngine.layout(model)
      svg = ChartRenderer.render(model, prefix: "t").svg
    }

    func hit(_ x: Double, _ y: Double) -> String {
      guard let t = HitTester.hitTest(model, layout, at: Point(x: x, y: y)) else { return "nil" }
      return t.kind == .entry ? "\(t.dataSet ?? "?")[\(t.index ?? -1)]" : t.kind.rawValue
    }

    /// The pixel position of a data point.
    func point(x: Double, y: Double) throws -> Point {
      let xs = try #require(layout.x?.scale), ys = try #require(layout.left?.scale)
      return layout.project(x: x, y: y, xScale: xs, yScale: ys)
    }
  }

  static func bars(_ count: Int, hidden: Set<Int> = [], horizontal: Bool = false, keepHiddenSlots: Bool = false) -> JSONValue {
    let sets: [JSONValue] = (0..<count).map { j in
      ["id": .string("s\(j)"), "entries": [4, 2], "visible": .bool(!hidden.contains(j))]
    }
    return ["kind": "bar", "bars": ["horizontal": .bool(horizontal), "keepHiddenSlots": .bool(keepHiddenSlots)],
            "dataSets": .array(sets)]
  }

  @Test func outerBarsOfAGroupOfThreeAreHitWhereTheyAreDrawn() throws {
    let chart = try Chart(["kind": "bar", "dataSets": [["id": "a", "entries": [4]], ["id": "b", "entries": [4]], ["id": "c", "entries": [4]]]])
    // Bar a is drawn at x 107.4…296.6 and c at 516.4…705.6 (the issue's reproduction).
    #expect(chart.hit(202, 300) == "a[0]")
    #expect(chart.hit(110, 300) == "a[0]")
    #expect(chart.hit(690, 300) == "c[0]")
    #expect(chart.hit(305, 300) == "plotArea")  // the gap between a and b
  }

  @Test func aShadowColumnIsHitAsTheEntryOfItsBarAndAGapHasNone() throws {
    // Entry 1 is a gap: no bar, so no column behind it (series.md, `shadowColumn`).
    let chart = try Chart(["kind": "bar", "leftAxis": ["min": 0, "max": 10], "legend": ["enabled": false],
                           "dataSets": [["id": "a", "entries": [2, .null, 3], "bar": ["shadowColumn": true]]]])
    let columns = chart.svg.components(separatedBy: "aria-hidden=\"true\"").count - 1
    #expect(columns == 2)
    let high0 = try chart.point(x: 0, y: 9), high1 = try chart.point(x: 1, y: 9), low2 = try chart.point(x: 2, y: 1)
    #expect(chart.hit(high0.x, high0.y) == "a[0]")  // on the column, above the bar
    #expect(chart.hit(low2.x, low2.y) == "a[2]")  // on the bar
    #expect(chart.hit(high1.x, high1.y) == "plotArea")  // where a gap's column would be
    let target = try #require(HitTester.hitTest(chart.model, chart.layout, at: high0))
    #expect(target.y == 2 && target.stackIndex == nil && target.value == nil)
  }

  @Test func aStackedEntrysColumnNamesNoSegment() throws {
    let chart = try Chart(["kind": "bar", "leftAxis": ["min": 0, "max": 10], "legend": ["enabled": false],
                           "dataSets": [["id": "a", "entries": ["stacks": [[1, 2], [3, 1]]], "bar": ["shadowColumn": true]]]])
    let above = try chart.point(x: 0, y: 8), onSegment = try chart.point(x: 0, y: 2)
    let column = try #require(HitTester.hitTest(chart.model, chart.layout, at: above))
    #expect(column.kind == .entry && column.index == 0 && column.stackIndex == nil && column.y == 3)
    let segment = try #require(HitTester.hitTest(chart.model, chart.layout, at: onSegment))
    #expect(segment.index == 0 && segment.stackIndex == 1 && segment.value == 2)
  }

  @Test(arguments: 1...6)
  func everyBarOfAGroupIsHitAtItsCentreAndEdges(sets: Int) throws {
    for horizontal in [false, true] {
      let chart = try Chart(Self.bars(sets, horizontal: horizontal))
      let shapes = PaintedShapes.bars(in: chart.svg)
      #expect(shapes.count == sets * 2)
      for shape in shapes {
        let b = shape.bounds, index = shape.ariaLabel.contains(": 0,") ? 0 : 1
        let expected = "\(shape.dataSet)[\(index)]"
        #expect(chart.hit(b.midX, b.midY) == expected)
        #expect(chart.hit(b.minX + 0.1, b.maxY - 0.1) == expected, "\(shape.ariaLabel) horizontal \(horizontal)")
        #expect(chart.hit(b.maxX - 0.1, b.minY + 0.1) == expected, "\(shape.ariaLabel) horizontal \(horizontal)")
      }
    }
  }

  @Test func hiddenBarKeepsItsSlotButIsNotHit() throws {
    let all = PaintedShapes.bars(in: try Chart(Self.bars(5, keepHiddenSlots: true)).svg)
    let chart = try Chart(Self.bars(5, hidden: [0, 4], keepHiddenSlots: true))
    for shape in all {
      let hidden = shape.dataSet == "s0" || shape.dataSet == "s4"
      let index = shape.ariaLabel.contains(": 0,") ? 0 : 1
      #expect(chart.hit(shape.bounds.midX, shape.bounds.midY) == (hidden ? "plotArea" : "\(shape.dataSet)[\(index)]"))
    }
  }

  @Test func closedUpGroupIsHitWhereItIsDrawn() throws {
    let chart = try Chart(Self.bars(5, hidden: [0, 2]))
    let shapes = PaintedShapes.bars(in: chart.svg)
    #expect(Set(shapes.map(\.dataSet)) == ["s1", "s3", "s4"])
    for shape in shapes {
      let index = shape.ariaLabel.contains(": 0,") ? 0 : 1
      #expect(chart.hit(shape.bounds.midX, shape.bounds.midY) == "\(shape.dataSet)[\(index)]")
    }
    // The group closed up: neighbouring bars of one x are one barSpace apart, not a slot.
    let first = shapes.filter { $0.ariaLabel.contains(": 0,") }.map(\.bounds).sorted { $0.minX < $1.minX }
    #expect(first.count == 3)
    for (a, b) in zip(first, first.dropFirst()) { #expect(b.minX - a.maxX < 0.2 * a.width) }
  }

  @Test func roundedOffCornerOfABarIsNotTheBar() throws {
    let chart = try Chart(["kind": "bar", "dataSets": [["id": "a", "bar": ["cornerRadius": 30], "entries": [10, 6]]]])
    let bar = try #require(PaintedShapes.bars(in: chart.svg).first).bounds
    // 2 px in from the top-left corner lies outside the 30 px arc; 10 px in lies inside it.
    #expect(chart.hit(bar.minX + 2, bar.minY + 2) == "plotArea")
    #expect(chart.hit(bar.maxX - 2, bar.minY + 2) == "plotArea")
    #expect(chart.hit(bar.minX + 10, bar.minY + 10) == "a[0]")
    // The base is square.
    #expect(chart.hit(bar.minX + 1, bar.maxY - 1) == "a[0]")
  }

  @Test func aStackedBarNamesTheSegmentUnderThePoint() throws {
    // Entry 0 stacks 3, 4 and −2: segments 0…3, 3…7 and 0…−2; entry 1 is a stack of one segment.
    let c = try Chart(["kind": "bar", "dataSets": [["id": "s", "entries": ["stacks": [[3, 4, -2], [5]]]]]])
    for (segment, from, to, value) in [(0, 0.0, 3.0, 3.0), (1, 3, 7, 4), (2, 0, -2, -2)] {
      let p = try c.point(x: 0, y: (from + to) / 2)
      let t = try #require(HitTester.hitTest(c.model, c.layout, at: p))
      #expect(t.kind == .entry && t.dataSet == "s" && t.index == 0)
      #expect(t.stackIndex == segment, "segment \(segment)")
      #expect(t.value == value, "a segment's own value")
      #expect(t.y == 5, "y stays the entry's value (the stack's sum)")
    }
    let single = try #require(HitTester.hitTest(c.model, c.layout, at: try c.point(x: 1, y: 2)))
    #expect(single.index == 1 && single.stackIndex == 0 && single.value == 5)
    let bars = try Chart(["kind": "bar", "dataSets": [["id": "b", "entries": [3, 5]]]])
    let plain = try #require(HitTester.hitTest(bars.model, bars.layout, at: try bars.point(x: 1, y: 2)))
    #expect(plain.index == 1 && plain.stackIndex == nil && plain.value == nil, "a plain bar has no segment")
  }

  @Test func candleIsHitAnywhereOnItsBodyAndWicks() throws {
    let chart = try Chart(["kind": "candlestick", "dataSets": [["id": "k", "entries": [
      ["open": 10, "high": 12, "low": 9, "close": 11],
      ["open": 2, "high": 100, "low": 0, "close": 90],
      ["open": 10, "high": 13, "low": 8, "close": 12],
    ]]]])
    // Far from the close (the value a point hit measures to), but on the tall candle.
    let nearOpen = try chart.point(x: 1, y: 5), nearLow = try chart.point(x: 1.2, y: 1)
    #expect(chart.hit(nearOpen.x, nearOpen.y) == "k[1]")
    #expect(chart.hit(nearLow.x, nearLow.y) == "k[1]")
    // Beside the body, away from every close: nothing.
    let beside = try chart.point(x: 1.5, y: 50)
    #expect(chart.hit(beside.x, beside.y) == "plotArea")
  }

  @Test func bubbleIsHitAnywhereInsideAndOnlyWhenDrawn() throws {
    let chart = try Chart(["kind": "bubble", "dataSets": [["id": "b", "bubble": ["maxDiameter": 60], "entries": [
      "x": [0, 5, 10], "y": [10, 50, 90], "size": [1, 9, 0],
    ]]]])
    let big = try #require(Markup.elements("circle", in: chart.svg).first { $0["aria-label"]?.hasPrefix("b: 5,") == true })
    let cx = try #require(big["cx"].flatMap(Double.init)), cy = try #require(big["cy"].flatMap(Double.init))
    #expect(big["r"] == "30")
    #expect(chart.hit(cx + 27, cy) == "b[1]")
    #expect(chart.hit(cx + 33, cy) == "plotArea")
    // Size 0 draws nothing, so its point names nothing either.
    let empty = try chart.point(x: 10, y: 90)
    #expect(!chart.svg.contains("aria-label=\"b: 10,"))
    #expect(chart.hit(empty.x, empty.y) == "plotArea")
  }

  @Test func largeScatterSymbolsAreHitAnywhereInside() throws {
    for (shape, offset) in [("circle", Point(x: 0, y: 28)), ("square", Point(x: 28, y: 28))] {
      let chart = try Chart(["kind": "scatter", "dataSets": [["id": "s", "scatter": ["size": 60, "shape": .string(shape)],
                                                                  "entries": [[0, 0], [5, 5], [10, 10]]]]])
      let p = try chart.point(x: 5, y: 5)
      #expect(chart.hit(p.x + offset.x, p.y + offset.y) == "s[1]", "\(shape)")
      #expect(chart.hit(p.x + 33, p.y + 33) == "plotArea", "\(shape)")
    }
  }

  /// A symbol painted under the pointer wins over a symbol of a set drawn above that is near but
  /// not under it; a line's vertex drawn above, which paints nothing to point at, still wins near it.
  @Test func thePaintedSymbolUnderThePointWinsOverANearerSetsSymbolBesideIt() throws {
    let sets: [JSONValue] = [
      ["id": "big", "scatter": ["size": 30], "entries": [[5, 5]]],
      ["id": "small", "scatter": ["size": 6], "entries": [[5.1, 5]]],
    ]
    let scatter = try Chart(["kind": "scatter", "xAxis": ["min": 0, "max": 10], "leftAxis": ["min": 0, "max": 10], "dataSets": .array(sets)])
    let p = try scatter.point(x: 5, y: 5), q = try scatter.point(x: 5.1, y: 5)
    #expect(q.x - p.x > 4 && q.x - p.x < 12, "the small symbol is near the big one's centre, not over it")
    #expect(scatter.hit(p.x, p.y) == "big[0]")
    #expect(scatter.hit(q.x, q.y) == "small[0]")
    // Combined charts draw bubbles below lines: a vertex without circles near the pointer wins
    // over the bubble under it; a vertex that paints a circle beside the pointer does not.
    let bubble: JSONValue = ["id": "big", "kind": "bubble", "bubble": ["maxDiameter": 30], "entries": ["x": [5], "y": [5], "size": [1]]]
    let plain = try Chart(["kind": "combined", "xAxis": ["min": 0, "max": 10], "leftAxis": ["min": 0, "max": 10], "dataSets": [
      bubble, ["id": "plain", "kind": "line", "entries": [[5.1, 5], [9, 9]]],
    ]])
    #expect(plain.hit(p.x, p.y) == "plain[0]")
    let dotted = try Chart(["kind": "combined", "xAxis": ["min": 0, "max": 10], "leftAxis": ["min": 0, "max": 10], "dataSets": [
      bubble, ["id": "dots", "kind": "line", "line": ["showCircles": true, "circleRadius": 2], "entries": [[5.1, 5], [9, 9]]],
    ]])
    #expect(dotted.hit(p.x, p.y) == "big[0]")
  }

  @Test func linePointsDrawnAboveMarksWinNearThemAndMarksWinElsewhere() throws {
    // Combined charts draw bars, then bubbles, then lines: the line lies on top of both.
    let chart = try Chart(["kind": "combined", "leftAxis": ["min": 0, "max": 100], "dataSets": [
      ["id": "r", "kind": "bar", "entries": [[0, 80], [1, 80], [2, 80]]],
      ["id": "b", "kind": "bubble", "bubble": ["maxDiameter": 80], "entries": ["x": [2], "y": [20], "size": [1]]],
      ["id": "l", "kind": "line", "entries": [[0, 50], [1, 50], [2, 50]]],
    ]])
    let onLine = try chart.point(x: 1, y: 50), inBar = try chart.point(x: 1, y: 20)
    #expect(chart.hit(onLine.x + 3, onLine.y) == "l[1]")
    #expect(chart.hit(inBar.x, inBar.y) == "r[1]")
    let bubble = try chart.point(x: 2, y: 20)
    #expect(chart.hit(bubble.x + 30, bubble.y) == "b[0]")
    #expect(chart.hit(bubble.x + 45, bubble.y) == "r[2]")
  }
}
