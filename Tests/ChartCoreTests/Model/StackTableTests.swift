import ChartdJSON
import Testing
@testable import ChartCore

/// Stacks whose members are not aligned take their piles (and percent totals) from tables of
/// stretches of x (`StackTable`); their bands are still those of the rule, bit for bit, written out
/// in `StackPilesTests.expected` and `StackSharesTests.expected`.
@Suite struct StackTableTests {
  /// Sorted x for one member: steps of 0.5 on a grid from a random start, some repeated, so that
  /// members share some x and not others, and start and end apart.
  static func xs(_ rng: inout SeededRandom) -> [Double] {
    var x = Double(rng.next() % 12) / 2, out: [Double] = []
    for _ in 0..<Int(rng.next() % 60) {
      out.append(x)
      if rng.next() % 9 != 0 { x += Double(1 + rng.next() % 3) / 2 }  // else a repeated x
    }
    return out
  }

  /// A stack of 2 to 7 members in chunks of 16 (so a group has several stretches), normal or percent.
  static func model(_ rng: inout SeededRandom, percent: Bool) throws -> ChartModel {
    let sets = 2 + Int(rng.next() % 6)
    let dataSets: [JSONValue] = (0..<sets).map { s in
      let x = xs(&rng)
      let y = x.map { _ in percent ? StackSharesTests.value(&rng) : StackPilesTests.value(&rng) }
      return ["id": .string("s\(s)"), "stack": "g", "entries": ["x": .numbers(x), "y": .numbers(y)]]
    }
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "stackMode": percent ? "percent" : "normal",
                           "largeData": ["chunkSize": 16], "dataSets": .array(dataSets)]
    return try ChartDocument.reading(spec).model
  }

  /// Every band against the rule; returns how many bands a table gave.
  static func check(_ model: ChartModel, _ step: String) -> Int {
    var tabled = 0
    for i in model.spec.dataSets.indices {
      guard let group = model.stackGroup(of: i), let position = group.position(of: i) else { continue }
      let bands = StackBands(model, group: group, dataSet: i)
      let e = model.spec.dataSets[i].entries
      for k in 0..<e.count {
        let got = bands.band(entry: k)
        if group.percent {
          let want = StackSharesTests.expected(model, i, k)
          #expect(got?.base.bitPattern == want?.base.bitPattern && got?.top.bitPattern == want?.top.bitPattern
                  && got?.value.bitPattern == want?.value.bitPattern,
                  "\(step): set \(i) entry \(k): \(String(describing: got)) vs \(String(describing: want))")
        } else {
          let want = StackPilesTests.expected(model, i, k)
          #expect(got?.base.bitPattern == want?.base.bitPattern && got?.top.bitPattern == want?.top.bitPattern,
                  "\(step): set \(i) entry \(k): \(String(describing: got)) vs \(String(describing: want))")
        }
        if (group.percent || position > 0),
           model.stackTable(group, at: e.x[k])?.under(position: position, x: e.x[k], entry: k) != nil {
          tabled += 1
        }
      }
    }
    return tabled
  }

  @Test(arguments: 0..<60)
  func bandsFromTablesFollowTheRuleThroughEdits(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    let percent = seed % 2 == 1
    var model = try Self.model(&rng, percent: percent)
    var tabled = Self.check(model, "seed \(seed) open")
    for step in 0..<15 {
      let s = Int(rng.next() % UInt64(model.spec.dataSets.count))
      let count = model.spec.dataSets[s].entries.count
      switch rng.next() % 5 {
      case 0, 1:
        // Appended past the end, sometimes at the last x again, sometimes in a sliding window.
        let n = 1 + Int(rng.next() % 6)
        var x = model.spec.dataSets[s].entries.x.last ?? 0
        var xs: [Double] = []
        for _ in 0..<n {
          if rng.next() % 4 != 0 { x += 0.5 }
          xs.append(x)
        }
        let ys = xs.map { _ in percent ? StackSharesTests.value(&rng) : StackPilesTests.value(&rng) }
        let window = rng.next() % 3 == 0 ? max(1, count + n - Int(rng.next() % 10)) : nil
        model.appendEntries(dataSet: s, EntryColumns(x: xs, y: ys), maxEntries: window)
      case 2 where count > 0:
        let a = Int(rng.next() % UInt64(count)), n = Int(rng.next() % UInt64(min(6, count - a) + 1))
        model.removeEntries(dataSet: s, start: a, count: n)
      case 3 where count > 0:
        let a = Int(rng.next() % UInt64(count))
        model.updateEntries(dataSet: s, start: a, EntryColumns(x: [model.spec.dataSets[s].entries.x[a]],
                                                                 y: [percent ? StackSharesTests.value(&rng) : StackPilesTests.value(&rng)]))
      default:
        model.setVisibility(dataSet: s, !model.spec.dataSets[s].visible)
      }
      tabled += Self.check(model, "seed \(seed) step \(step)")
    }
    // The test reads tables, not only lookups (each seed has members that share no column).
    #expect(tabled > 0, "seed \(seed): no band came from a table")
  }

  @Test func aTableIsMadeOncePerStretchAndState() throws {
    // Two members half a step apart: no aligned column; each stretch of the bottom member's chunks
    // (chunks of 16) has its table, kept for the state and asked again by every entry in it.
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": [["id": "a", "stack": "g", "entries": ["x": .numbers((0..<40).map(Double.init)),
                                                                                 "y": .numbers((0..<40).map { Double($0 % 5) })]],
                                        ["id": "b", "stack": "g", "entries": ["x": .numbers((0..<40).map { Double($0) + 0.5 }),
                                                                                 "y": .numbers((0..<40).map { Double($0 % 3) })]]]]
    let model = try ChartDocument.reading(spec).model
    let group = try #require(model.stackGroup(of: 1))
    #expect(model.stackPiles(group, position: 1, chunk: 0) == nil)
    let first = try #require(model.stackTable(group, at: 0.5)), again = try #require(model.stackTable(group, at: 15.5))
    // One stretch [0, 16): both members' entries in it, 16 each.
    #expect(first.count == 32 && again.xs == first.xs && first.xs.first == 0 && first.xs.last == 15.5)
    // Before the bottom member's first x, and past its last chunk's first x: stretches too.
    #expect(try #require(model.stackTable(group, at: 39.5)).xs == [32, 32.5, 33, 33.5, 34, 34.5, 35, 35.5, 36, 36.5,
                                                                   37, 37.5, 38, 38.5, 39, 39.5])
    #expect(model.stackTable(group, at: -1)?.count == 0)
    #expect(StackTableTests.check(model, "half a step apart") == 40)
  }
}

