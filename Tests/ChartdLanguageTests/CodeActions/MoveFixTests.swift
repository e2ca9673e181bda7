import ChartdLanguage
import Testing

/// A property written where another object has it: the warning names the place, and a quick fix
/// moves the member there.
@Suite struct MoveFixTests {
  /// The diagnostic on `key` and its fix, applied (nil: no fix), and whether the fix is preferred.
  func fix(_ text: String, _ key: String) throws -> (message: String, title: String?, fixed: String?, preferred: Bool) {
    let d = doc(text)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let found = try #require(diagnostics.first { $0.path.hasSuffix("/" + key) && $0.code == .unknownProperty }, "\(diagnostics.map(\.message))")
    let action = SpecCodeActions.actions(for: found.range, diagnostics: diagnostics).first
    return (found.message, action?.title, action.map { applying($0, to: d) }, action?.isPreferred ?? false)
  }

  /// Into the member's own object, or out to one holding it, the move is preferred (an editor may
  /// apply it unasked); into another branch of the spec it changes what the member is about, and
  /// is offered only.
  @Test func onlyMovesAlongTheMembersOwnBranchArePreferred() throws {
    #expect(try fix(#"{"dataSets": [{"id": "a", "showCircles": true, "entries": [1]}]}"#, "showCircles").preferred)
    #expect(try fix(#"{"leftAxis": {"limitLines": []}}"#, "limitLines").preferred)
    let across = try fix(#"{"leftAxis": {"labelRotation": 45}}"#, "labelRotation")
    #expect(across.message.hasSuffix("it belongs at /xAxis/labelRotation"))
    #expect(across.title == "Move 'labelRotation' to /xAxis" && !across.preferred)
  }

  @Test func aLineStyleOnTheDataSetMovesIntoANewLineObject() throws {
    let r = try fix(#"{"dataSets": [{"id": "a", "showCircles": true, "entries": [1, 2]}]}"#, "showCircles")
    #expect(r.message == "unknown property 'showCircles' is ignored here: it belongs at /dataSets/0/line/showCircles")
    #expect(r.title == "Move 'showCircles' to /dataSets/0/line")
    #expect(r.fixed == #"{"dataSets": [{"id": "a", "line": {"showCircles": true}, "entries": [1, 2]}]}"#)
    #expect(SpecAnalysis(Array((r.fixed ?? "").utf8)).diagnostics.isEmpty)
  }

  @Test func intoAnObjectThatIsThereAsTheFirstMember() throws {
    let r = try fix(#"{"dataSets": [{"id": "a", "line": {"width": 2}, "showCircles": true, "entries": [1]}]}"#, "showCircles")
    #expect(r.fixed == #"{"dataSets": [{"id": "a", "line": {"showCircles": true, "width": 2}, "entries": [1]}]}"#)
    let empty = try fix(#"{"dataSets": [{"id": "a", "line": {}, "showCircles": false, "entries": [1]}]}"#, "showCircles")
    #expect(empty.fixed == #"{"dataSets": [{"id": "a", "line": {"showCircles": false}, "entries": [1]}]}"#)
  }

  /// Up to the chart, in a formatted text: the member keeps its value as written and takes the
  /// indentation of the members it joins.
  @Test func outToTheChartKeepingTheLayout() throws {
    let text = """
      {
        "kind": "line",
        "leftAxis": {
          "limitLines": [{"value": 3, "label": "Target"}],
          "min": 0
        },
        "dataSets": [{"id": "a", "entries": [1, 2]}]
      }
      """
    let r = try fix(text, "limitLines")
    #expect(r.message.hasSuffix("it belongs at /limitLines"))
    #expect(r.title == "Move 'limitLines' to the chart")
    #expect(r.fixed == """
      {
        "limitLines": [{"value": 3, "label": "Target"}],
        "kind": "line",
        "leftAxis": {
          "min": 0
        },
        "dataSets": [{"id": "a", "entries": [1, 2]}]
      }
      """)
    #expect(SpecAnalysis(Array((r.fixed ?? "").utf8)).diagnostics.isEmpty)
    let bars = try fix(#"{"kind": "bar", "barWidth": 0.5, "dataSets": [{"id": "a", "entries": [1, 2]}]}"#, "barWidth")
    // In its own object, the member becomes the new one where it stands.
    #expect(bars.fixed == #"{"kind": "bar", "bars": {"barWidth": 0.5}, "dataSets": [{"id": "a", "entries": [1, 2]}]}"#)
  }

  /// In a CRLF text the moved member's line ends with `\r\n`, as the text's others do.
  @Test func theTextsOwnLineBreak() throws {
    let text = "{\r\n\t\"kind\": \"line\",\r\n\t\"dataSets\": [\r\n\t\t{\r\n\t\t\t\"id\": \"a\",\r\n\t\t\t\"showCircles\": true,\r\n"
      + "\t\t\t\"line\": {\r\n\t\t\t\t\"fill\": true\r\n\t\t\t},\r\n\t\t\t\"entries\": [1]\r\n\t\t}\r\n\t]\r\n}\r\n"
    let r = try fix(text, "showCircles")
    #expect(r.fixed == "{\r\n\t\"kind\": \"line\",\r\n\t\"dataSets\": [\r\n\t\t{\r\n\t\t\t\"id\": \"a\",\r\n"
      + "\t\t\t\"line\": {\r\n\t\t\t\t\"showCircles\": true,\r\n\t\t\t\t\"fill\": true\r\n\t\t\t},\r\n\t\t\t\"entries\": [1]\r\n\t\t}\r\n\t]\r\n}\r\n")
  }

  @Test func noFixWhereTheMoveIsNotOneOrTheHomeIsTaken() throws {
    // Two places: both named, neither chosen; no misspelling is guessed either.
    let two = try fix(#"{"dataSets": [{"id": "a", "barSpace": 0.2, "entries": [1]}]}"#, "barSpace")
    #expect(two.message.hasSuffix("it belongs at /dataSets/0/candle/barSpace or /bars/barSpace"))
    #expect(two.title == nil)
    let taken = try fix(#"{"bars": {"barWidth": 0.5}, "barWidth": 0.7}"#, "barWidth")
    #expect(taken.title == nil)
    // A `line` that is there but no object is not written over (nor given a second `line`).
    #expect(try fix(#"{"dataSets": [{"id": "a", "line": 5, "showCircles": true, "entries": [1]}]}"#, "showCircles").title == nil)
    // A data set the text does not have yet is not made up.
    let entries = try fix(#"{"kind": "line", "entries": [1, 2]}"#, "entries")
    #expect(entries.message.hasSuffix("it belongs at /dataSets/0/entries"))
    #expect(entries.title == nil)
  }

  /// A key given twice in the member's own object: moving the one that counts would leave the
  /// earlier one to be read in its place, warned about again (found by the black-box language
  /// server check, seed 76005). The duplicate's removal is the fix there; after it, the move.
  @Test func noMoveWhileItsOwnObjectGivesTheKeyTwice() throws {
    let text = #"{"kind": "bubble", "dataSets": [{"id": "c0", "limitLines": [{"value": 1}], "limitLines": [{"value": 2}], "entries": []}]}"#
    let twice = try fix(text, "limitLines")
    #expect(twice.message.hasSuffix("it belongs at /limitLines"))
    #expect(twice.title == nil)
    // Spelt differently, the same key: an escape does not hide the duplicate.
    let escaped = #"{"dataSets": [{"id": "c0", "limit\u004cines": [{"value": 1}], "limitLines": [{"value": 2}], "entries": []}]}"#
    #expect(try fix(escaped, "limitLines").title == nil)
    // The duplicate's own fix removes the earlier one; the move is then offered, and leaves no warning.
    let d = doc(text)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let duplicate = try #require(diagnostics.first { $0.code == .duplicateKey })
    let removal = try #require(SpecCodeActions.actions(for: duplicate.range, diagnostics: diagnostics).first)
    let once = applying(removal, to: d)
    let moved = try fix(once, "limitLines")
    #expect(moved.title == "Move 'limitLines' to the chart")
    let fixed = try #require(moved.fixed)
    #expect(!SpecAnalysis(Array(fixed.utf8)).diagnostics.contains { $0.message.contains("limitLines") })
  }
}
