import ChartdJSON
import Testing
@testable import ChartCore

/// An x axis written by an `indexDate` formatter is an index axis: ticks on whole indices only,
/// each labelled with its trading day, nothing past the list.
@Suite struct IndexDateAxisTests {
  /// Ten trading days from Monday 2026-08-03 (no weekends).
  static let days: [String] = ["2026-08-03", "2026-08-04", "2026-08-05", "2026-08-06", "2026-08-07",
                               "2026-08-10", "2026-08-11", "2026-08-12", "2026-08-13", "2026-08-14"]

  func layout(_ kind: String, viewport: JSONValue = .null, scale: String = "linear", count: Int = 10) throws -> (ChartLayout, DiagnosticLog) {
    let spec: JSONValue = [
      "kind": .string(kind), "width": 900, "height": 300, "viewport": viewport,
      "xAxis": ["scale": .string(scale), "format": ["type": "indexDate", "dates": .array(Self.days.map(JSONValue.string)), "pattern": "MM/dd"]],
      "dataSets": [["id": "a", "entries": .numbers((0..<count).map { Double($0 % 4) + 1 })]],
    ]
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return (ChartDocument(model: ChartModel(spec: parsed), prefix: "x").layout, log)
  }

  @Test(arguments: ["line", "bar"])
  func ticksAreWholeIndicesLabelledWithTheirDay(kind: String) throws {
    let ticks = try #require(try layout(kind).0.x?.ticks)
    #expect(ticks.count >= 5)
    for t in ticks {
      #expect(t.value == t.value.rounded(), "tick at \(t.value)")
      let day = String(Self.days[Int(clamping: t.value, to: 0...9)].dropFirst(5)).replacingOccurrences(of: "-", with: "/")
      #expect(t.label == day, "tick \(t.value) reads '\(t.label)'")
    }
    // Friday 08/07 (index 4) and Monday 08/10 (index 5) are neighbours.
    if ticks.count == 10 { #expect(ticks[4].label == "08/07" && ticks[5].label == "08/10") }
  }

  @Test func aShortRangeGetsNoTicksBetweenIndices() throws {
    // Three entries on a wide plot: a numeric axis would tick every 0.5.
    let ticks = try #require(try layout("line", count: 3).0.x?.ticks)
    #expect(ticks.map(\.value) == [0, 1, 2])
    #expect(ticks.map(\.label) == ["08/03", "08/04", "08/05"])
  }

  @Test func indicesPastTheListShowNothing() throws {
    let ticks = try #require(try layout("line", viewport: ["xMin": 6, "xMax": 14]).0.x?.ticks)
    #expect(ticks.contains { $0.value > 9 })
    for t in ticks where t.value > 9 { #expect(t.label.isEmpty, "tick \(t.value) reads '\(t.label)'") }
    for t in ticks where t.value <= 9 { #expect(!t.label.isEmpty) }
  }

  @Test func aLogScaleIsIgnoredWithAWarning() throws {
    let (l, log) = try layout("line", scale: "log")
    #expect(log.items.map(\.path) == ["/xAxis/scale"])
    #expect(log.items.first?.message.contains("indexDate") == true)
    #expect(l.x?.ticks.allSatisfy { $0.value == $0.value.rounded() } == true)
  }
}
