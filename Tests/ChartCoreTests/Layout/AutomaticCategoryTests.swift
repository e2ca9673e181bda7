import Foundation
import Testing
@testable import ChartCore

/// Entry labels name x categories only where x is an index: bars and lines at integer x, never
/// scatter or bubble measurements.
@Suite struct AutomaticCategoryTests {
  func spec(_ kind: ChartKind, x: [Double], labels: [String]) -> ChartSpec {
    var s = ChartSpec()
    s.kind = kind
    var ds = SampleCharts.dataSet("a", x: x, y: x.map { $0 + 1 })
    ds.entries.labels = EntryColumn(labels.map { Optional($0) })
    if kind == .bubble { ds.entries.size = EntryColumn(x.map { _ in 10 }) }
    s.dataSets = [ds]
    return s
  }

  @Test func bubbleLabelsKeepANumericXAxis() throws {
    let s = spec(.bubble, x: [1.2, 12, 35, 48], labels: ["IN", "ID", "JP", "KR"])
    #expect(AxisPlanner.automaticCategories(ChartModel(spec: s)) == nil)
    let x = try #require(LayoutEngine.layout(ChartModel(spec: s)).x)
    let labels = x.ticks.map(\.label).filter { !$0.isEmpty }
    #expect(labels.allSatisfy { Double($0) != nil }, "\(labels)")
    #expect(x.ticks.count <= 12, "no tick per integer")
  }

  @Test func scatterLabelsAtIntegerXKeepANumericXAxis() {
    let s = spec(.scatter, x: [0, 1, 2], labels: ["a", "b", "c"])
    #expect(AxisPlanner.automaticCategories(ChartModel(spec: s)) == nil)
  }

  @Test func lineLabelsAtFractionalXKeepANumericXAxis() {
    let s = spec(.line, x: [0, 1.5, 3], labels: ["a", "b", "c"])
    #expect(AxisPlanner.automaticCategories(ChartModel(spec: s)) == nil)
  }

  @Test(arguments: [ChartKind.bar, .line])
  func labelsAtIntegerXStillNameCategories(_ kind: ChartKind) throws {
    let s = spec(kind, x: [0, 1, 2], labels: ["Q1", "Q2", "Q3"])
    #expect(AxisPlanner.automaticCategories(ChartModel(spec: s)) == .category(labels: ["Q1", "Q2", "Q3"]))
    let x = try #require(LayoutEngine.layout(ChartModel(spec: s)).x)
    #expect(x.ticks.map(\.label).filter { !$0.isEmpty } == ["Q1", "Q2", "Q3"])
  }
}
