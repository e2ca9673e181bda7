import Testing
@testable import ChartCore

/// Legend items: wrapping, alignment, placement, hit rectangles, automatic entries.
@Suite struct LegendLayoutTests {
  func manySets(_ n: Int, width: Double = 500) -> ChartSpec {
    var s = ChartSpec()
    s.width = width
    s.height = 300
    s.dataSets = (0..<n).map { (i: Int) -> DataSetSpec in
      let name: String = i % 3 == 0 ? "Data set with a long name \(i)" : "set \(i)"
      let v = Double(i)
      return SampleCharts.dataSet(name, x: [0, 1], y: [v, v + 1])
    }
    return s
  }

  func expectHitRectsApartAndOnCanvas(_ l: ChartLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    let items = l.legend?.items ?? []
    for (i, a) in items.enumerated() {
      let r = a.hitRect
      #expect(r.minX >= 0 && r.minY >= 0 && r.maxX <= l.canvas.width && r.maxY <= l.canvas.height, sourceLocation: sourceLocation)
      // The hit rect covers the form and the text start.
      #expect(r.contains(Point(x: a.formRect.midX, y: a.formRect.midY)), sourceLocation: sourceLocation)
      for b in items[(i + 1)...] { #expect(!r.intersects(b.hitRect), "\(a.label) / \(b.label)", sourceLocation: sourceLocation) }
    }
  }

  @Test func wrapsIntoRowsWithinMaxWidth() throws {
    let l = LayoutEngine.layout(ChartModel(spec: manySets(14)))
    let legend = try #require(l.legend)
    #expect(legend.items.count == 14)
    let rows = Set(legend.items.map(\.formRect.y))
    #expect(rows.count > 1)
    #expect(legend.bounds.width <= 0.95 * (500 - 20) + 0.01)
    expectHitRectsApartAndOnCanvas(l)
    // Outside at the bottom: the legend is below the x axis band.
    let xBand = try #require(l.x?.band)
    #expect(legend.bounds.minY >= xBand.maxY)
  }

  @Test func centeredRowsAndRightColumn() throws {
    var s = manySets(5)
    s.legend.horizontalAlignment = .center
    var l = LayoutEngine.layout(ChartModel(spec: s))
    var legend = try #require(l.legend)
    #expect(abs(legend.bounds.midX - l.plot.midX) < 1)
    expectHitRectsApartAndOnCanvas(l)

    s.legend.orientation = .vertical
    s.legend.horizontalAlignment = .right
    s.legend.verticalAlignment = .top
    l = LayoutEngine.layout(ChartModel(spec: s))
    legend = try #require(l.legend)
    #expect(Set(legend.items.map(\.formRect.x)).count == 1)
    #expect(legend.bounds.minX >= l.plot.maxX)
    #expect(legend.bounds.minY == l.plot.minY)
    expectHitRectsApartAndOnCanvas(l)
  }

  @Test func insideLegendTakesNoSpace() throws {
    var s = manySets(3)
    s.legend.enabled = false
    let bare = LayoutEngine.layout(ChartModel(spec: s))
    s.legend.enabled = true
    s.legend.inside = true
    s.legend.horizontalAlignment = .right
    s.legend.verticalAlignment = .top
    let l = LayoutEngine.layout(ChartModel(spec: s))
    #expect(l.plot == bare.plot)
    let legend = try #require(l.legend)
    #expect(legend.bounds.maxX <= l.plot.maxX && legend.bounds.minY >= l.plot.minY)
  }

  @Test func pieAndStackEntries() throws {
    let pie = try #require(LayoutEngine.layout(ChartModel(spec: SampleCharts.pie)).legend)
    #expect(pie.items.map(\.label) == ["Chrome", "Safari", "Firefox", "Other"])
    #expect(pie.items.map(\.entryIndex) == [0, 1, 2, 3])
    #expect(pie.items.allSatisfy { $0.dataSetID == nil })
    #expect(Set(pie.items.map(\.color)).count == 4)

    var s = SampleCharts.bars
    s.dataSets = [s.dataSets[0]]
    s.dataSets[0].stackLabels = ["online", "retail"]
    let stacked = try #require(LayoutEngine.layout(ChartModel(spec: s)).legend)
    #expect(stacked.items.map(\.label) == ["online", "retail"])
    #expect(Set(stacked.items.map { RegionPlan.legendKey($0) }).count == 2)
  }

  @Test func formNoneAndLine() throws {
    var s = manySets(2)
    s.legend.form = .none
    let none = try #require(LayoutEngine.layout(ChartModel(spec: s)).legend)
    #expect(none.items[0].textOrigin.x == none.items[0].formRect.x)
    s.legend.form = .line
    let line = try #require(LayoutEngine.layout(ChartModel(spec: s)).legend)
    #expect(line.items[0].formRect.width == 2 * line.items[0].formRect.height)
  }
}

/// Legends too large for their chart stay on the canvas.
@Suite struct LegendOverflowTests {
  @Test func tooManyItemsAreCutNotOverlapping() throws {
    var s = ChartSpec()
    s.width = 300
    s.height = 200
    s.dataSets = (0..<120).map { SampleCharts.dataSet("series number \($0)", x: [0], y: [Double($0)]) }
    let l = LayoutEngine.layout(ChartModel(spec: s))
    let legend = try #require(l.legend)
    #expect(legend.items.count < 120 && legend.items.count > 3)
    #expect(legend.bounds.height <= 100)
    #expect(l.plot.height >= 50)
    for item in legend.items { #expect(item.hitRect.maxY <= 200 && item.hitRect.maxX <= 300) }
  }

  @Test func itemsThatDoNotFitAreSummarisedAsMore() throws {
    var s = ChartSpec()
    s.width = 300
    s.height = 200
    s.dataSets = (0..<120).map { SampleCharts.dataSet("series number \($0)", x: [0], y: [Double($0)]) }
    let model = ChartModel(spec: s)
    let l = LayoutEngine.layout(model)
    let legend = try #require(l.legend)
    let more = try #require(legend.items.last)
    #expect(more.moreCount == 120 - (legend.items.count - 1))
    #expect(more.label == "+\(more.moreCount) more")
    #expect(legend.items.dropLast().allSatisfy { $0.moreCount == 0 && $0.dataSetID != nil })
    // At most a third of the canvas, and the summary item inside it.
    #expect(legend.bounds.height <= 200.0 / 3)
    #expect(more.hitRect.maxX <= 300 && more.hitRect.maxY <= 200)
    let svg = ChartRenderer.render(model, prefix: "c").svg
    #expect(svg.contains("id=\"c-legend-entry-more\""))
    #expect(svg.contains(">+\(more.moreCount) more</text>"))
    // It toggles nothing: a click on it names what it stands for (LegendMoreHitTests), not a legend item.
    let centre = Point(x: more.hitRect.midX, y: more.hitRect.midY)
    #expect(HitTester.hitTest(model, l, at: centre)?.kind == .legendMore)
  }

  @Test func aLongLabelShortensOnlyWhenItsItemIsWiderThanTheRow() throws {
    var s = ChartSpec()
    s.width = 400
    let fits = String(repeating: "long label ", count: 6) + "end"
    s.dataSets = [SampleCharts.dataSet(fits, x: [0], y: [1]),
                  SampleCharts.dataSet(String(repeating: "longer label ", count: 30) + "end", x: [0], y: [2])]
    let legend = try #require(LayoutEngine.layout(ChartModel(spec: s)).legend)
    #expect(legend.items.count == 2)
    #expect(legend.items[0].label == fits)
    #expect(legend.items[1].label.hasSuffix("…"))
    #expect(Set(legend.items.map(\.formRect.y)).count == 2, "each on its own row")
  }

  @Test func noWordWrapShortensLabels() throws {
    var s = ChartSpec()
    s.width = 300
    s.legend.wordWrap = false
    s.dataSets = (0..<6).map { SampleCharts.dataSet("a rather long series name \($0)", x: [0], y: [Double($0)]) }
    let legend = try #require(LayoutEngine.layout(ChartModel(spec: s)).legend)
    #expect(legend.items.count == 6)
    #expect(Set(legend.items.map(\.formRect.y)).count == 1)
    #expect(legend.items.allSatisfy { $0.label.hasSuffix("…") && $0.hitRect.maxX <= 300 })
  }

  /// The smallest canvases the spec allows: every hit rectangle still lies on the canvas, apart.
  @Test func hitRectsStayOnTheSmallestCanvases() {
    let legends = LegendLayoutTests()
    for (w, h) in [(16.0, 16.0), (300.0, 16.0), (16.0, 300.0), (40.0, 20.0)] {
      for orientation in [LegendOrientation.horizontal, .vertical] {
        for inside in [false, true] {
          var s = legends.manySets(3, width: w)
          s.height = h
          s.legend.orientation = orientation
          s.legend.inside = inside
          legends.expectHitRectsApartAndOnCanvas(LayoutEngine.layout(ChartModel(spec: s)))
        }
      }
    }
  }
}
