import ChartdJSON
import Testing
@testable import ChartCore

extension ChartDocument {
  /// Plans and applies one batch of wire edits (which must be valid) and checks that the previous
  /// SVG plus the patch is the new SVG; returns the patch. Shared by the dirty-region tests.
  mutating func applyChecked(_ edits: JSONValue) throws -> ChartPatch {
    let log = DiagnosticLog()
    let batch = try #require(self.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
    let before = svg
    let patch = apply([batch])
    #expect(patch.apply(to: before) == svg)
    #expect(patch.regionsWithWrongJSON.isEmpty)
    return patch
  }
}
