import Foundation
import Testing
@testable import ChartCore

/// Layout cost stays small next to the data scans the model does anyway.
@Suite struct LayoutCostTests {
  @Test func largeCategoryAxisIsCheap() throws {
    var s = ChartSpec()
    s.kind = .candlestick
    let n = 200_000
    var ds = DataSetSpec(id: "k")
    ds.entries = EntryColumns(x: (0..<n).map(Double.init), y: (0..<n).map { 100 + sin(Double($0) / 50) })
    s.dataSets = [ds]
    s.xAxis.common.formatter = .category(labels: (0..<n).map { "#\($0)" })
    let model = ChartModel(spec: s)
    let start = Date()
    let l = LayoutEngine.layout(model)
    let elapsed = Date().timeIntervalSince(start)
    let x = try #require(l.x)
    #expect(x.ticks.count > 2 && x.ticks.count < 40)
    // Debug build on a shared machine: generous, but catches per-category work (seconds).
    #expect(elapsed < 3.0, "layout took \(elapsed) s")
  }
}
