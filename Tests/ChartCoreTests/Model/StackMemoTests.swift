import ChartdJSON
import Testing
@testable import ChartCore

/// Stack groups and pile columns read through the memo of a model state (`StackMemo`) are those
/// the rules give, whichever state of a model, or of its copies, was read before.
@Suite struct StackMemoTests {
  /// The group of data set `i` by the rule of protocol/spec/series.md, set by set: the stacked
  /// lines with its stack name on its value axis (visible ones, unless `includingHidden`), and itself.
  static func expectedGroup(_ model: ChartModel, _ i: Int, includingHidden: Bool) -> [Int]? {
    let spec = model.spec
    guard spec.dataSets[i].stack != nil, model.seriesKind(of: i) == .line else { return nil }
    return spec.dataSets.indices.filter { j in
      j == i || (spec.dataSets[j].stack == spec.dataSets[i].stack && model.seriesKind(of: j) == .line
                 && spec.valueAxis(of: j) == spec.valueAxis(of: i) && (includingHidden || spec.dataSets[j].visible))
    }
  }

  /// Every data set's groups, both ways, against `expectedGroup`.
  static func checkGroups(_ model: ChartModel, _ step: String) {
    for i in model.spec.dataSets.indices {
      for hidden in [false, true] {
        #expect(model.stackGroup(of: i, includingHidden: hidden)?.members == expectedGroup(model, i, includingHidden: hidden),
                "\(step): set \(i), includingHidden \(hidden)")
      }
    }
  }

  /// A combined chart of 1 to 12 sets: lines and bars, stack names a, b or none, either axis or a
  /// lower pane, some hidden.
  static func model(_ rng: inout SeededRandom) throws -> ChartModel {
    let sets = 1 + Int(rng.next() % 12)
    var dataSets: [JSONValue] = []
    for s in 0..<sets {
      var set: [String: JSONValue] = ["id": .string("s\(s)"), "kind": rng.next() % 4 == 0 ? "bar" : "line",
                                      "entries": .numbers((0..<5).map { Double(($0 + s) % 4) })]
      switch rng.next() % 3 {
      case 0: set["stack"] = "a"
      case 1: set["stack"] = "b"
      default: break
      }
      switch rng.next() % 4 {
      case 0: set["axis"] = "right"
      case 1: set["pane"] = 1
      default: break
      }
      if rng.next() % 3 == 0 { set["visible"] = false }
      dataSets.append(.object(set))
    }
    let spec: JSONValue = ["kind": "combined", "width": 300, "height": 200, "panes": [["weight": 2], ["weight": 1]],
                           "dataSets": .array(dataSets)]
    return try ChartDocument.reading(spec).model
  }

  @Test(arguments: 0..<60)
  func groupsFollowTheRuleThroughChanges(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    var model = try Self.model(&rng)
    Self.checkGroups(model, "open")
    for step in 0..<12 {
      let s = Int(rng.next() % UInt64(model.spec.dataSets.count))
      if rng.next() % 4 == 0 {
        model.removeDataSet(at: s)
        if model.spec.dataSets.isEmpty { return }
      } else {
        model.setVisibility(dataSet: s, !model.spec.dataSets[s].visible)
      }
      Self.checkGroups(model, "seed \(seed) step \(step)")
    }
  }

  @Test func copiesReadInTurnEachKeepTheirOwnGroupsAndPiles() throws {
    // One memo for a model and its copies: a copy changed after the original was read, then both
    // read in turn, each gets what its own state gives.
    let y: JSONValue = .numbers((0..<40).map { Double($0 % 5) + 1 })
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": .array((0..<4).map { s in ["id": .string("s\(s)"), "stack": "g", "entries": y] })]
    let original = try ChartDocument.reading(spec).model
    StackPilesTests.check(original, "original")
    var hidden = original
    hidden.setVisibility(dataSet: 1, false)
    var grown = original
    grown.updateEntries(dataSet: 0, start: 3, EntryColumns(x: [3, 4], y: [40, -7]))
    for round in 0..<3 {
      for (name, model) in [("original", original), ("hidden", hidden), ("grown", grown)] {
        Self.checkGroups(model, "\(name), round \(round)")
        StackPilesTests.check(model, "\(name), round \(round)")
      }
    }
    #expect(original.stackGroup(of: 3)?.members == [0, 1, 2, 3] && hidden.stackGroup(of: 3)?.members == [0, 2, 3])
    // The hidden set itself stands in its own group, in its place.
    #expect(hidden.stackGroup(of: 1)?.members == [0, 1, 2, 3])
  }

  @Test func pileColumnsAreTheSameAskedInAnyOrder() throws {
    // The chain of a chunk is worked out bottom first whichever member asks first; asked from the
    // top down, bottom up or at random, every column is the one a fresh model gives.
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": .array((0..<6).map { s in
                             ["id": .string("s\(s)"), "stack": "g", "entries": .numbers((0..<40).map { Double(($0 * (s + 2)) % 9) - 3 })]
                           })]
    var rng = SeededRandom(seed: 7)
    for order in 0..<3 {
      let model = try ChartDocument.reading(spec).model
      let group = try #require(model.stackGroup(of: 0))
      var positions = Array(1..<6)
      if order == 1 { positions.reverse() }
      if order == 2 {
        for k in stride(from: positions.count - 1, to: 0, by: -1) { positions.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      }
      for p in positions {
        for chunk in model.series[p].chunkNumbers {
          let column = try #require(model.stackPiles(group, position: p, chunk: chunk))
          let fresh = try #require(try ChartDocument.reading(spec).model.stackPiles(group, position: p, chunk: chunk))
          func bits(_ c: StackPiles.Column) -> [UInt64] { c.piles.flatMap { [$0.positive.bitPattern, $0.negative.bitPattern] } }
          #expect(column.start == fresh.start && bits(column) == bits(fresh),
                  "order \(order), position \(p), chunk \(chunk)")
        }
      }
      StackPilesTests.check(model, "order \(order)")
    }
  }
}
