import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// `Aggregations.update` brings the aggregations of an unchanged set of lines up to date where they
/// stand, and hands anything else to the full path: either way they must be what a computation from
/// scratch makes of the same model and layout.
@Suite struct M4InPlaceUpdateTests {
  /// The columns, entries folded in and chunk counts of every data set's aggregation.
  static func shape(_ a: Aggregations) -> [String: [String]] {
    var out: [String: [String]] = [:]
    for (id, m4) in a.byDataSet {
      out[id] = ["\(m4.builtCount)", "\(m4.chunkCount)", "\(m4.columns.map { [$0.first, $0.last, $0.low, $0.high] })"]
    }
    for (id, n) in a.hiddenChunkCounts { out["hidden " + id] = ["\(n)"] }
    return out
  }

  @Test func keptAggregationsEqualFreshOnesAfterEveryEdit() throws {
    var rng = SeededRandom(seed: 70_707)
    var doc = try M4AggregationTests.document(M4ToggleTests.spec(entries: 900))
    for step in 0..<80 {
      var batch: [JSONValue]
      switch rng.next() % 5 {
      case 0: batch = [M4ToggleTests.visibility(rng.uniform() < 0.7 ? "s" : "ref", rng.uniform() < 0.6)]
      case 1: batch = RandomM4Edits.batch(&rng, doc.model)
      default:
        batch = [["op": "appendEntries", "dataSet": "s",
                  "entries": .numbers((0..<(1 + Int(rng.next() % 3))).map { _ in (rng.normal() * 20).rounded() })]]
      }
      guard try M4AggregationTests.apply(batch, to: &doc, "step \(step): \(JSONWriter.string(.array(batch)))") != nil else { return }
      let fresh = Aggregations.compute(doc.model, doc.layout)
      #expect(Self.shape(doc.aggregations) == Self.shape(fresh), "step \(step): \(JSONWriter.string(.array(batch)))")
      for m4 in doc.aggregations.byDataSet.values {
        #expect(m4.lastFilledSlot == (m4.columns.lastIndex { $0.first >= 0 } ?? -1), "step \(step)")
      }
    }
  }

  @Test func touchedChunksAreListedAsASortedSetListsThem() {
    var rng = SeededRandom(seed: 5_150)
    for _ in 0..<500 {
      let chunks = (0..<Int(rng.next() % 6)).map { _ in Int(rng.next() % 5) }
      #expect(M4Aggregation.ascendingOnce(chunks) == Set(chunks).sorted(), "\(chunks)")
    }
  }
}