extension StackTableTests {
  @Test func keptTablesStayWithinTheirBudget() throws {
    // Stretches of 32 entries under a budget of 40: each table made empties the ones kept before,
    // so a stretch asked again after another is made again; asked twice in a row, it is kept.
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": [["id": "a", "stack": "g", "entries": ["x": .numbers((0..<48).map(Double.init)),
                                                                                 "y": .numbers((0..<48).map { _ in 1 })]],
                                        ["id": "b", "stack": "g", "entries": ["x": .numbers((0..<48).map { Double($0) + 0.5 }),
                                                                                 "y": .numbers((0..<48).map { _ in 2 })]]]]
    let model = try ChartDocument.reading(spec).model
    let group = try #require(model.stackGroup(of: 1))
    let memo = StackMemo(tableBudget: 40)
    var made = 0
    func ask(_ stretch: Int) -> Int? {
      memo.stretchTable(model.state, members: group.members, stretch: stretch) {
        made += 1
        return StackTable(model, group: group, range: Double(16 * stretch)..<Double(16 * stretch + 16))
      }?.count
    }
    #expect(ask(0) == 32 && ask(0) == 32 && made == 1)
    #expect(ask(1) == 32 && made == 2)
    #expect(ask(0) == 32 && made == 3)
    // A state read after another starts afresh.
    var changed = model
    changed.setVisibility(dataSet: 0, true)
    _ = memo.stretchTable(changed.state, members: group.members, stretch: 0) { nil }
    #expect(ask(0) == 32 && made == 4)
  }
}
