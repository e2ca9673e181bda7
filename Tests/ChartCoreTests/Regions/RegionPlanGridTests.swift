import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Where the grid goes: under the data, or over it when any axis drawn sets `gridInFront`,
/// the axis of a lower pane included.
@Suite struct RegionPlanGridTests {
  /// A K-line over a volume pane, the grid options of each axis given.
  static func spec(x: Bool = false, left: Bool = false, pane: Bool? = nil, panes: Int = 2) -> JSONValue {
    var paneList: [JSONValue] = [["weight": 3]]
    for _ in 1..<max(panes, 1) {
      var axis: [String: JSONValue] = ["labelCount": 3]
      if let pane { axis["gridInFront"] = .bool(pane) }
      paneList.append(["weight": 1, "axis": .object(axis)])
    }
    return ["kind": "combined", "width": 500, "height": 320,
            "xAxis": ["gridInFront": .bool(x)], "leftAxis": ["gridInFront": .bool(left)],
            "panes": .array(paneList),
            "dataSets": [["id": "price", "kind": "line", "entries": [3, 5, 4, 6, 8, 7]],
                         ["id": "volume", "kind": "bar", "pane": .number(Double(max(panes, 1) - 1)), "entries": [10, 30, 20, 50, 40, 60]]]]
  }

  /// Whether the grid region comes after every series region (over the data).
  static func gridInFront(_ json: JSONValue) throws -> Bool {
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    let layout = LayoutEngine.layout(model)
    let names = RegionPlan.regions(model, layout, Aggregations.compute(model, layout))
    let grid = try #require(names.firstIndex(of: .grid))
    let series = names.indices.filter { if case .series = names[$0] { true } else { false } }
    #expect(!series.isEmpty)
    #expect(series.allSatisfy { $0 < grid } || series.allSatisfy { $0 > grid }, "the grid is not between series")
    return series.allSatisfy { $0 < grid }
  }

  @Test func eachAxisDrawnPutsTheGridOverTheData() throws {
    #expect(try !Self.gridInFront(Self.spec()))
    #expect(try Self.gridInFront(Self.spec(x: true)))
    #expect(try Self.gridInFront(Self.spec(left: true)))
    #expect(try Self.gridInFront(Self.spec(pane: true)), "a lower pane's axis asks for the grid in front")
    #expect(try !Self.gridInFront(Self.spec(pane: false)))
  }

  @Test func aPaneNotDrawnDoesNotCount() throws {
    // One pane listed: the chart draws one plot, and pane 0's axis is ignored (with a warning).
    #expect(try !Self.gridInFront(Self.spec(pane: true, panes: 1)))
    // Horizontal bars draw one pane whatever `panes` says (with a warning): its axes do not count.
    let sideways = Self.spec(pane: true).mergePatched(with: [
      "kind": "bar", "bars": ["horizontal": true],
      "dataSets": [["id": "a", "entries": [3, 5, 4]], ["id": "b", "entries": [2, 6, 1]]]])
    #expect(try !Self.gridInFront(sideways))
    #expect(try Self.gridInFront(sideways.mergePatched(with: ["xAxis": ["gridInFront": true]])))
    // A pie draws one pane whatever `panes` says.
    let pie = Self.spec(pane: true).mergePatched(with: ["kind": "pie", "dataSets": [["id": "s", "entries": [1, 2, 3]]]])
    let log = DiagnosticLog()
    let model = ChartModel(spec: try #require(ChartSpec.parse(pie, log: log)))
    let layout = LayoutEngine.layout(model)
    #expect(!RegionPlan.regions(model, layout, Aggregations.compute(model, layout)).contains(.grid))
  }

  @Test func turningThePaneOptionMovesTheGridInPlace() throws {
    let json = Self.spec()
    var doc = ChartDocument(model: ChartModel(spec: try #require(ChartSpec.parse(json, log: DiagnosticLog()))),
                            prefix: "g", specJSON: json)
    for front in [true, false, true] {
      let before = doc.svg
      let log = DiagnosticLog()
      let edit: JSONValue = ["op": "setSpec", "spec": Self.spec(pane: front)]
      let plan = try #require(doc.plan([edit], at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
      let patch = doc.apply([plan])
      let fresh = ChartRenderer.render(doc.model, prefix: "g").svg
      #expect(doc.svg == fresh, "front \(front): \(EditPropertyTests.differingRegions(doc.svg, fresh))")
      #expect(patch.apply(to: before) == doc.svg, "front \(front): previous SVG + patch")
      let grid = try #require(doc.order.firstIndex(of: .grid))
      let lastSeries = try #require(doc.order.lastIndex { if case .series = $0 { true } else { false } })
      #expect((grid > lastSeries) == front)
    }
  }
}
