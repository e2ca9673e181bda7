import Testing
@testable import ChartCore

/// Grouped bars as iOS Charts' groupBars, pixel sizing, hidden sets keeping their slot.
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

  @Test func hiddenSetKeepsItsSlot() {
    var spec = SampleCharts.bars
    let before = LayoutEngine.layout(ChartModel(spec: spec)).bars
    spec.dataSets[1].visible = false
    #expect(LayoutEngine.layout(ChartModel(spec: spec)).bars == before)
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
