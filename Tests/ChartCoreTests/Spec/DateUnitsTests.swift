import ChartdJSON
import Testing
@testable import ChartCore

/// The warning about x values under a `date` format that cannot be Unix seconds.
@Suite struct DateUnitsTests {
  func warnings(x: [Double], format: JSONValue = "date", kind: String = "line") -> [Diagnostic] {
    let log = DiagnosticLog()
    let spec = ChartSpec.parse(["kind": .string(kind), "xAxis": ["format": format],
                                "dataSets": [["id": "a", "entries": ["x": .array(x.map { .number($0) }), "y": .array(x.map { _ in 1 })]]]],
                               log: log)
    #expect(spec != nil, "errors: \(log.errors)")
    return log.items.filter { $0.severity == .warning }
  }

  @Test func millisecondsAreNamed() throws {
    let found = warnings(x: [1_700_000_000_000, 1_700_000_060_000])
    let w = try #require(found.first)
    #expect(found.count == 1 && w.path == "/dataSets/0/entries")
    #expect(w.message.contains("1700000060000 is in the year 55840"))
    #expect(w.message.hasSuffix("milliseconds? Give seconds (divide by 1,000)"))
  }

  @Test func microAndNanosecondsAreNamed() {
    #expect(warnings(x: [1.7e15]).first?.message.contains("microseconds?") == true)
    #expect(warnings(x: [-1.7e18, 0]).first?.message.contains("nanoseconds?") == true)
    #expect(warnings(x: [1e300]).first?.message.hasSuffix("give seconds since 1970-01-01") == true)
  }

  @Test func secondsOfAnyPlausibleDateAreNot() {
    #expect(warnings(x: [0, 1_700_000_000, 99_999_999_999, -99_999_999_999]).isEmpty)
    // Another format, or a chart without an x axis, says nothing about seconds.
    #expect(warnings(x: [1.7e12], format: "number").isEmpty)
    #expect(warnings(x: [1.7e12], kind: "pie").filter { $0.message.contains("Unix seconds") }.isEmpty)
    #expect(warnings(x: []).isEmpty)
  }
}
