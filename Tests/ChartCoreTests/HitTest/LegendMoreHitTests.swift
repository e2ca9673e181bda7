import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The legend's "+N more" item: a hit on it stops there and names the items it stands for, every
/// entry the legend leaves out is counted, and its element says how many it stands for.
@Suite struct LegendMoreHitTests {
  /// A line chart of `count` one-point data sets "s0", "s1", … on a canvas of `width` × `height`.
  static func chart(_ count: Int, width: Double = 300, height: Double = 200, inside: Bool = false,
                    hidden: Set<Int> = []) -> ChartModel {
    var s = ChartSpec()
    s.width = width
    s.height = height
    s.legend.inside = inside
    s.dataSets = (0..<count).map { k in
      var ds = SampleCharts.dataSet("s\(k)", x: [0, 10], y: [Double(k), Double(k + 1)])
      ds.label = "series number \(k)"
      ds.visible = !hidden.contains(k)
      return ds
    }
    return ChartModel(spec: s)
  }

  static func more(_ layout: ChartLayout) throws -> (item: LegendItemLayout, shown: Int) {
    let items = try #require(layout.legend?.items)
    let more = try #require(items.last)
    try #require(more.moreCount > 0, "the legend summarises some items")
    return (more, items.count - 1)
  }

  static func hit(_ model: ChartModel, _ layout: ChartLayout, _ r: Rect) throws -> HitTarget {
    try #require(HitTester.hitTest(model, layout, at: Point(x: r.midX, y: r.midY)))
  }

  @Test func aHitOnMoreNamesTheItemsLeftOutInLegendOrder() throws {
    let model = Self.chart(120, hidden: [100, 119])
    let layout = LayoutEngine.layout(model)
    let (more, shown) = try Self.more(layout)
    let t = try Self.hit(model, layout, more.hitRect)
    #expect(t.kind == .legendMore)
    #expect(t.count == 120 - shown)
    let items = try #require(t.items)
    #expect(items.map(\.dataSet) == (shown..<120).map { "s\($0)" })
    #expect(items.map(\.label) == (shown..<120).map { "series number \($0)" })
    #expect(items.allSatisfy { $0.index == nil })
    #expect(items.filter(\.hidden).map(\.dataSet) == ["s100", "s119"])
    // Every corner of its hit rectangle, not only the middle.
    let r = more.hitRect
    for p in [Point(x: r.minX + 0.5, y: r.minY + 0.5), Point(x: r.maxX - 0.5, y: r.maxY - 0.5)] {
      #expect(HitTester.hitTest(model, layout, at: p)?.kind == .legendMore)
    }
  }

  @Test func insideThePlotMoreCoversWhatLiesBeneath() throws {
    let model = Self.chart(60, width: 400, height: 300, inside: true)
    let layout = LayoutEngine.layout(model)
    let (more, shown) = try Self.more(layout)
    #expect(layout.plot.contains(Point(x: more.hitRect.midX, y: more.hitRect.midY)), "the item lies over the plot")
    let t = try Self.hit(model, layout, more.hitRect)
    #expect(t.kind == .legendMore && t.count == 60 - shown)
  }

  @Test func entriesBeyondTheLegendsItemLimitAreCountedAndTheFirstOnesListed() throws {
    // 500 data sets: the legend measures the first 200 entries at most; "+N more" counts all 500.
    let model = Self.chart(500, width: 4_000, height: 3_000)
    let layout = LayoutEngine.layout(model)
    let (more, shown) = try Self.more(layout)
    #expect(more.moreCount == 500 - shown)
    #expect(more.label == "+\(500 - shown) more")
    let t = try Self.hit(model, layout, more.hitRect)
    #expect(t.count == 500 - shown)
    #expect(t.items?.count == min(500 - shown, HitTester.maxListed))
    #expect(t.items?.first?.dataSet == "s\(shown)")
    #expect(t.items?.last?.dataSet == "s\(shown + min(500 - shown, HitTester.maxListed) - 1)")
  }

  @Test func everyEntryFitsWhenThereIsRoomAndNoMoreItemIsMade() throws {
    let model = Self.chart(12, width: 1_600, height: 900)
    let items = try #require(LayoutEngine.layout(model).legend?.items)
    #expect(items.count == 12 && items.allSatisfy { $0.moreCount == 0 })
  }

  @Test func aPiesMoreItemNamesItsSlices() throws {
    let y = (0..<80).map { JSONValue.number(Double($0 % 7 + 1)) }
    let json: JSONValue = ["kind": "pie", "width": 320, "height": 240,
                           "dataSets": [["id": "p", "hiddenEntries": [79], "entries": ["y": .array(y)]]]]
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let layout = LayoutEngine.layout(model)
    let (more, shown) = try Self.more(layout)
    let t = try Self.hit(model, layout, more.hitRect)
    #expect(t.kind == .legendMore && t.count == 80 - shown)
    let items = try #require(t.items)
    #expect(items.allSatisfy { $0.dataSet == "p" })
    #expect(items.map(\.index) == (shown..<80).map { $0 })
    #expect(items.map(\.label) == (shown..<80).map { "Item \($0 + 1)" })
    #expect(items.filter(\.hidden).map(\.index) == [79])
  }

  @Test func theMoreElementSaysHowManyItStandsFor() throws {
    let model = Self.chart(120)
    let (more, _) = try Self.more(LayoutEngine.layout(model))
    let svg = ChartRenderer.render(model, prefix: "c").svg
    #expect(svg.contains("id=\"c-legend-entry-more\" data-role=\"legend-item\" data-more=\"\(more.moreCount)\""))
  }

  @Test func stackLabelItemsNameNoDataSet() throws {
    // A stacked bar's stack labels are its legend items; they toggle nothing.
    let labels = (0..<60).map { JSONValue.string("segment \($0)") }
    let stacks: JSONValue = .array((0..<3).map { _ in .array((0..<60).map { _ in 1 }) })
    let json: JSONValue = ["kind": "bar", "width": 300, "height": 200,
                           "dataSets": [["id": "s", "stackLabels": .array(labels), "entries": ["stacks": stacks]]]]
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let layout = LayoutEngine.layout(model)
    let (more, shown) = try Self.more(layout)
    let t = try Self.hit(model, layout, more.hitRect)
    let items = try #require(t.items)
    #expect(t.count == 60 - shown && items.count == 60 - shown)
    #expect(items.allSatisfy { $0.dataSet == nil })
    #expect(items.map(\.index) == (shown..<60).map { $0 })
    #expect(items.first?.label == "segment \(shown)")
  }
}
