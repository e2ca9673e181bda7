import Testing
@testable import ChartCore

/// Grouped bars as iOS Charts' groupBars, pixel sizing, hidden sets closing up or keeping their slot.
@Suite struct BarGeometryTests {
  @Test func groupedBarsFillOneUnit() throws {
    let spec = SampleCharts.bars
    let bars = try #require(LayoutEngine.layout(ChartModel(spec: spec)).bars)
    let n = 3.0
    #expect(abs(n * (bars.barWidth + spec.bars.barSpace) + spec.bars.groupSpace - 1) < 1e-5)
    let offsets = ["2022", "2023", "2024"].compactMap { bars.offsets[$0] }
    #expect(offsets.count == 3)
    #expect(abs(offsets[0] + offsets[2]) < 1e-9 && offsets[1] == 0)
    #expect(abs(offsets[1] - offsets[0] - (bars.barWidth + spec.bars.barSpace)) < 1e-5)
  }

  @Test func hiddenSetKeepsItsSlotWhenAsked() {
    var spec = SampleCharts.bars
    spec.bars.keepHiddenSlots = true
    let before = LayoutEngine.layout(ChartModel(spec: spec)).bars
    spec.dataSets[1].visible = false
    #expect(LayoutEngine.layout(ChartModel(spec: spec)).bars == before)
  }

  @Test func groupClosesUpAroundAHiddenSet() throws {
    var spec = SampleCharts.bars
    spec.dataSets[1].visible = false
    let bars = try #require(LayoutEngine.layout(ChartModel(spec: spec)).bars)
    // Two slots left: wider bars, symmetric around the entry's x, the hidden set has none.
    #expect(abs(2 * (bars.barWidth + spec.bars.barSpace) + spec.bars.groupSpace - 1) < 1e-5)
    let a = try #require(bars.offsets["2022"]), c = try #require(bars.offsets["2024"])
    #expect(abs(a + c) < 1e-9 && a < 0)
    #expect(abs(c - a - (bars.barWidth + spec.bars.barSpace)) < 1e-5)
    #expect(bars.offsets["2023"] == nil)
    // Every set hidden: nothing is drawn, and the slots stay as they were.
    for i in spec.dataSets.indices { spec.dataSets[i].visible = false }
    var shown = spec
    for i in shown.dataSets.indices { shown.dataSets[i].visible = true }
    #expect(LayoutEngine.layout(ChartModel(spec: spec)).bars == LayoutEngine.layout(ChartModel(spec: shown)).bars)
  }

  @Test func singleSetUsesBarWidth() throws {
    var spec = SampleCharts.bars
    spec.dataSets = [spec.dataSets[0]]
    let bars = try #require(LayoutEngine.layout(ChartModel(spec: spec)).bars)
    #expect(bars.barWidth == 0.85 && bars.offsets == ["2022": 0])
    #expect(LayoutEngine.layout(ChartModel(spec: SampleCharts.line)).bars == nil)
  }

  @Test func pixelSizing() throws {
    var spec = SampleCharts.bars
    spec.dataSets = [spec.dataSets[0]]
    spec.bars.maxBarWidthPx = 32
    var l = LayoutEngine.layout(ChartModel(spec: spec))
    var px = try #require(l.bars).barWidth * (l.x?.scale.pixelsPerUnit ?? 0)
    #expect(abs(px - 32) < 0.01)
    spec.bars.maxBarWidthPx = nil
    spec.bars.minGapPx = 40
    l = LayoutEngine.layout(ChartModel(spec: spec))
    let u = l.x?.scale.pixelsPerUnit ?? 0
    px = try #require(l.bars).barWidth * u
    #expect(abs(u - px - 40) < 0.01)
  }
}
