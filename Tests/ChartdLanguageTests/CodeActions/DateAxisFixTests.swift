import ChartdLanguage
import Testing

/// Bars or candles at Unix times on an index axis are slivers (the reader's `entries` warning); the
/// quick fix gives the chart a date x axis, on which they stand in slots of their own spacing.
@Suite struct DateAxisFixTests {
  /// The fix of the entries warning of `text`, applied (nil: no fix), and the fixed text's diagnostics.
  func fix(_ text: String) throws -> (title: String?, fixed: String?, after: [String], preferred: Bool) {
    let d = doc(text)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let found = try #require(diagnostics.first { $0.code == .entries && $0.message.contains("or more apart") }, "\(diagnostics.map(\.message))")
    guard let action = SpecCodeActions.actions(for: found.range, diagnostics: diagnostics).first else { return (nil, nil, [], false) }
    let fixed = applying(action, to: d)
    return (action.title, fixed, SpecAnalysis(Array(fixed.utf8)).diagnostics.map(\.message), action.isPreferred)
  }

  static let days = #"[{"x": 1780272000, "open": 1, "high": 3, "low": 0, "close": 2}, {"x": 1780358400, "open": 2, "high": 3, "low": 1, "close": 1.5}]"#

  @Test func anAxisIsMadeOrGivenItsFormat() throws {
    let made = try fix(#"{"kind": "candlestick", "dataSets": [{"id": "k", "entries": \#(Self.days)}]}"#)
    #expect(made.title == "Draw x as Unix times on a date axis")
    #expect(!made.preferred, "indices with an indexDate format are the other way out")
    #expect(made.fixed == #"{"xAxis": {"format": "date"}, "kind": "candlestick", "dataSets": [{"id": "k", "entries": \#(Self.days)}]}"#)
    #expect(made.after.isEmpty, "\(made.after)")
    let given = try fix("""
      {
        "kind": "bar",
        "xAxis": {
          "drawGrid": false
        },
        "dataSets": [{"id": "b", "entries": {"x": [1780272000, 1780876800], "y": [3, 4]}}]
      }
      """)
    #expect(given.fixed == """
      {
        "kind": "bar",
        "xAxis": {
          "format": "date",
          "drawGrid": false
        },
        "dataSets": [{"id": "b", "entries": {"x": [1780272000, 1780876800], "y": [3, 4]}}]
      }
      """)
    #expect(given.after.isEmpty, "\(given.after)")
  }

  /// In a CRLF text the new member's line ends with `\r\n`, as the text's others do.
  @Test func theTextsOwnLineBreak() throws {
    let lines = ["{", #"  "kind": "bar","#, #"  "dataSets": [{"id": "a", "entries": [[1700000000, 1], [1700086400, 2]]}]"#, "}", ""]
    let made = try fix(lines.joined(separator: "\r\n"))
    #expect(made.fixed == (lines.prefix(1) + [#"  "xAxis": {"format": "date"},"#] + lines.dropFirst()).joined(separator: "\r\n"))
    // A text whose lines end with a lone CR (LSP's third line break) keeps it too.
    let cr = try fix(lines.joined(separator: "\r"))
    #expect(cr.fixed == (lines.prefix(1) + [#"  "xAxis": {"format": "date"},"#] + lines.dropFirst()).joined(separator: "\r"))
  }

  @Test func noFixForXThatAreNotUnixSecondsOrAnAxisWithAFormat() throws {
    // Far apart, but not times in seconds (milliseconds, or plain measures).
    #expect(try fix(#"{"kind": "bar", "dataSets": [{"id": "b", "entries": [[1780272000000, 1], [1780358400000, 2]]}]}"#).title == nil)
    #expect(try fix(#"{"kind": "bar", "dataSets": [{"id": "b", "entries": [[0, 1], [50, 2]]}]}"#).title == nil)
    // A format the author chose stays.
    let category = #"{"kind": "bar", "xAxis": {"format": "number"}, "dataSets": [{"id": "b", "entries": [[1780272000, 1], [1780358400, 2]]}]}"#
    #expect(try fix(category).title == nil)
  }
}
