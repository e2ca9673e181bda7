import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Hiding a data set drawn through M4 keeps its aggregation aside, and showing it again folds in
/// what changed meanwhile instead of rescanning every entry. These tests hold that shortcut to the
/// full path: after every edit the document equals a render from scratch, and a toggle that left
/// the layout alone reuses the columns it had.
@Suite struct M4ToggleTests {
  static let steps = PropertySteps.count(default: 400)

  static func spec(entries n: Int) -> JSONValue {
    let ys = (0..<n).map { i in (sin(Double(i) / 7) * 30 + Double(i % 11)).rounded() }
    return ["kind": "line", "width": 420, "height": 220, "largeData": ["threshold": 50, "chunkSize": 64],
            "dataSets": [["id": "s", "entries": .numbers(ys)],
                         ["id": "ref", "entries": .array(stride(from: 0, to: n, by: 25).map { [.number(Double($0)), .number(ys[$0])] })]]]
  }

  static func visibility(_ id: String, _ visible: Bool) -> JSONValue {
    ["op": "setVisibility", "dataSet": .string(id), "visible": .bool(visible)]
  }

  @Test func hideAndShowReuseTheAggregation() throws {
    var doc = try M4AggregationTests.document(Self.spec(entries: 3_000))
    let before = try #require(doc.aggregations.aggregation(of: "s"))
    try M4AggregationTests.apply([Self.visibility("s", false)], to: &doc, "hide")
    #expect(doc.aggregations.aggregation(of: "s") == nil, "a hidden set is not drawn through M4")
    #expect(doc.order.filter { if case .series("s", _) = $0 { true } else { false } }.count == before.chunkCount,
            "a hidden M4 set keeps its chunk regions")
    try M4AggregationTests.apply([Self.visibility("s", true)], to: &doc, "show")
    let after = try #require(doc.aggregations.aggregation(of: "s"))
    // Same layout, same entries: the very columns come back, chunk revisions included.
    #expect(after.key == before.key)
    #expect((0..<after.chunkCount).allSatisfy { after.revision(ofChunk: $0) == before.revision(ofChunk: $0) })
  }

  @Test func hidingTheOnlySetKeepsItsAggregation() throws {
    // Nothing visible: the layout has no x domain from data, and the set's key changes or vanishes.
    var doc = try M4AggregationTests.document(["kind": "line", "width": 300, "height": 200, "largeData": ["threshold": 20],
                                               "dataSets": [["id": "s", "entries": .numbers((0..<500).map { Double($0 % 23) })]]])
    let before = try #require(doc.aggregations.aggregation(of: "s"))
    try M4AggregationTests.apply([Self.visibility("s", false)], to: &doc, "hide")
    try M4AggregationTests.apply([Self.visibility("s", true)], to: &doc, "show")
    let after = try #require(doc.aggregations.aggregation(of: "s"))
    #expect(after.key == before.key)
    #expect((0..<after.chunkCount).allSatisfy { after.revision(ofChunk: $0) == before.revision(ofChunk: $0) })
  }

  @Test func appendsWhileHiddenAreFoldedInOnShow() throws {
    var doc = try M4AggregationTests.document(["kind": "line", "width": 300, "height": 200, "viewport": ["xMin": 0, "xMax": 400],
                                               "largeData": ["threshold": 20],
                                               "dataSets": [["id": "s", "entries": .numbers((0..<100).map { Double($0 % 17) })]]])
    let before = try #require(doc.aggregations.aggregation(of: "s"))
    try M4AggregationTests.apply([Self.visibility("s", false)], to: &doc, "hide")
    for k in 0..<5 {
      try M4AggregationTests.apply([["op": "appendEntries", "dataSet": "s", "entries": [.number(Double(k * 3))]]], to: &doc, "append \(k)")
    }
    try M4AggregationTests.apply([Self.visibility("s", true)], to: &doc, "show")
    let after = try #require(doc.aggregations.aggregation(of: "s"))
    // The fixed viewport keeps the key: the appended entries were folded into the kept columns,
    // so the chunks left of them still carry their old revisions.
    #expect(after.key == before.key)
    #expect(after.revision(ofChunk: 0) == before.revision(ofChunk: 0))
  }

  /// Random edit sequences that hide a large line for a while, edit it and the chart (appends,
  /// sliding windows, replacements, zoom, resize, thresholds), then show it again.
  @Test func randomTogglesMatchAFreshRender() throws {
    var rng = SeededRandom(seed: 13_013)
    var shownAfterHiding = 0
    for round in 0..<3 {
      var doc = try M4AggregationTests.document(Self.spec(entries: 400 + Int(rng.next() % 800)))
      for step in 0..<(Self.steps / 3) {
        var batch: [JSONValue]
        switch rng.next() % 4 {
        case 0:
          let id = rng.uniform() < 0.8 ? "s" : "ref"
          let visible = !(doc.model.spec.dataSets.first { $0.id == id }?.visible ?? true)
          if visible && id == "s" { shownAfterHiding += 1 }
          batch = [Self.visibility(id, visible)]
        case 1:
          batch = [["op": "appendEntries", "dataSet": "s",
                    "entries": .numbers((0..<(1 + Int(rng.next() % 3))).map { _ in (rng.normal() * 20).rounded() })]]
        default:
          batch = RandomM4Edits.batch(&rng, doc.model)
        }
        if rng.uniform() < 0.2 { batch.append(Self.visibility("s", rng.uniform() < 0.5)) }
        let ok = try M4AggregationTests.apply(batch, to: &doc, "round \(round) step \(step): \(JSONWriter.string(.array(batch)))") != nil
        if !ok { return }
      }
    }
    #expect(shownAfterHiding > Self.steps / 20, "only \(shownAfterHiding) shows")
  }
}
