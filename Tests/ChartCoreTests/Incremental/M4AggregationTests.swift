import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// M4 columns kept across updates must always draw what a fresh aggregation draws: after every
/// edit, the document's SVG equals a render from scratch and the patch turns the old SVG into it.
@Suite struct M4AggregationTests {
  static let steps = PropertySteps.count(default: 400)

  /// Applies one batch of wire edits and checks the two invariants; returns the patch.
  @discardableResult
  static func apply(_ edits: [JSONValue], to doc: inout ChartDocument, _ what: @autoclosure () -> String) throws -> ChartPatch? {
    let before = doc.svg
    let log = DiagnosticLog()
    let plan = try #require(doc.plan(.array(edits), at: JSONPointer(["edits"]), limits: SpecLimits(), log: log),
                            "\(what()): \(log.items)")
    let patch = doc.apply([plan])
    let fresh = ChartRenderer.render(doc.model, prefix: doc.prefix).svg
    #expect(doc.svg == fresh, "\(what()): differs from a render from scratch in \(EditPropertyTests.differingRegions(doc.svg, fresh))")
    #expect(patch.apply(to: before) == doc.svg, "\(what()): previous SVG + patch is not the new SVG")
    #expect(patch.regionsWithWrongJSON.isEmpty, "\(what()): JSON text of \(patch.regionsWithWrongJSON)")
    return doc.svg == fresh && patch.apply(to: before) == doc.svg ? patch : nil
  }

  static func document(_ json: JSONValue) throws -> ChartDocument {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: spec), prefix: "m", specJSON: json)
  }

  @Test func appendAfterAnEmptyTrailingChunkMatchesAFreshAggregation() throws {
    // The reproduction: 40 entries over threshold 10, then [12], [60] and [[42, 11]]. The
    // last append lands in a chunk followed by chunks without columns, which used to keep drawing
    // the old last entry.
    let ys = (0..<40).map { JSONValue.number(Double($0 * 7 % 23)) }
    var doc = try Self.document(["kind": "line", "largeData": ["threshold": 10], "dataSets": [["id": "a", "entries": .array(ys)]]])
    #expect(doc.svg.contains("data-mode=\"m4\""))
    for entries: JSONValue in [[12], [60], [[42, 11]]] {
      try Self.apply([["op": "appendEntries", "dataSet": "a", "entries": entries]], to: &doc, "append \(JSONWriter.string(entries))")
    }
  }

  @Test func appendRedrawsOnlyTheChunksItChanges() throws {
    // Appends inside a fixed x range: the chunk the entry lands in and the next chunk that draws
    // anything change; chunks without columns draw nothing and stay as they are.
    var doc = try Self.document(["kind": "line", "largeData": ["threshold": 10], "viewport": ["xMin": 0, "xMax": 100],
                                 "dataSets": [["id": "a", "entries": .numbers((0..<40).map { Double($0 % 9) })]]])
    for k in 0..<10 {
      let patch = try #require(try Self.apply([["op": "appendEntries", "dataSet": "a", "entries": [.number(Double(k % 5))]]],
                                              to: &doc, "append \(k)"))
      #expect(patch.fragments.count <= 2, "append \(k) re-sent \(patch.fragments.map(\.id))")
      #expect(patch.inserted.isEmpty && patch.removed.isEmpty)
    }
  }

  @Test func removalsAndUpdatesRedrawOnlyTheChunksTheyChange() throws {
    // A fixed x range (the viewport) keeps the layout: a sliding window, a removal in the middle or
    // at the end, and an update in place (of y, and of x within its neighbours) change the columns
    // of the entries they touch, and only those chunks (with the chunk after each, which starts at
    // the last entry before it) are drawn again.
    let n = 3_000
    var doc = try Self.document(["kind": "line", "largeData": ["threshold": 100], "viewport": ["xMin": 0, "xMax": 4_000],
                                 "dataSets": [["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)),
                                                                      "y": .numbers((0..<n).map { Double($0 * 37 % 101) })]]]])
    #expect(doc.svg.contains("data-mode=\"m4\""))
    let chunks = doc.order.filter { if case .series("a", _) = $0 { true } else { false } }.count
    #expect(chunks > 10)
    // Entries `start` and `start + 1` moved to x between their neighbours, with new y.
    func update(_ start: Int, _ ys: [Double]) -> JSONValue {
      let xs = doc.model.spec.dataSets[0].entries.x
      let lo = xs[start - 1], hi = xs[start + ys.count]
      let moved: [JSONValue] = ys.enumerated().map { k, y in ["x": .number(lo + (hi - lo) * Double(k + 1) / Double(ys.count + 1)), "y": .number(y)] }
      return ["op": "updateEntries", "dataSet": "a", "start": .number(Double(start)), "entries": .array(moved)]
    }
    let edits: [() -> JSONValue] = [
      { ["op": "appendEntries", "dataSet": "a", "maxEntries": .number(Double(n)), "entries": [["x": .number(Double(n)), "y": 7]]] },
      { ["op": "appendEntries", "dataSet": "a", "maxEntries": .number(Double(n - 3)), "entries": [["x": .number(Double(n + 1)), "y": 9]]] },
      { ["op": "removeEntries", "dataSet": "a", "start": 1_500, "count": 2] },
      { ["op": "removeEntries", "dataSet": "a", "start": 2_980, "count": 3] },
      { update(1_000, [99]) },
      { update(1_000, [1, 98]) },
      { update(20, [50]) },
      { ["op": "updateEntries", "dataSet": "a", "start": 2_000, "entries": [61, 62, 63]] },
    ]
    for make in edits {
      let edit = make()
      let patch = try #require(try Self.apply([edit], to: &doc, JSONWriter.string(edit)))
      let drawn = patch.rendered.compactMap { name -> Int? in if case .series("a", let c) = name { c } else { nil } }
      #expect(!drawn.isEmpty && drawn.count <= 5, "\(JSONWriter.string(edit)) drew chunks \(drawn) of \(chunks)")
      #expect(doc.svg.contains("data-mode=\"m4\""))
    }
  }

  @Test func randomEditsOnM4LinesMatchAFreshAggregation() throws {
    var rng = SeededRandom(seed: 4_004_004)
    var m4Steps = 0
    for round in 0..<4 {
      var doc = try Self.document(RandomM4Edits.spec(&rng))
      for step in 0..<(Self.steps / 4) {
        let batch = RandomM4Edits.batch(&rng, doc.model)
        let ok = try Self.apply(batch, to: &doc, "round \(round) step \(step): \(JSONWriter.string(.array(batch)))") != nil
        if doc.svg.contains("data-mode=\"m4\"") { m4Steps += 1 }
        if !ok { return }
      }
    }
    // The generator must keep M4 in play most of the time, or the test proves nothing.
    #expect(m4Steps > Self.steps / 2, "only \(m4Steps) steps drew through M4")
  }

  @Test func randomEditsOnDenseM4LinesMatchAFreshAggregation() throws {
    // Hundreds of entries to a device column: runs are read from block extremes, which every
    // zoom, resize and domain move takes over from the aggregation before it.
    var rng = SeededRandom(seed: 77_077)
    var m4Steps = 0
    let steps = max(8, Self.steps / 10)
    for round in 0..<2 {
      let n = 12_000 + Int(rng.next() % 8_000)
      let ys = (0..<n).map { i in (sin(Double(i) / 300) * 40 + rng.normal() * 6).rounded() }
      var doc = try Self.document([
        "kind": "line", "width": 200, "height": 160, "largeData": ["devicePixelRatio": .number(round == 0 ? 0.5 : 1)],
        "dataSets": [["id": "a", "entries": .numbers(ys)], ["id": "b", "entries": .numbers(ys.map { -$0 / 2 })]],
      ])
      for step in 0..<steps {
        let edit = RandomM4Edits.dense(&rng, doc.model)
        guard try Self.apply([edit], to: &doc, "round \(round) step \(step): \(JSONWriter.string(edit))") != nil else { return }
        if doc.svg.contains("data-mode=\"m4\"") { m4Steps += 1 }
      }
    }
    #expect(m4Steps > steps, "only \(m4Steps) steps drew through M4")
  }
}

