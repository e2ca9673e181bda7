import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// A negative pie value is never drawn as a positive slice: no slice, a warning at its entry, a dimmed legend item.
@Suite struct PieNegativeValueTests {
  static let text = """
    {"kind": "pie", "dataSets": [{"id": "p", "entries": [
      {"y": 30, "label": "Blue"}, {"y": -48, "label": "Red (neg)"}, {"y": 22, "label": "Green"}]}]}
    """

  @Test func negativeValueIsWarnedAtItsEntryPointer() throws {
    let log = DiagnosticLog()
    let json = try #require(PieFixtures.json(Self.text))
    _ = try #require(ChartSpec.parse(json, log: log))
    #expect(log.errors.isEmpty)
    #expect(log.warnings.map(\.path) == ["/dataSets/0/entries/1"])
    #expect(log.warnings.first?.message.contains("-48") == true)
  }

  @Test func manyNegativeValuesGiveTenWarningsAndOneSummary() {
    let log = DiagnosticLog()
    var ds = DataSetSpec(id: "p", label: "p")
    ds.entries = EntryColumns(x: (0..<25).map(Double.init), y: (0..<25).map { -Double($0) - 1 })
    _ = ds.check(in: .pie, at: JSONPointer.root / "dataSets" / 0, log: log)
    #expect(log.warnings.count == 11)
    #expect(log.warnings.last?.path == "/dataSets/0/entries")
    #expect(log.warnings.last?.message.hasPrefix("15 more") == true)
  }

  @Test func negativeValueDrawsNoSliceAndItsLegendItemIsDimmed() throws {
    let json = try #require(PieFixtures.json(Self.text))
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    let model = ChartModel(spec: spec)
    let slices = PieSlices.compute(model)
    #expect(slices.slices.map(\.index) == [0, 2])
    #expect(slices.total == 52)
    let items = try #require(LayoutEngine.layout(model).legend).items
    #expect(items.map(\.label) == ["Blue", "Red (neg)", "Green"])
    #expect(items.map(\.dimmed) == [false, true, false])
    let svg = PieFixtures.document(spec)
    let slicePaths = PieFixtures.elements("path", in: svg).filter { $0.contains("data-entry=\"1\"") }
    #expect(slicePaths.isEmpty, "no slice element for the negative entry")
  }
}
