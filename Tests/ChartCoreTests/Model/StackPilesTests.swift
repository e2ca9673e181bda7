import ChartdJSON
import Testing
@testable import ChartCore

/// The bands of stacked lines, whether their piles come from aligned columns (`StackPiles`) or
/// from looking every set below up, are those of the rule written out entry by entry: each set
/// below adds the value of its first entry at the x (0 when none or missing), bottom first.
@Suite struct StackPilesTests {
  /// The band of entry `k` of data set `i` by the rule, scanning every set below in index order.
  static func expected(_ model: ChartModel, _ i: Int, _ k: Int) -> (base: Double, top: Double)? {
    guard let group = model.stackGroup(of: i), let position = group.position(of: i) else { return nil }
    let own = model.spec.dataSets[i].entries
    let x = own.x[k], v = own.y[k]
    guard x.isFinite, v.isFinite else { return nil }
    var pile = StackPile()
    for j in group.members[..<position] {
      let e = model.spec.dataSets[j].entries
      let first = (0..<e.count).first { e.x[$0] == x }
      let w = first.map { e.y[$0] } ?? 0
      _ = pile.add(w.isFinite ? w : 0)
    }
    let (base, top) = pile.add(v)
    return (base, top)
  }

  /// Every band of every stacked set against `expected`, bit for bit.
  static func check(_ model: ChartModel, _ step: String) {
    for i in model.spec.dataSets.indices {
      guard let group = model.stackGroup(of: i) else { continue }
      let bands = StackBands(model, group: group, dataSet: i)
      for k in 0..<model.spec.dataSets[i].entries.count {
        let got = bands.band(entry: k), want = expected(model, i, k)
        #expect(got?.base.bitPattern == want?.base.bitPattern && got?.top.bitPattern == want?.top.bitPattern,
                "\(step): set \(i) entry \(k): \(String(describing: got)) vs \(String(describing: want))")
      }
    }
  }

  static func value(_ rng: inout SeededRandom) -> Double {
    switch rng.next() % 12 {
    case 0: return .nan
    case 1: return 0
    case 2: return -0.0
    case 3, 4: return -Double(rng.next() % 50) / 4
    default: return Double(rng.next() % 80) / 4
    }
  }

  /// x of a member: the shared 0, 1, 2… mostly; sometimes shifted, with a repeat, or shuffled.
  static func xs(_ rng: inout SeededRandom, _ n: Int) -> [Double] {
    var x = (0..<n).map(Double.init)
    switch rng.next() % 8 {
    case 0 where n > 2: x[n / 2] = x[n / 2 - 1]  // a repeated x: only the first entry counts below
    case 1: x = x.map { $0 + 0.5 }
    case 2 where n > 3: x.swapAt(1, n - 2)
    case 3 where n > 1: x.removeFirst()
    default: break
    }
    return x
  }

  /// A stack of 2 to 6 sets (percent stacks keep looking their sets up: their shares need the whole group).
  static func model(_ rng: inout SeededRandom) throws -> ChartModel {
    let sets = 2 + Int(rng.next() % 5)
    // Often one x column for every set (a table's), repeats and all: the aligned case.
    let shared = rng.next() % 2 == 0 ? xs(&rng, Int(rng.next() % 70)) : nil
    var dataSets: [JSONValue] = []
    for s in 0..<sets {
      let x = shared ?? xs(&rng, Int(rng.next() % 70))
      let y = x.map { _ in value(&rng) }
      dataSets.append(["id": .string("s\(s)"), "stack": "g", "entries": ["x": .numbers(x), "y": .numbers(y)]])
    }
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": .array(dataSets)]
    return try ChartDocument.reading(spec).model
  }

  @Test(arguments: 0..<40)
  func bandsFollowTheRuleThroughEdits(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    var model = try Self.model(&rng)
    Self.check(model, "open")
    for step in 0..<25 {
      let s = Int(rng.next() % UInt64(model.spec.dataSets.count))
      let count = model.spec.dataSets[s].entries.count
      switch rng.next() % 6 {
      case 0, 1:
        let n = 1 + Int(rng.next() % 20)
        let x0 = (model.spec.dataSets[s].entries.x.last ?? -1) + 1
        let ys = (0..<n).map { _ in Self.value(&rng) }
        let window = rng.next() % 3 == 0 ? max(1, count + n - Int(rng.next() % 20)) : nil
        model.appendEntries(dataSet: s, EntryColumns(x: (0..<n).map { x0 + Double($0) }, y: ys), maxEntries: window)
      case 2 where count > 0:
        let a = Int(rng.next() % UInt64(count)), n = 1 + Int(rng.next() % UInt64(count - a))
        var e = EntryColumns(x: Array(model.spec.dataSets[s].entries.x[a..<(a + n)]), y: (0..<n).map { _ in Self.value(&rng) })
        if rng.next() % 3 == 0 { e.x = EntryColumn((0..<n).map { _ in Double(rng.next() % 90) }) }
        model.updateEntries(dataSet: s, start: a, e)
      case 3 where count > 0:
        let a = Int(rng.next() % UInt64(count)), n = Int(rng.next() % UInt64(min(10, count - a) + 1))
        model.removeEntries(dataSet: s, start: a, count: n)
      case 4:
        model.setVisibility(dataSet: s, !model.spec.dataSets[s].visible)
      default:
        break
      }
      Self.check(model, "seed \(seed) step \(step)")
    }
  }

  @Test func aSlidingWindowOverAlignedSetsKeepsTheirPiles() throws {
    // Three aligned sets of 40 entries in chunks of 16 whose values differ at every index, slid by
    // one entry together: the chunks a slide leaves alone keep their revisions but move down by one
    // local index, so a column must not be found at the local index it was worked out at.
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": .array((0..<3).map { s in
                             ["id": .string("s\(s)"), "stack": "g", "entries": .numbers((0..<40).map { Double($0 * (s + 1)) })]
                           })]
    var model = try ChartDocument.reading(spec).model
    Self.check(model, "open")
    for step in 0..<20 {
      for s in 0..<3 {
        let x = (model.spec.dataSets[s].entries.x.last ?? -1) + 1
        model.appendEntries(dataSet: s, EntryColumns(x: [x], y: [x * Double(s + 1)]), maxEntries: 40)
      }
      Self.check(model, "slide \(step)")
    }
  }

  @Test func alignedChunksTakeTheirPilesFromTheColumnBelow() throws {
    // Three aligned sets of 40 entries in chunks of 16: every chunk of the upper two is aligned.
    let values = (0..<40).map { Double($0 % 7) - 2 }
    let y: JSONValue = .numbers(values)
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": [["id": "a", "stack": "g", "entries": y], ["id": "b", "stack": "g", "entries": y],
                                        ["id": "c", "stack": "g", "entries": y]]]
    let model = try ChartDocument.reading(spec).model
    let group = try #require(model.stackGroup(of: 2))
    for chunk in model.series[2].chunkNumbers {
      let column = try #require(model.stackPiles(group, position: 2, chunk: chunk))
      #expect(column.start == model.series[2].origin + model.series[2].localRange(ofChunk: chunk).lowerBound)
      #expect(column.piles.count == model.series[2].localRange(ofChunk: chunk).count)
      // Asked again, the same column: kept, not worked out anew.
      #expect(model.stackPiles(group, position: 2, chunk: chunk)?.stamp == column.stamp)
    }
    Self.check(model, "aligned")
    // Shifted by half a step, the middle set is no longer aligned with the bottom one.
    var shifted = model
    shifted.updateEntries(dataSet: 1, start: 0, EntryColumns(x: (0..<40).map { Double($0) + 0.5 }, y: values))
    #expect(shifted.stackPiles(try #require(shifted.stackGroup(of: 2)), position: 1, chunk: 0) == nil)
    Self.check(shifted, "shifted")
  }
}
