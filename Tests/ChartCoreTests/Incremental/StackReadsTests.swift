import ChartdJSON
import Testing
@testable import ChartCore

/// A stacked chunk's input names what it reads of the other members (`StackReads`): read from one
/// list per x extent, it is the list of revisions each member would make alone, member by member;
/// and two reads compare by the integers they read, wherever these stand in their lists.
@Suite struct StackReadsTests {
  /// The integers `reads` reads, in order.
  static func flat(_ reads: StackReads) -> [UInt64] { Array(reads.all[..<reads.head]) + Array(reads.all[reads.tail...]) }

  /// What chunk `chunk` of data set `i` reads, made alone: every member below it (every other one
  /// in percent mode), in group order, over the x extent of the chunk and the one before it.
  static func alone(_ model: ChartModel, _ group: StackGroup, _ i: Int, _ chunk: Int) -> [UInt64] {
    guard let position = group.position(of: i),
          let xs = model.series[i].xExtent(ofChunks: (chunk - 1)...chunk) else { return [] }
    var out: [UInt64] = []
    for (k, j) in group.members.enumerated() where j != i && (group.percent || k < position) {
      SeriesIndex.appendRevisions(of: model.series[j].summaries, sorted: model.series[j].isSortedByX, meeting: xs, to: &out)
    }
    return out
  }

  /// A stack of 2 to 40 members in chunks of 16: one x column for all (a table's) or each its own.
  static func model(_ rng: inout SeededRandom) throws -> ChartModel {
    let sets = 2 + Int(rng.next() % 39)
    let shared = rng.next() % 2 == 0 ? StackPilesTests.xs(&rng, Int(rng.next() % 70)) : nil
    let dataSets: [JSONValue] = (0..<sets).map { s in
      let x = shared ?? StackPilesTests.xs(&rng, Int(rng.next() % 70))
      return ["id": .string("s\(s)"), "stack": "g", "visible": .bool(rng.next() % 9 != 0),
              "entries": ["x": .numbers(x), "y": .numbers(x.map { _ in StackPilesTests.value(&rng) })]]
    }
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "stackMode": rng.next() % 2 == 0 ? "percent" : "normal", "dataSets": .array(dataSets)]
    return try ChartDocument.reading(spec).model
  }

  /// Every chunk of every shown member, asked in a shuffled order of one update, against `alone`;
  /// returns the reads.
  @discardableResult
  static func check(_ model: ChartModel, _ step: String, _ rng: inout SeededRandom) -> [StackReads] {
    let inputs = RegionInputs(model: model, layout: LayoutEngine.layout(model), layerEpochs: [:],
                              aggregations: Aggregations(), highlightScene: 0)
    var asks: [(i: Int, group: StackGroup, chunk: Int)] = []
    for i in model.spec.dataSets.indices where model.spec.dataSets[i].visible {
      guard let group = model.stackGroup(of: i) else { continue }
      for chunk in model.series[i].chunkNumbers { asks.append((i, group, chunk)) }
    }
    for k in asks.indices.reversed() { asks.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
    return asks.map { ask in
      let reads = inputs.stackReads(ask.group, dataSet: ask.i, chunk: ask.chunk)
      #expect(flat(reads) == alone(model, ask.group, ask.i, ask.chunk), "\(step): set \(ask.i) chunk \(ask.chunk)")
      return reads
    }
  }

  @Test(arguments: 0..<30)
  func readsAreWhatEachMemberWouldList(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed) &+ 9_001)
    var model = try Self.model(&rng)
    Self.check(model, "open", &rng)
    for step in 0..<12 {
      let s = Int(rng.next() % UInt64(model.spec.dataSets.count))
      let count = model.spec.dataSets[s].entries.count
      switch rng.next() % 5 {
      case 0, 1:
        // A row: one more entry for every set, at the next x of each.
        for t in model.spec.dataSets.indices {
          let x = (model.spec.dataSets[t].entries.x.last ?? -1) + 1
          model.appendEntries(dataSet: t, EntryColumns(x: [x], y: [StackPilesTests.value(&rng)]), maxEntries: nil)
        }
      case 2 where count > 0:
        let a = Int(rng.next() % UInt64(count))
        model.updateEntries(dataSet: s, start: a, EntryColumns(x: [model.spec.dataSets[s].entries.x[a]], y: [StackPilesTests.value(&rng)]))
      case 3 where count > 0:
        model.removeEntries(dataSet: s, start: Int(rng.next() % UInt64(count)), count: 1)
      default:
        model.setVisibility(dataSet: s, !model.spec.dataSets[s].visible)
      }
      Self.check(model, "seed \(seed) step \(step)", &rng)
    }
  }

  /// The members of an aligned stack read one list per chunk: 30 sets of 4 chunks make 4 lists
  /// (each member making its own made 116).
  @Test func membersOfAnAlignedStackShareLists() throws {
    var rng = SeededRandom(seed: 77)
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "largeData": ["chunkSize": 16],
                           "dataSets": .array((0..<30).map { s in
                             ["id": .string("s\(s)"), "stack": "g", "entries": .numbers((0..<50).map { Double(($0 * 7 + s) % 11) })]
                           })]
    let model = try ChartDocument.reading(spec).model
    let reads = Self.check(model, "aligned", &rng)  // held, so no list is freed and its memory reused
    let lists = Set(reads.filter { $0.count > 0 }.map { r in r.all.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
    #expect(model.series[0].chunkNumbers.count == 4)
    #expect(reads.filter { $0.count > 0 }.count == 29 * 4 && lists.count == 4, "\(lists.count) lists")
  }

  /// Reads compare by the integers read: the same integers from lists that differ elsewhere are
  /// equal; one integer more, less or different is not.
  @Test func readsCompareByWhatTheyRead() {
    let a = StackReads(all: [2, 10, 11, 1, 20, 1, 30], head: 3, tail: 5)  // 2 10 11 | 1 30
    let b = StackReads(all: [2, 10, 11, 1, 30], head: 5, tail: 5)
    let c = StackReads(all: [2, 10, 11, 9, 9, 9, 1, 30], head: 3, tail: 6)
    #expect(a == b && b == a && a == c && b == c)
    #expect(a != StackReads(all: [2, 10, 11, 1, 31], head: 5, tail: 5))
    #expect(a != StackReads(all: [2, 10, 11, 7, 7, 1, 31], head: 3, tail: 5))  // the same head, another tail
    #expect(a != StackReads(all: [2, 10, 12, 1, 20, 1, 30], head: 3, tail: 5))  // the same tail, another head
    #expect(a != StackReads(all: [2, 10, 11, 1, 30, 0], head: 6, tail: 6))
    #expect(a != StackReads(all: [2, 10, 11], head: 3, tail: 3))
    #expect(StackReads.nothing == StackReads(all: [1, 5], head: 0, tail: 2))
    #expect(StackReads.nothing != StackReads(all: [1, 5], head: 0, tail: 1))
  }
}
