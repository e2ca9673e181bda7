import ChartdLanguage
import Testing

@Suite struct SpecCodeActionsTests {
  @Test func renameAnUnknownProperty() {
    let d = doc(#"{"legend": {"formSise": 10}}"#)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let actions = SpecCodeActions.actions(for: diagnostics[0].range, diagnostics: diagnostics)
    #expect(actions.map(\.title) == ["Rename 'formSise' to 'formSize'"])
    #expect(applying(actions[0], to: d) == #"{"legend": {"formSize": 10}}"#)
  }

  /// A misspelt key given twice: renaming the one that counts would leave the earlier one read in
  /// its place, misspelt as before. The suggestion stays in the message; the fix is the duplicate's
  /// removal, and after it the rename.
  @Test func noRenameWhileTheObjectGivesTheKeyTwice() throws {
    let d = doc(#"{"legend": {"formSise": 8, "formSise": 10}}"#)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let unknown = try #require(diagnostics.first { $0.code == .unknownProperty })
    #expect(unknown.message.contains("did you mean 'formSize'"))
    #expect(SpecCodeActions.actions(for: unknown.range, diagnostics: diagnostics).isEmpty)
    let duplicate = try #require(diagnostics.first { $0.code == .duplicateKey })
    let removal = try #require(SpecCodeActions.actions(for: duplicate.range, diagnostics: diagnostics).first)
    let once = doc(applying(removal, to: d))
    let after = SpecAnalysis(once.bytes).languageDiagnostics(in: once, encoding: .utf16)
    let rename = try #require(SpecCodeActions.actions(for: after[0].range, diagnostics: after).first)
    #expect(applying(rename, to: once) == #"{"legend": {"formSize": 10}}"#)
  }

  @Test func areaBecomesAFilledLine() {
    let d = doc(#"{"kind": "area", "dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "line": {"width": 2}, "entries": [3]}]}"#)
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let action = try! #require(SpecCodeActions.actions(for: diagnostics[0].range, diagnostics: diagnostics).first)
    let fixed = applying(action, to: d)
    #expect(fixed == #"{"kind": "line", "dataSets": [{"line": {"fill": true}, "id": "a", "entries": [1, 2]}, {"id": "b", "line": {"fill": true, "width": 2}, "entries": [3]}]}"#)
    #expect(SpecAnalysis(Array(fixed.utf8)).diagnostics.isEmpty)
  }

  @Test func onlyDiagnosticsInTheRange() {
    let d = doc("{\"kind\": \"lin\",\n\"theme\": \"drak\"}")
    let diagnostics = SpecAnalysis(d.bytes).languageDiagnostics(in: d, encoding: .utf16)
    let line1 = TextRange(start: TextPosition(line: 1, character: 11), end: TextPosition(line: 1, character: 11))
    #expect(SpecCodeActions.actions(for: line1, diagnostics: diagnostics).map(\.title) == ["Use 'dark'"])
  }
}
