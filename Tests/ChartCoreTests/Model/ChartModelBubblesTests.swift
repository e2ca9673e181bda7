import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The largest bubble size (the one drawn at the full diameter) is kept per data revision and
/// caught up after appends; every reader (chunks, highlights, hit tests, value labels) scales by it.
@Suite struct ChartModelBubblesTests {
  /// A bubble entry: sizes now and then missing, zero or negative (none of those is drawn).
  static func bubble(_ x: Double, _ rng: inout SeededRandom) -> JSONValue {
    let size: JSONValue = switch rng.next() % 8 {
    case 0: .null
    case 1: .number(0)
    case 2: .number(-(rng.uniform() * 90).rounded())
    default: .number((rng.uniform() * 40).rounded() + 1)
    }
    return ["x": .number(x), "y": .number((rng.normal() * 10).rounded()), "size": size]
  }

  @Test func theLargestSizeKeptAcrossEditsIsTheLargestReadFromScratch() throws {
    var rng = SeededRandom(seed: 1_212)
    for round in 0..<20 {
      var x = 0.0
      let entries: [JSONValue] = (0..<30).map { _ in x += 1; return Self.bubble(x, &rng) }
      var doc = try M4AggregationTests.document(["kind": "bubble", "dataSets": [["id": "b", "entries": .array(entries)]]])
      for step in 0..<40 {
        let count = doc.model.spec.dataSets[0].entries.count
        let edit: JSONValue
        switch rng.next() % 5 {
        case 0, 1:
          x += 1
          edit = ["op": "appendEntries", "dataSet": "b", "entries": [Self.bubble(x, &rng)],
                  "maxEntries": rng.next() % 3 == 0 ? .number(Double(max(5, count - 2))) : .null]
        case 2 where count > 5:
          edit = ["op": "removeEntries", "dataSet": "b", "start": .number(Double(rng.next() % UInt64(count))), "count": 1]
        case 3 where count > 0:
          let k = Int(rng.next() % UInt64(count))
          edit = ["op": "updateEntries", "dataSet": "b", "start": .number(Double(k)),
                  "entries": [Self.bubble(doc.model.spec.dataSets[0].entries.x[k], &rng)]]
        default:
          edit = ["op": "setHighlight", "highlights": [["dataSet": "b", "index": .number(Double(rng.next() % UInt64(max(1, count))))]]]
        }
        _ = try M4AggregationTests.apply([edit], to: &doc, "round \(round) step \(step): \(JSONWriter.string(edit))")
        let sizes = try #require(doc.model.spec.dataSets[0].entries.size)
        var expected = 0.0
        for s in sizes where s.isFinite && s > 0 { expected = max(expected, s) }
        #expect(doc.model.largestBubbleSize(dataSet: 0) == (expected > 0 ? expected : nil), "round \(round) step \(step)")
      }
    }
  }

  @Test func aHighlightRingHasTheRadiusOfTheBubbleItRings() throws {
    // A negative size of larger magnitude than any drawn one once made the ring smaller than the
    // bubble (the ring scaled by the largest |size|, the bubble by the largest positive size).
    let chart = try HitTesterTests.Chart(["kind": "bubble", "highlights": [["dataSet": "b", "index": 1]],
                                          "dataSets": [["id": "b", "entries": [["x": 1, "y": 2, "size": -100], ["x": 2, "y": 3, "size": 16],
                                                                               ["x": 3, "y": 1, "size": 25]]]]])
    let target = try #require(HighlightTarget.resolve(chart.model.spec.highlights[0], chart.model, chart.layout))
    guard case .bubble(_, let radius) = target.shape else {
      Issue.record("not a bubble: \(target.shape)")
      return
    }
    // The drawn circle of entry 1: r = maxDiameter · √(16 / 25) / 2.
    let drawn = chart.svg.components(separatedBy: "<circle ").dropFirst().compactMap { rest -> Double? in
      let circle = rest.prefix { $0 != ">" }
      guard circle.contains("size 16") else { return nil }
      return circle.components(separatedBy: " r=\"").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) }
    }
    #expect(drawn.count == 1 && abs(radius - (drawn.first ?? 0)) < 0.01, "ring \(radius), bubble \(drawn)")
  }
}
