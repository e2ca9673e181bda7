import Foundation
import Testing
@testable import ChartCore

/// A category axis with far more categories than fit keeps a few evenly thinned labels (the time a
/// layout takes is measured by the benchmark, not asserted here).
@Suite struct CategoryThinningTests {
  @Test func largeCategoryAxisIsThinnedEvenly() throws {
    var s = ChartSpec()
    s.kind = .candlestick
    let n = 200_000
    var ds = DataSetSpec(id: "k")
    ds.entries = EntryColumns(x: (0..<n).map(Double.init), y: (0..<n).map { 100 + sin(Double($0) / 50) })
    s.dataSets = [ds]
    s.xAxis.common.formatter = .category(labels: (0..<n).map { "#\($0)" })
    let model = ChartModel(spec: s)
    let l = LayoutEngine.layout(model)
    let x = try #require(l.x)
    #expect(x.ticks.count > 2 && x.ticks.count < 40)
    // Every k-th category: equal steps between the labelled indices, each label its category's.
    let values = x.ticks.map(\.value)
    let steps = Set(zip(values, values.dropFirst()).map { $0.1 - $0.0 })
    #expect(steps.count == 1)
    for t in x.ticks { #expect(t.label == "#\(Int(t.value))") }
  }
}
