import Testing
@testable import ChartCore

@Suite struct RegionAlignmentTests {
  /// Names of every kind a chart's order holds, chunks of two data sets among them.
  static let pool: [RegionName] = [
    .accessibleTitle, .accessibleDescription, .definitions, .background, .grid, .limitLines(front: false),
    .xAxis, .leftAxis, .rightAxis, .paneAxis(1), .legendItem(.dataSet("a")), .legendItem(.entry(0)),
    .legendItem(.more), .title, .highlight, .marker, .valueLabels(dataSet: "a"), .limitLines(front: true),
  ] + (0..<12).flatMap { k in [RegionName.series(dataSet: "a", chunk: k), .series(dataSet: "b", chunk: k)] }

  /// An order of distinct names from the pool.
  static func order(_ rng: inout SeededRandom) -> [RegionName] {
    var names = pool
    for i in names.indices.reversed() {
      names.swapAt(i, Int(rng.next() % UInt64(i + 1)))
    }
    return Array(names.prefix(Int(rng.next() % UInt64(names.count + 1))))
  }

  /// `old` changed as an update changes it: regions inserted, removed or moved, often none.
  static func edited(_ old: [RegionName], _ rng: inout SeededRandom) -> [RegionName] {
    var new = old
    for _ in 0..<Int(rng.next() % 4) {
      switch rng.next() % 3 {
      case 0:
        if let name = pool.first(where: { !new.contains($0) }) {
          new.insert(name, at: Int(rng.next() % UInt64(new.count + 1)))
        }
      case 1:
        if !new.isEmpty { new.remove(at: Int(rng.next() % UInt64(new.count))) }
      default:
        if !new.isEmpty {
          let name = new.remove(at: Int(rng.next() % UInt64(new.count)))
          new.insert(name, at: Int(rng.next() % UInt64(new.count + 1)))
        }
      }
    }
    return new
  }

  @Test func eachNewRegionIsFoundAtItsOldPlaceAndEachOldOneIsKeptExactlyWhenStillThere() {
    var rng = SeededRandom(seed: 2026_11_26)
    for run in 0..<3000 {
      let old = Self.order(&rng)
      let new = run % 3 == 0 ? Self.order(&rng) : Self.edited(old, &rng)
      let a = RegionAlignment(old: old, new: new)
      #expect(a.oldIndex == new.map { old.firstIndex(of: $0) }, "\(old) → \(new)")
      #expect(a.kept == old.map { new.contains($0) }, "\(old) → \(new)")
    }
  }

  @Test func aChunkMoreInTheMiddleLeavesHeadAndTailWhereTheyWere() {
    let chunks = (0..<47).map { RegionName.series(dataSet: "s", chunk: $0) }
    let old: [RegionName] = [.accessibleDescription, .definitions, .grid] + chunks + [.xAxis, .leftAxis]
    let new: [RegionName] = [.accessibleDescription, .definitions, .grid] + chunks
      + [.series(dataSet: "s", chunk: 47), .xAxis, .leftAxis]
    let a = RegionAlignment(old: old, new: new)
    #expect(a.oldIndex == Array(0..<50) + [nil, 50, 51])
    #expect(a.kept == Array(repeating: true, count: old.count))
    let back = RegionAlignment(old: new, new: old)
    #expect(back.oldIndex == Array(0..<50) + [51, 52])
    #expect(back.kept == Array(repeating: true, count: 50) + [false, true, true])
  }
}
