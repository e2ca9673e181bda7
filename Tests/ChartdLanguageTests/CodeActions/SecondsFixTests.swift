import ChartCore
import ChartdJSON
import ChartdLanguage
import Testing

/// Times in milliseconds under a `date` x axis (JavaScript's `Date.now()`): the quick fix writes
/// every x of the data set in seconds, and the warning goes.
@Suite struct SecondsFixTests {
  /// The fix of the date-units warning of `text`, applied, and the fixed text's warnings about times.
  func fix(_ text: String) throws -> (title: String?, fixed: String?, after: [String]) {
    let d = doc(text)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let found = try #require(diagnostics.first { $0.message.contains("are Unix seconds") }, "\(diagnostics.map(\.message))")
    guard let action = SpecCodeActions.actions(for: found.range, diagnostics: diagnostics).first else { return (nil, nil, []) }
    let fixed = applying(action, to: d)
    // What the fixed text still says about times.
    return (action.title, fixed, SpecAnalysis(Array(fixed.utf8)).diagnostics.map(\.message).filter { $0.contains("Unix seconds") })
  }

  @Test func everyFormOfEntriesIsWrittenInSeconds() throws {
    let columns = try fix(#"{"xAxis": {"format": "date"}, "dataSets": [{"id": "a", "entries": {"x": [1780272000000, 1780272000500], "y": [1, 2]}}]}"#)
    #expect(columns.title == "Write x as seconds (milliseconds divided by 1000)")
    #expect(columns.fixed == #"{"xAxis": {"format": "date"}, "dataSets": [{"id": "a", "entries": {"x": [1780272000, 1780272000.5], "y": [1, 2]}}]}"#)
    #expect(columns.after.isEmpty, "\(columns.after)")
    let rows = try fix(#"{"kind": "candlestick", "xAxis": {"format": "date"}, "dataSets": [{"id": "k", "entries": [{"x": 1.7802720e12, "open": 1, "close": 2}, {"open": 2, "close": 1, "x": 1780358400000}]}]}"#)
    #expect(rows.fixed == #"{"kind": "candlestick", "xAxis": {"format": "date"}, "dataSets": [{"id": "k", "entries": [{"x": 1780272000, "open": 1, "close": 2}, {"open": 2, "close": 1, "x": 1780358400}]}]}"#)
    #expect(rows.after.isEmpty, "\(rows.after)")
    let pairs = try fix(#"{"xAxis": {"format": "date"}, "dataSets": [{"id": "a", "entries": [[1780272000000000, 4], [1780272060000000, 5]]}]}"#)
    #expect(pairs.title == "Write x as seconds (microseconds divided by 1000000)")
    #expect(pairs.fixed == #"{"xAxis": {"format": "date"}, "dataSets": [{"id": "a", "entries": [[1780272000, 4], [1780272060, 5]]}]}"#)
  }

  @Test func noFixWhereTheFactorIsUnknown() throws {
    // Far beyond any era in any unit: the warning asks for seconds without a factor to divide by.
    #expect(try fix(#"{"xAxis": {"format": "date"}, "dataSets": [{"id": "a", "entries": [[1e30, 1], [2e30, 2]]}]}"#).title == nil)
  }
}
