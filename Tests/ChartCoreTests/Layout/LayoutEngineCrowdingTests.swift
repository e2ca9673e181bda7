import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// On a canvas too small for every frame text, the title and legend that have no room are left out,
/// and the texts that would still overlap or leave the canvas give way by rank
/// (`LayoutEngine.leaveOutCrowdedTexts`, axes.md "Fitting texts").
@Suite struct LayoutEngineCrowdingTests {
  static func model(_ json: JSONValue) throws -> ChartModel {
    ChartModel(spec: try #require(ChartSpec.parse(json, log: DiagnosticLog())))
  }

  static func chart(width: Double, height: Double, fontSize: Double = 11, legend: JSONValue? = nil) -> JSONValue {
    var spec: [String: JSONValue] = [
      "kind": "line", "width": .number(width), "height": .number(height), "fontSize": .number(fontSize),
      "title": "Quarterly revenue",
      "dataSets": [["id": "a", "label": "Revenue", "entries": [3, 5, 4, 8]],
                   ["id": "b", "label": "Costs", "entries": [2, 3, 3, 4]]],
    ]
    if let legend { spec["legend"] = legend }
    return .object(spec)
  }

  @Test func aTitleTallerThanItsShareOfTheHeightIsLeftOutAndThePlotTakesItsRoom() throws {
    // 60 px high, 40 inside the padding: a 23 px title line would take more than 40 % of it.
    let small = try Self.model(Self.chart(width: 200, height: 60, fontSize: 16))
    let layout = LayoutEngine.layout(small)
    #expect(layout.title == nil)
    #expect(layout.plot.minY < 20, "the plot starts under the padding, not under a title band: \(layout.plot)")
    // The same chart with room keeps its title.
    #expect(LayoutEngine.layout(try Self.model(Self.chart(width: 200, height: 200, fontSize: 16))).title != nil)
  }

  @Test func aLegendWithoutRoomForOneRowIsLeftOutAndThePlotTakesItsBand() throws {
    let legend: JSONValue = ["verticalAlignment": "bottom", "horizontalAlignment": "center"]
    let small = LayoutEngine.layout(try Self.model(Self.chart(width: 300, height: 40, legend: legend)))
    #expect(small.legend == nil)
    #expect(small.plot.maxY > 20, "the plot reaches down into the band a legend would take: \(small.plot)")
    #expect(LayoutEngine.layout(try Self.model(Self.chart(width: 300, height: 200, legend: legend))).legend != nil)
  }

  /// A dashboard tile: after the title and the legend, the x band's share of the height is too thin
  /// for a line of labels. The band keeps its tick marks only, and the plot takes the rest of it
  /// (it kept a line's height with nothing in it, and the plot came out 12 px tall).
  @Test func anXAxisWithoutRoomForALineOfLabelsKeepsOnlyItsTickMarks() throws {
    func tile(height: Double) throws -> ChartModel {
      try Self.model([
        "kind": "bar", "width": 200, "height": .number(height), "title": "Quarterly revenue by region",
        "xAxis": ["format": ["type": "category", "labels": ["Q1", "Q2", "Q3", "Q4"]]],
        "dataSets": [["id": "n", "label": "North", "entries": [3, 5, 4, 6]],
                     ["id": "s", "label": "South", "entries": [2, 4, 5, 3]]],
      ])
    }
    let model = try tile(height: 100)
    let small = LayoutEngine.layout(model)
    let x = try #require(small.x)
    #expect(x.ticks.allSatisfy { $0.label.isEmpty })
    #expect(x.band.height == x.style.tickLength, "\(x.band)")
    #expect(small.plot.height >= 20, "\(small.plot)")
    // Both value labels fit beside the taller plot (one of them gave way to the other before).
    #expect(small.left?.ticks.filter { !$0.label.isEmpty }.count == 2)
    #expect(small.title != nil && small.legend?.items.count == 2)
    #expect(TextFitPropertyTests.violations(model, small) == [])
    // With room for them, the same chart draws its categories.
    let roomy = try #require(LayoutEngine.layout(try tile(height: 160)).x)
    #expect(roomy.ticks.map(\.label) == ["Q1", "Q2", "Q3", "Q4"])
    #expect(roomy.band.height > roomy.style.tickLength + 10)
  }

  /// A layout that fits, then one text moved onto another: the lower-ranked gives way.
  @Test func aTextOverAnotherGivesWayByRank() throws {
    let model = try Self.model(Self.chart(width: 400, height: 240))
    let fitted = LayoutEngine.layout(model)
    #expect(TextFitPropertyTests.violations(model, fitted) == [])
    let x = try #require(fitted.x)
    let labelled = x.ticks.indices.filter { !x.ticks[$0].label.isEmpty }
    // The label nearest the middle: a title centred on it stays on the canvas.
    let middle = try #require(labelled.min { abs(x.ticks[$0].position - fitted.canvas.width / 2) < abs(x.ticks[$1].position - fitted.canvas.width / 2) })
    let middleText = try #require(AxisTexts.all(x, plot: fitted.frame).first { $0.kind == .tick && $0.index == middle })

    // The title drawn over that x label: the label is left out, the title and the others stay.
    var crowded = fitted
    crowded.title?.origin = Point(x: middleText.text.box.bounds.midX, y: middleText.text.y)
    LayoutEngine.leaveOutCrowdedTexts(&crowded, model)
    #expect(crowded.title != nil)
    #expect(crowded.x?.ticks[middle].label == "")
    #expect(crowded.x?.ticks.filter { !$0.label.isEmpty }.count == labelled.count - 1)
    #expect(TextFitPropertyTests.violations(model, crowded) == [])

    // The legend over it: the legend stays whole, the label goes.
    var underLegend = fitted
    let legend = try #require(underLegend.legend)
    let dx = middleText.text.box.bounds.minX - legend.items[0].textOrigin.x
    let dy = middleText.text.y - legend.items[0].textOrigin.y
    underLegend.legend?.items = legend.items.map { var item = $0; item.textOrigin.x += dx; item.textOrigin.y += dy; return item }
    LayoutEngine.leaveOutCrowdedTexts(&underLegend, model)
    #expect(underLegend.legend?.items.count == legend.items.count)
    #expect(underLegend.x?.ticks[middle].label == "")

    // A title pushed past the canvas's edge is left out.
    var outside = fitted
    outside.title?.origin.x = fitted.canvas.width + 50
    LayoutEngine.leaveOutCrowdedTexts(&outside, model)
    #expect(outside.title == nil)
    #expect(outside.x == fitted.x && outside.legend == fitted.legend)
  }

  @Test func aLegendLabelThatCannotStayTakesTheWholeLegend() throws {
    let model = try Self.model(Self.chart(width: 400, height: 240))
    var layout = LayoutEngine.layout(model)
    let title = try #require(layout.title)
    // The second legend item's label moved onto the title.
    layout.legend?.items[1].textOrigin = title.origin
    LayoutEngine.leaveOutCrowdedTexts(&layout, model)
    #expect(layout.legend == nil)
    #expect(layout.title == title)
  }

  @Test func aFittedChartIsNotTouched() throws {
    let model = try Self.model(Self.chart(width: 640, height: 360))
    var memos = AxisMemos()
    let layout = LayoutEngine.layout(model, memos: &memos)
    var again = layout
    LayoutEngine.leaveOutCrowdedTexts(&again, model)
    #expect(again == layout)
    #expect(layout.title != nil && layout.legend?.items.count == 2)
  }
}
