import ChartdJSON
import Testing
@testable import ChartCore

extension ChartDocument {
  /// The document of `spec` (which must read without errors), its ids prefixed `d`.
  static func reading(_ spec: JSONValue) throws -> ChartDocument {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: spec)
  }

  /// The markup of region `id` of `svg`, from its `<g>` to the first `</g>` (a legend item's).
  static func region(_ svg: String, _ id: String) -> String {
    guard let start = svg.range(of: "<g id=\"\(id)\"") else { return "" }
    let rest = svg[start.lowerBound...]
    return String(rest[..<(rest.range(of: "</g>")?.upperBound ?? rest.endIndex)])
  }

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

  /// `applyChecked`, and the SVG and layout after it checked against a fresh document's of the
  /// same model (what a render from scratch gives).
  @discardableResult
  mutating func applyCheckedAgainstFresh(_ edits: JSONValue) throws -> ChartPatch {
    let patch = try applyChecked(edits)
    let fresh = ChartDocument(model: model, prefix: "d")
    #expect(fresh.svg == svg)
    #expect(fresh.layout == layout)
    return patch
  }
}