/// Random edits for M4 lines: streaming appends (bare values and [x, y] pairs, sometimes out of
/// order or missing, sometimes through a sliding window), removals, updates, zoom and resize.
enum RandomM4Edits {
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    let n = 30 + Int(rng.next() % 60)
    let ys = (0..<n).map { i in (sin(Double(i) / 5) * 20 + rng.normal() * 4).rounded() }
    return [
      "kind": "line", "width": .number(Double(160 + rng.next() % 400)), "height": 200,
      "largeData": ["threshold": .number(Double(5 + rng.next() % 20)), "chunkSize": 16,
                    "devicePixelRatio": .number([0.5, 1, 2][Int(rng.next() % 3)])],
      "dataSets": [["id": "a", "entries": .numbers(ys)], ["id": "b", "axis": "right", "entries": .numbers(ys.map { -$0 })]],
    ]
  }

  /// One or two edits, both drawn from `model`: a second one only after an edit that cannot shrink
  /// a data set (an index chosen from the old count would otherwise be out of range).
  static func batch(_ rng: inout SeededRandom, _ model: ChartModel) -> [JSONValue] {
    let first = edit(&rng, model)
    let shrinks = first["op"] == "removeEntries" || first["op"] == "replaceEntries" || first["maxEntries"] != nil
    return rng.next() % 2 == 0 || shrinks ? [first] : [first, edit(&rng, model)]
  }

  /// An edit of a line of thousands of entries: appends of one entry or of hundreds (sometimes
  /// through a window that drops as many), removals and updates, zooms, pans, resizes, toggles.
  static func dense(_ rng: inout SeededRandom, _ model: ChartModel) -> JSONValue {
    let s = Int(rng.next() % 2)
    let id = JSONValue.string(model.spec.dataSets[s].id)
    let e = model.spec.dataSets[s].entries
    let lastX = e.x.last ?? 0
    switch rng.next() % 10 {
    case 0...2:
      let count = rng.next() % 2 == 0 ? 1 : 100 + Int(rng.next() % 800)
      var x = lastX
      let pairs: [JSONValue] = (0..<count).map { _ in
        x += 1
        return [.number(x), .number((rng.normal() * 30).rounded())]
      }
      var edit: [String: JSONValue] = ["op": "appendEntries", "dataSet": id, "entries": .array(pairs)]
      if rng.uniform() < 0.4 { edit["maxEntries"] = .number(Double(e.count)) }
      return .object(edit)
    case 3:
      let start = Int(rng.next() % UInt64(max(1, e.count - 10)))
      return ["op": "removeEntries", "dataSet": id, "start": .number(Double(start)), "count": .number(Double(1 + rng.next() % 9))]
    case 4:
      let start = Int(rng.next() % UInt64(max(1, e.count - 5)))
      return ["op": "updateEntries", "dataSet": id, "start": .number(Double(start)),
              "entries": .array((0..<5).map { _ in .number((rng.normal() * 60).rounded()) })]
    case 5, 6:
      return viewport(&rng, lastX: lastX, reset: 0.25, span: 500, more: 15_000)
    case 7:
      return resize(&rng, widths: 300, heights: 200)
    default:
      return ["op": "setVisibility", "dataSet": id, "visible": .bool(rng.uniform() < 0.7)]
    }
  }

  /// A zoom to `span` … `span + more` from a random x up to `lastX`, or (with probability `reset`)
  /// back to the data's own range.
  static func viewport(_ rng: inout SeededRandom, lastX: Double, reset: Double, span: Double, more: Double) -> JSONValue {
    if rng.uniform() < reset { return ["op": "setViewport", "xMin": .null, "xMax": .null] }
    let lo = (rng.uniform() * lastX).rounded()
    return ["op": "setViewport", "xMin": .number(lo), "xMax": .number(lo + span + (rng.uniform() * more).rounded())]
  }

  /// A canvas from 120 × 100 up to `widths` and `heights` more.
  static func resize(_ rng: inout SeededRandom, widths: UInt64, heights: UInt64) -> JSONValue {
    ["op": "resize", "width": .number(Double(120 + rng.next() % widths)), "height": .number(Double(100 + rng.next() % heights))]
  }

  static func edit(_ rng: inout SeededRandom, _ model: ChartModel) -> JSONValue {
    let s = Int(rng.next() % 2)
    let id = JSONValue.string(model.spec.dataSets[s].id)
    let e = model.spec.dataSets[s].entries
    let lastX = e.x.last ?? 0
    func y() -> JSONValue { rng.uniform() < 0.03 ? .null : .number((rng.normal() * 15).rounded()) }
    switch rng.next() % 16 {
    case 0...5:
      var edit: [String: JSONValue] = ["op": "appendEntries", "dataSet": id, "entries": .array((0..<(1 + Int(rng.next() % 4))).map { _ in y() })]
      if rng.uniform() < 0.3 { edit["maxEntries"] = .number(Double(20 + rng.next() % 60)) }
      return .object(edit)
    case 6, 7:
      // [x, y] pairs, now and then before the last x.
      var x = lastX
      let pairs: [JSONValue] = (0..<(1 + Int(rng.next() % 3))).map { _ in
        x += rng.uniform() < 0.1 ? -(1 + rng.uniform() * 5).rounded() : (0.5 + rng.uniform() * 2 * 4).rounded() / 4
        return [.number(x), y()]
      }
      var edit: [String: JSONValue] = ["op": "appendEntries", "dataSet": id, "entries": .array(pairs)]
      if rng.uniform() < 0.3 { edit["maxEntries"] = .number(Double(20 + rng.next() % 60)) }
      return .object(edit)
    case 8:
      guard e.count > 2 else { return ["op": "appendEntries", "dataSet": id, "entries": [1, 2, 3]] }
      let start = rng.uniform() < 0.5 ? 0 : Int(rng.next() % UInt64(e.count - 1))
      return ["op": "removeEntries", "dataSet": id, "start": .number(Double(start)), "count": .number(Double(1 + Int(rng.next() % UInt64(min(5, e.count - start)))))]
    case 9:
      guard !e.isEmpty else { return ["op": "appendEntries", "dataSet": id, "entries": [1]] }
      return ["op": "updateEntries", "dataSet": id, "start": .number(Double(rng.next() % UInt64(e.count))), "entries": [y()]]
    case 10:
      // A clean series again, so that gaps and disorder do not switch M4 off for good.
      let n = 20 + Int(rng.next() % 50)
      return ["op": "replaceEntries", "dataSet": id, "entries": .numbers((0..<n).map { Double($0 % 13) - 6 })]
    case 11, 12:
      return viewport(&rng, lastX: lastX, reset: 0.3, span: 5, more: 80)
    case 13:
      return resize(&rng, widths: 500, heights: 300)
    case 14:
      return ["op": "mergeSpec", "patch": ["largeData": ["threshold": .number(Double(5 + rng.next() % 30))]]]
    default:
      return ["op": "setVisibility", "dataSet": id, "visible": .bool(rng.uniform() < 0.8)]
    }
  }
}
