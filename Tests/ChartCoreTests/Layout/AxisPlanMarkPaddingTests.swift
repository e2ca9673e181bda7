import Foundation
import Testing
@testable import ChartCore

/// Bubble domains are padded so that the largest bubble stays inside the plot (as in iOS Charts).
@Suite struct AxisPlanMarkPaddingTests {
  func bubbles(x: [Double], y: [Double], size: [Double], maxDiameter: Double = 40, logY: Bool = false) -> ChartModel {
    var s = ChartSpec()
    s.kind = .bubble
    if logY { s.leftAxis.common.scale = .log }
    s.width = 480
    s.height = 320
    var ds = SampleCharts.dataSet("a", x: x, y: y)
    ds.entries.size = EntryColumn(size)
    ds.bubble.maxDiameter = maxDiameter
    s.dataSets = [ds]
    return ChartModel(spec: s)
  }

  @Test(arguments: [40.0, 80.0])
  func largestBubbleFitsInsideThePlot(_ maxDiameter: Double) throws {
    let model = bubbles(x: [1.2, 12, 35, 48], y: [5, 20, 42, 48], size: [30, 10, 20, 40], maxDiameter: maxDiameter)
    let layout = LayoutEngine.layout(model)
    let x = try #require(layout.x), y = try #require(layout.left)
    // 80 px is more than a quarter of the plot's height: the bubble is drawn that large instead.
    let r = min(maxDiameter, min(layout.plot.width, layout.plot.height) / 4) / 2
    #expect(maxDiameter == 40 ? r == 20 : r < 40)
    for (cx, cy) in zip([1.2, 12, 35, 48], [5.0, 20, 42, 48]) {
      let px = x.scale.map(cx), py = y.scale.map(cy)
      #expect(px - r >= layout.plot.minX - 0.5 && px + r <= layout.plot.maxX + 0.5, "x \(cx)")
      #expect(py - r >= layout.plot.minY - 0.5 && py + r <= layout.plot.maxY + 0.5, "y \(cy)")
    }
  }

  @Test func scatterDomainsAreNotPadded() throws {
    var s = ChartSpec()
    s.kind = .scatter
    s.dataSets = [SampleCharts.dataSet("a", x: [0, 50], y: [0, 50])]
    let x = try #require(LayoutEngine.layout(ChartModel(spec: s)).x)
    #expect(x.scale.domainMin == 0 && x.scale.domainMax == 50)
  }

  @Test func paddingSolvesForTheNicedLength() {
    var plan = AxisPlan(role: .x, side: .bottom, common: AxisCommon(), dataMin: 0, dataMax: 100)
    plan.markRadius = 20
    let padded = plan.paddedForMarks(length: 440)
    // p = 20 · 100 / 400 = 5: the data ends sit 20 px inside a 110-unit domain of 440 px.
    #expect(padded.dataMin == -5 && padded.dataMax == 105)
    #expect(plan.paddedForMarks(length: 60).dataMin == 0, "no padding when the plot is too small for it")
  }

  /// A single value (no span to widen by) and data at the largest double (where one end cannot
  /// move) still get room for the bubble on every side that can give it, linear or log: a bubble
  /// alone at 85 on a log axis of 10…100 poked 4 px out of the plot, and one at the largest
  /// negative double left the other end unwidened too.
  @Test(arguments: [false, true])
  func aSingleValueAndAnEndAtTheLargestDoubleStillMakeRoom(_ log: Bool) throws {
    for (xs, ys) in [([3.0], [85.0]), ([1.2, 48], [-Double.greatestFiniteMagnitude, 4.96e150]), ([7.0, 7], [0.002, 0.002])] {
      let model = bubbles(x: xs, y: ys, size: xs.map { _ in 5 }, logY: log)
      let layout = LayoutEngine.layout(model)
      let x = try #require(layout.x), y = try #require(layout.left)
      for (cx, cy) in zip(xs, ys) where y.scale.admits(cy) {
        let px = x.scale.map(cx), py = y.scale.map(cy)
        #expect(px - 20 >= layout.plot.minX - 0.5 && px + 20 <= layout.plot.maxX + 0.5, "log \(log): x \(cx) in \(xs)")
        // The bubble at the largest negative double sits on the bottom edge: nothing lies below it.
        if abs(cy) == .greatestFiniteMagnitude { continue }
        #expect(py - 20 >= layout.plot.minY - 0.5 && py + 20 <= layout.plot.maxY + 0.5, "log \(log): y \(cy) in \(ys)")
      }
    }
  }
}
