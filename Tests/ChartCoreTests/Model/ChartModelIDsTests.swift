import ChartdJSON
import Testing
@testable import ChartCore

/// Data sets found by id through the model's table (`DataSetIDs`) are those a scan of the spec
/// finds, through every change of the sets and with a table made for other sets.
@Suite struct ChartModelIDsTests {
  static func dataSet(_ id: String) -> DataSetSpec { DataSetSpec(id: id) }

  /// `items` in a random order (Fisher–Yates).
  static func shuffled<T>(_ items: [T], _ rng: inout SeededRandom) -> [T] {
    var out = items
    for k in out.indices.reversed() where k > 0 { out.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
    return out
  }

  /// Every id of the spec, and some that are not there, found as a scan finds them.
  static func checkLookups(_ model: ChartModel, _ step: String) {
    let ids = model.spec.dataSets.map(\.id) + ["missing", "", "s999"]
    for id in ids {
      #expect(model.dataSetIndex(id: id) == model.spec.dataSetIndex(id: id), "\(step): id '\(id)'")
    }
  }

  @Test(arguments: 0..<40)
  func lookupsFollowInsertionsRemovalsAndReplacements(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed))
    var spec = ChartSpec()
    spec.dataSets = (0..<Int(rng.next() % 20)).map { Self.dataSet("s\($0)") }
    var model = ChartModel(spec: spec)
    var next = 100
    Self.checkLookups(model, "open")
    // Counts cross `DataSetIDs.scanned` both ways: tables made and dropped.
    for step in 0..<60 {
      let count = model.spec.dataSets.count
      switch rng.next() % 5 {
      case 0, 1:
        model.insertDataSet(Self.dataSet("s\(next)"), at: Int(rng.next() % UInt64(count + 1)))
        next += 1
      case 2 where count > 0:
        model.removeDataSet(at: Int(rng.next() % UInt64(count)))
      case 3 where count > 0:
        // Another id in the same place.
        model.replaceDataSet(at: Int(rng.next() % UInt64(count)), with: Self.dataSet("s\(next)"))
        next += 1
      default:
        var new = model.spec
        new.dataSets = Self.shuffled(new.dataSets, &rng)
        if rng.next() % 2 == 0 { new.dataSets.append(Self.dataSet("s\(next)")) }
        next += 1
        model.replaceSpec(new)
      }
      Self.checkLookups(model, "step \(step)")
    }
  }

  /// A table made for other sets (as a model whose spec was changed without a mutator would hold)
  /// never gives a position whose set has another id.
  @Test(arguments: 0..<40)
  func aTableOfOtherSetsStillFindsEachSet(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed))
    let before = (0..<(DataSetIDs.scanned + 1 + Int(rng.next() % 20))).map { Self.dataSet("s\($0)") }
    let table = DataSetIDs(before) { $0.id }
    var after = Self.shuffled(before, &rng)
    after.removeLast(Int(rng.next() % 5))
    after.insert(Self.dataSet("new"), at: Int(rng.next() % UInt64(after.count + 1)))
    for id in before.map(\.id) + ["new", "missing"] {
      let found = table.index(of: id, in: after) { $0.id }
      #expect(found == after.firstIndex { $0.id == id }, "id '\(id)'")
    }
  }

  @Test func aModelChangedInPlaceStillFindsEachSet() {
    var spec = ChartSpec()
    spec.dataSets = (0..<12).map { Self.dataSet("s\($0)") }
    var model = ChartModel(spec: spec)
    model.spec.dataSets.reverse()
    model.spec.dataSets.remove(at: 3)
    Self.checkLookups(model, "reversed, one removed")
  }
}
