import Testing
@testable import ChartCore

/// Tick choices kept from one layout to the next never change a layout, and are reused when an
/// axis's plan and span stay the same.
@Suite struct AxisMemoTests {
  func spec(points: Int, width: Double = 800, lastY: Double = 5) -> ChartSpec {
    var s = ChartSpec()
    s.width = width
    var a = DataSetSpec(id: "a")
    a.entries = EntryColumns(x: (0..<points).map(Double.init), y: (0..<points).map { $0 == points - 1 ? lastY : Double($0 % 7) })
    var b = DataSetSpec(id: "b")
    b.entries = EntryColumns(x: [0, 1, 2], y: [100, 200, 150])
    b.axis = .right
    s.dataSets = [a, b]
    return s
  }

  @Test func memoizedLayoutsEqualFreshOnes() {
    // Appends inside and outside the domain, a resize back and forth, a new maximum: every layout
    // made with the memos of the previous ones equals a layout made from nothing.
    let steps = [spec(points: 10), spec(points: 11), spec(points: 12, lastY: 40), spec(points: 12, width: 500),
                 spec(points: 12, width: 800), spec(points: 200), spec(points: 200, lastY: -3), spec(points: 10)]
    var memos = AxisMemos()
    for (i, s) in steps.enumerated() {
      let model = ChartModel(spec: s)
      #expect(LayoutEngine.layout(model, memos: &memos) == LayoutEngine.layout(model), "step \(i)")
    }
  }

  @Test func unchangedAxisReusesItsChoice() throws {
    var memos = AxisMemos()
    _ = LayoutEngine.layout(ChartModel(spec: spec(points: 10)), memos: &memos)
    let right = memos.right.entries.map(\.start)
    // One more point on the left axis's data set: the right axis's plan and span are unchanged, so
    // it asks for nothing new; the x axis's data range moved, so it chooses again.
    let before = memos.x.entries.count
    _ = LayoutEngine.layout(ChartModel(spec: spec(points: 11)), memos: &memos)
    #expect(memos.right.entries.map(\.start) == right)
    #expect(memos.x.entries.count > before || memos.x.entries.count == AxisBuilder.ChoiceMemo.capacity)
    #expect(memos.x.entries.count <= AxisBuilder.ChoiceMemo.capacity)
  }
}
