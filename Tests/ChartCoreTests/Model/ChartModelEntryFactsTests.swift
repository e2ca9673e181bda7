import ChartdJSON
import Testing
@testable import ChartCore

/// A `mergeSpec` reads the merged spec with the document's data sets kept, and the checks of whole
/// data sets learn what they read of the entries from the model (`ChartModel.entryFacts`): that
/// must be what reading the entries gives, after any edits, and the warnings the same as a read
/// from scratch.
@Suite struct ChartModelEntryFactsTests {
  @Test func theModelsFactsAreTheEntriesOwnAfterRandomEdits() {
    var rng = SeededRandom(seed: 909)
    for round in 0..<120 {
      // x in order or not, repeated, with missing ones now and then.
      func xs(_ n: Int, from x0: Double) -> [Double] {
        (0..<n).map { k in rng.uniform() < 0.05 ? .nan : rng.uniform() < 0.1 ? (rng.normal() * 50).rounded() : x0 + Double(k) * [1, 0.5, 86_400][Int(rng.next() % 3)] }
      }
      let n = 5 + Int(rng.next() % 200)
      let x = xs(n, from: 0)
      var spec = ChartSpec()
      spec.kind = .bar
      var ds = DataSetSpec(id: "a")
      ds.entries = EntryColumns(x: x, y: x.map { _ in 1 })
      spec.dataSets = [ds]
      var model = ChartModel(spec: spec)
      for step in 0..<15 {
        let count = model.spec.dataSets[0].entries.count
        switch rng.next() % 4 {
        case 0:
          let more = xs(1 + Int(rng.next() % 5), from: (model.spec.dataSets[0].entries.x.last ?? 0) + 1)
          model.appendEntries(dataSet: 0, EntryColumns(x: more, y: more.map { _ in 2 }), maxEntries: rng.next() % 3 == 0 ? count : nil)
        case 1 where count > 3:
          let start = Int(rng.next() % UInt64(count - 2))
          model.removeEntries(dataSet: 0, start: start, count: 1 + Int(rng.next() % 2))
        case 2 where count > 0:
          let start = Int(rng.next() % UInt64(count))
          let moved = xs(1, from: (rng.normal() * 100).rounded())
          model.updateEntries(dataSet: 0, start: start, EntryColumns(x: moved, y: [3]))
        default:
          break
        }
        let ds = model.spec.dataSets[0], facts = model.entryFacts, read = EntryFacts.fromEntries
        // Asked twice: the second answer comes from the cache.
        for _ in 0..<2 {
          #expect(facts.smallestXGap(ds) == read.smallestXGap(ds), "round \(round) step \(step): x \(ds.entries.x)")
        }
        let (lo, hi) = facts.xExtremes(ds), (rlo, rhi) = read.xExtremes(ds)
        #expect(lo == rlo && hi == rhi, "round \(round) step \(step): x \(ds.entries.x)")
      }
    }
  }

  @Test func aMergeSpecWarnsAsAReadFromScratchDoes() throws {
    // Bars at Unix days on an index axis: a restyle keeps the warning, and so does one made after
    // appends; on a date axis, the days are the slot and nothing is said.
    let days: [JSONValue] = (0..<40).map { ["x": .number(1_700_000_000 + 86_400 * Double($0)), "y": .number(Double($0 % 7))] }
    let json: JSONValue = ["kind": "bar", "dataSets": [["id": "a", "entries": .array(days)]]]
    var doc = try M4AggregationTests.document(json)
    let edits: [JSONValue] = [["op": "mergeSpec", "patch": ["title": "Days"]],
                              ["op": "appendEntries", "dataSet": "a", "entries": [["x": 1_710_000_000, "y": 3]]],
                              ["op": "mergeSpec", "patch": ["title": "More days"]],
                              ["op": "mergeSpec", "patch": ["xAxis": ["format": "date"]]]]
    for (k, edit) in edits.enumerated() {
      let log = DiagnosticLog()
      let plan = try #require(doc.plan(.array([edit]), at: JSONPointer(["edits"]), limits: SpecLimits(), log: log))
      _ = doc.apply([plan])  // the patch is not what this test reads
      guard edit["op"] == "mergeSpec" else { continue }
      // The same merged spec read with the entries themselves.
      let scratch = DiagnosticLog()
      _ = ChartSpec.parse(doc.specJSON, log: scratch, keepingDataSets: doc.model.spec.dataSets)
      let said = log.items.filter { $0.severity == .warning }.map(\.message)
      #expect(said == scratch.items.filter { $0.severity == .warning }.map(\.message), "edit \(k)")
      #expect(said.count == (k == 3 ? 0 : 1), "edit \(k): \(said)")
    }
  }
}
