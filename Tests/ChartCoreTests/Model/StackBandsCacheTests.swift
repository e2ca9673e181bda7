import ChartdJSON
import Testing
@testable import ChartCore

/// A walk over entries reads the bands through one cache of the column and the table it read last
/// (`StackBands.Cache`); in any order the bands are those read with nothing kept, bit for bit.
@Suite struct StackBandsCacheTests {
  /// Every stacked set's entries read through one cache forwards, backwards and by a stride of 7
  /// (chunks and stretches left and come back to), each band against one read with a new cache;
  /// returns how many bands there were.
  static func check(_ model: ChartModel, _ name: String) -> Int {
    var bandsRead = 0
    for i in model.spec.dataSets.indices {
      guard let group = model.stackGroup(of: i) else { continue }
      let bands = StackBands(model, group: group, dataSet: i)
      let n = model.spec.dataSets[i].entries.count
      let order = Array(0..<n) + (0..<n).reversed() + Array(stride(from: 0, to: n, by: 7)) + Array(stride(from: 3, to: n, by: 7))
      var walk = StackBands.Cache()
      for k in order {
        var alone = StackBands.Cache()
        let got = bands.band(entry: k, cache: &walk), want = bands.band(entry: k, cache: &alone)
        if got != nil { bandsRead += 1 }
        #expect(got?.base.bitPattern == want?.base.bitPattern && got?.top.bitPattern == want?.top.bitPattern
                && got?.value.bitPattern == want?.value.bitPattern,
                "\(name): set \(i) entry \(k): \(String(describing: got)) vs \(String(describing: want))")
        // The bands' own cache, behind their lock, reads the same.
        #expect(bands.band(entry: k) == want, "\(name): set \(i) entry \(k) through the bands' own cache")
      }
    }
    return bandsRead
  }

  /// Members whose x differ: bands from the tables of stretches, normal and percent.
  @Test(arguments: 0..<30)
  func tablesReadThroughACache(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    for percent in [false, true] {
      let model = try StackTableTests.model(&rng, percent: percent)
      _ = Self.check(model, "seed \(seed), percent \(percent)")
    }
  }

  /// Members often aligned: bands from columns of piles, and of totals and shares.
  @Test(arguments: 0..<30)
  func columnsReadThroughACache(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    let normal = try StackPilesTests.model(&rng)
    let percent = try ChartDocument.reading(StackSharesTests.spec(&rng)).model
    _ = Self.check(normal, "seed \(seed), normal")
    _ = Self.check(percent, "seed \(seed), percent")
  }

  /// A cache filled by the bands of one set is not read by another's: each set's bands read
  /// through one cache shared by every set in turn are those read alone.
  @Test(arguments: 0..<20)
  func aCacheServesTheBandsThatFilledIt(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(seed))
    for model in [try StackPilesTests.model(&rng), try ChartDocument.reading(StackSharesTests.spec(&rng)).model,
                  try StackTableTests.model(&rng, percent: rng.next() % 2 == 0)] {
      let sets = model.spec.dataSets.indices.compactMap { i in
        model.stackGroup(of: i).map { StackBands(model, group: $0, dataSet: i) }
      }
      var shared = StackBands.Cache()
      for k in 0..<70 {
        for bands in sets {
          var alone = StackBands.Cache()
          #expect(bands.band(entry: k, cache: &shared) == bands.band(entry: k, cache: &alone), "seed \(seed) entry \(k)")
        }
      }
    }
  }

  /// The runs above read bands at all: chunks of 16 entries, several per set.
  @Test func theRunsReadManyBands() throws {
    var read = 0
    for seed in 0..<10 {
      var rng = SeededRandom(seed: UInt64(seed))
      read += Self.check(try StackPilesTests.model(&rng), "seed \(seed)")
    }
    #expect(read > 1_000)
  }
}
