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
    // it asks for nothing new; the x axis's data range moved inside the domain drawn (0…10) and
    // offers the same candidates, so its choice is reused too.
    let before = memos.x.entries.count
    _ = LayoutEngine.layout(ChartModel(spec: spec(points: 11)), memos: &memos)
    #expect(memos.right.entries.map(\.start) == right)
    #expect(memos.x.entries.count == before)
    // Data past the domain drawn: the x axis chooses again.
    _ = LayoutEngine.layout(ChartModel(spec: spec(points: 40)), memos: &memos)
    #expect(memos.x.entries.count > before || memos.x.entries.count == AxisBuilder.ChoiceMemo.capacity)
    #expect(memos.x.entries.count <= AxisBuilder.ChoiceMemo.capacity)
  }

  @Test func alternatingStatesReuseBothChoicesAndAxes() {
    // A legend toggle back and forth: two plans that share no candidates, each found in the memo
    // again (not only the newest entry for the span).
    // The left axis's span is the plot's height in both.
    var memos = AxisMemos()
    let a = ChartModel(spec: spec(points: 10)), b = ChartModel(spec: spec(points: 10, lastY: 40))
    _ = LayoutEngine.layout(a, memos: &memos)
    _ = LayoutEngine.layout(b, memos: &memos)
    // Nothing new is chosen, so nothing is added (the memo would drop its oldest entry for it).
    let entries = memos.left.entries.map(\.plan), built = memos.left.built.map(\.plan)
    for model in [a, b, a] {
      #expect(LayoutEngine.layout(model, memos: &memos) == LayoutEngine.layout(model))
    }
    #expect(memos.left.entries.map(\.plan) == entries)
    // Nor is any axis built again: each comes whole from the memo.
    #expect(memos.left.built.map(\.plan) == built)
  }

  @Test func aChoiceKeptForAnotherDataRangeGivesTheFreshLayout() {
    // Random walks of the data ranges of both axes, mostly small moves (inside the domain, or just
    // past it), at random sizes and label counts, horizontal bars too: every layout made with the
    // memos of the ones before equals a layout made from nothing.
    var rng = SplitMix(seed: 0x5eed_0a11)
    for round in 0..<60 {
      var memos = AxisMemos()
      var lo = (rng.next() * 50).rounded() - 25, hi = lo + 1 + (rng.next() * 100).rounded()
      let width = [300.0, 520, 800, 1_200][Int(rng.next() * 4)]
      let height = [160.0, 240, 400][Int(rng.next() * 3)]
      let labels: Int? = rng.next() < 0.3 ? 2 + Int(rng.next() * 10) : nil
      let horizontal = rng.next() < 0.2
      for step in 0..<25 {
        switch Int(rng.next() * 4) {
        case 0: hi += (rng.next() * 100).rounded() / 50
        case 1: lo -= (rng.next() * 100).rounded() / 50
        case 2: hi -= (rng.next() * 100).rounded() / 100 * (hi - lo) / 4
        default: break
        }
        var s = ChartSpec()
        s.width = width
        s.height = height
        if horizontal { s.kind = .bar; s.bars.horizontal = true }
        if let labels { s.leftAxis.common.labelCount = labels; s.xAxis.common.labelCount = labels }
        var a = DataSetSpec(id: "a")
        let n = 3 + step
        a.entries = EntryColumns(x: (0..<n).map { lo + (hi - lo) * Double($0) / Double(n - 1) },
                                 y: (0..<n).map { $0 == 0 ? lo : $0 == n - 1 ? hi : (lo + hi) / 2 })
        s.dataSets = [a]
        let model = ChartModel(spec: s)
        #expect(LayoutEngine.layout(model, memos: &memos) == LayoutEngine.layout(model), "round \(round), step \(step)")
      }
    }
  }

  @Test func aDomainThatIsNotANumberIsNeverLikeAnother() throws {
    // Data at the ends of the double range can make a nice domain that is not a number: the
    // comparison then says no (a full layout follows) rather than trapping on a range.
    let plan = try #require(AxisPlanner.plans(ChartModel(spec: spec(points: 10))).left)
    var moved = plan
    moved.dataMax = (moved.dataMax ?? 0) - 0.5
    var memo = TickCandidateMemo()
    #expect(!moved.ticksLike(plan, domain: (.nan, 10), read: .all, memo: &memo))
    #expect(!moved.ticksLike(plan, domain: (0, .nan), read: .all, memo: &memo))
    #expect(!moved.ticksLike(plan, domain: (.nan, .nan), read: .all, memo: &memo))
    #expect(moved.ticksLike(plan, domain: (0, 10), read: .all, memo: &memo) == moved.ticksLike(plan, domain: (10, 0), read: .all, memo: &memo))
  }
}
