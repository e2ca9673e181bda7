import ChartdJSON
import Testing
@testable import ChartCore

/// The bands of percent-stacked lines, however their shares are worked out, are those of the rule
/// written out entry by entry here: the total at x adds up the absolute values of the members in
/// group order (each member's first value at x, the entry's own set its own value; 0 when none or
/// missing), scaled by 2⁻⁶⁴ when that overflows; a share is value × scale / total × 100 (0 without
/// a finite positive total); a band stands on the shares of the members below, bottom first.
@Suite struct StackSharesTests {
  /// The share band of entry `k` of data set `i` by the rule: (base, top, share).
  static func expected(_ model: ChartModel, _ i: Int, _ k: Int) -> (base: Double, top: Double, value: Double)? {
    guard let group = model.stackGroup(of: i), let position = group.members.firstIndex(of: i) else { return nil }
    let own = model.spec.dataSets[i].entries
    let x = own.x[k], v = own.y[k]
    guard x.isFinite, v.isFinite else { return nil }
    // Every member's value at x, by a scan for its first entry there.
    let values = group.members.map { j -> Double in
      if j == i { return v }
      let e = model.spec.dataSets[j].entries
      let w = (0..<e.count).first { e.x[$0] == x }.map { e.y[$0] } ?? 0
      return w.isFinite ? w : 0
    }
    var scale = 1.0, total = 0.0
    for w in values { total += abs(w) * scale }
    if total.isInfinite {
      scale = 0x1p-64
      total = 0
      for w in values { total += abs(w) * scale }
    }
    func share(_ w: Double) -> Double { total > 0 && total.isFinite ? w * scale / total * 100 : 0 }
    var pile = StackPile()
    for w in values[..<position] { _ = pile.add(share(w)) }
    let (base, top) = pile.add(share(v))
    return (base, top, share(v))
  }

  /// Every band of every stacked set against `expected`, bit for bit; the stacked value ranges
  /// against those of a model made from scratch (nothing kept). Returns the bands that differ, and
  /// the bands and how many of them an aligned column covers (so that a test can tell it read some).
  @discardableResult
  static func check(_ model: ChartModel, _ step: String) -> (wrong: Int, bands: Int, aligned: Int) {
    var wrong = 0, count = 0, aligned = 0
    let scratch = ChartModel(spec: model.spec)
    for i in model.spec.dataSets.indices {
      guard let group = model.stackGroup(of: i), let position = group.position(of: i) else { continue }
      let bands = StackBands(model, group: group, dataSet: i)
      let index = model.series[i]
      for k in 0..<model.spec.dataSets[i].entries.count {
        let got = bands.band(entry: k), want = expected(model, i, k)
        if got != nil { count += 1 }
        let a = index.origin + k
        if got != nil, model.stackShares(group, position: position, chunk: a / index.chunkSize)?.covers(a..<(a + 1)) == true {
          aligned += 1
        }
        let same = got?.base.bitPattern == want?.base.bitPattern && got?.top.bitPattern == want?.top.bitPattern
          && got?.value.bitPattern == want?.value.bitPattern
        if !same { wrong += 1 }
        #expect(same, "\(step): set \(i) entry \(k): \(String(describing: got)) vs \(String(describing: want))")
      }
      for positive in [false, true] {
        let got = model.stackedValueRange(dataSet: i, xWindow: nil, positive: positive)
        let want = scratch.stackedValueRange(dataSet: i, xWindow: nil, positive: positive)
        #expect(got?.lowerBound.bitPattern == want?.lowerBound.bitPattern && got?.upperBound.bitPattern == want?.upperBound.bitPattern,
                "\(step): set \(i) range \(String(describing: got)) vs \(String(describing: want)) from scratch")
      }
    }
    return (wrong, count, aligned)
  }

  /// A value: mostly small, some negative, missing, zero of either sign, and some huge (a total of
  /// several of them overflows) or subnormal.
  static func value(_ rng: inout SeededRandom) -> Double {
    switch rng.next() % 20 {
    case 0: return .nan
    case 1: return 0
    case 2: return -0.0
    case 3: return rng.next() % 2 == 0 ? 1e308 : -1.7e308
    case 4: return Double.leastNonzeroMagnitude * Double(1 + rng.next() % 4)
    case 5, 6, 7: return -Double(rng.next() % 50) / 4
    default: return Double(rng.next() % 80) / 3
    }
  }

  /// x of a member: the shared 0, 1, 2… mostly; sometimes shifted, with a repeat, or shuffled.
  static func xs(_ rng: inout SeededRandom, _ n: Int) -> [Double] {
    var x = (0..<n).map(Double.init)
    switch rng.next() % 10 {
    case 0 where n > 2: x[n / 2] = x[n / 2 - 1]  // a repeated x: only the first entry counts for the others
    case 4 where n > 16: x[16] = x[15]  // the same, across the first chunk boundary
    case 1: x = x.map { $0 + 0.5 }
    case 2 where n > 3: x.swapAt(1, n - 2)
    case 3 where n > 1: x.removeFirst()
    default: break
    }
    return x
  }

  /// A percent stack of 1 to 6 sets (some hidden), in chunks of 16, with a plain line beside it.
  static func spec(_ rng: inout SeededRandom) -> JSONValue {
    let sets = 1 + Int(rng.next() % 6)
    // Mostly one x column for every set (a table's), repeats and all: the aligned case.
    let shared = rng.next() % 4 != 0 ? xs(&rng, Int(rng.next() % 70)) : nil
    var dataSets: [JSONValue] = []
    for s in 0..<sets {
      let x = shared ?? xs(&rng, Int(rng.next() % 70))
      let y = x.map { _ in value(&rng) }
      dataSets.append(["id": .string("s\(s)"), "stack": "g", "visible": .bool(rng.next() % 8 != 0),
                       "entries": ["x": .numbers(x), "y": .numbers(y)]])
    }
    dataSets.append(["id": "plain", "entries": [1, 2, 3]])
    return ["kind": "line", "width": 300, "height": 200, "stackMode": "percent", "largeData": ["chunkSize": 16],
            "hiddenDataSetsAffectRange": .bool(rng.next() % 3 == 0), "dataSets": .array(dataSets)]
  }

  /// One random edit of the stacked sets (the plain line, last, is left alone).
  static func edit(_ rng: inout SeededRandom, _ model: inout ChartModel) -> String {
    let sets = model.spec.dataSets.count - 1
    let s = Int(rng.next() % UInt64(sets))
    let count = model.spec.dataSets[s].entries.count
    switch rng.next() % 12 {
    case 0, 1, 2, 3:
      // Rows of a table: every set brought to the same last x (a set behind catches up), sometimes
      // through one sliding window.
      let n = 1 + Int(rng.next() % 20)
      let window = rng.next() % 2 == 0 ? max(1, count + n - Int(rng.next() % 20)) : nil
      let end = (0..<sets).map { model.spec.dataSets[$0].entries.x.last ?? -1 }.max()! + Double(n)
      for t in 0..<sets {
        let xs = Array(stride(from: (model.spec.dataSets[t].entries.x.last ?? -1) + 1, through: end, by: 1))
        let ys = xs.map { _ in value(&rng) }
        model.appendEntries(dataSet: t, EntryColumns(x: xs, y: ys), maxEntries: window)
      }
      return "append up to \(end) to every set, window \(window.map(String.init) ?? "-")"
    case 4:
      let n = 1 + Int(rng.next() % 20)
      let x0 = (model.spec.dataSets[s].entries.x.last ?? -1) + 1
      let ys = (0..<n).map { _ in value(&rng) }
      let window = rng.next() % 3 == 0 ? max(1, count + n - Int(rng.next() % 20)) : nil
      model.appendEntries(dataSet: s, EntryColumns(x: (0..<n).map { x0 + Double($0) }, y: ys), maxEntries: window)
      return "append \(n) to \(s), window \(window.map(String.init) ?? "-")"
    case 5...6 where count > 0:
      let a = Int(rng.next() % UInt64(count)), n = 1 + Int(rng.next() % UInt64(count - a))
      var e = EntryColumns(x: Array(model.spec.dataSets[s].entries.x[a..<(a + n)]), y: (0..<n).map { _ in value(&rng) })
      if rng.next() % 6 == 0 { e.x = EntryColumn((0..<n).map { _ in Double(rng.next() % 90) }) }
      model.updateEntries(dataSet: s, start: a, e)
      return "update \(a)+\(n) of \(s)"
    case 7 where count > 0:
      let a = Int(rng.next() % UInt64(count)), n = Int(rng.next() % UInt64(min(10, count - a) + 1))
      model.removeEntries(dataSet: s, start: a, count: n)
      return "remove \(a)+\(n) of \(s)"
    case 8 where count > 0:
      // The front of every set dropped at once: a window over a table.
      let n = Int(rng.next() % UInt64(min(20, count) + 1))
      for t in 0..<sets { model.removeEntries(dataSet: t, start: 0, count: min(n, model.spec.dataSets[t].entries.count)) }
      return "remove the first \(n) of every set"
    case 9:
      model.setVisibility(dataSet: s, !model.spec.dataSets[s].visible)
      return "toggle \(s)"
    case 10 where count > 0:
      // A value that overflows the total, or one that brings it back.
      let a = Int(rng.next() % UInt64(count))
      let v = rng.next() % 2 == 0 ? 1.5e308 : 1
      model.updateEntries(dataSet: s, start: a, EntryColumns(x: [model.spec.dataSets[s].entries.x[a]], y: [v]))
      return "set \(s)[\(a)] to \(v)"
    default:
      return "nothing"
    }
  }

  @Test(arguments: 0..<48)
  func bandsFollowTheRuleThroughEdits(seed: Int) throws {
    _ = try Self.edits(seed: seed)
  }

  @Test func randomEditsOftenReadAlignedColumns() throws {
    // The edits above check the columns only where there are some: a good part of their bands.
    var bands = 0, aligned = 0
    for seed in 0..<8 {
      let seen = try Self.edits(seed: seed)
      bands += seen.bands
      aligned += seen.aligned
    }
    #expect(aligned * 4 > bands, "\(aligned) of \(bands) bands read aligned columns")
  }

  /// 30 random edits of the stack of `seed`, every band checked after each; the bands checked and
  /// how many aligned columns covered.
  static func edits(seed: Int) throws -> (bands: Int, aligned: Int) {
    var rng = SeededRandom(seed: UInt64(1_000 + seed))
    var model = try ChartDocument.reading(Self.spec(&rng)).model
    var (_, bands, aligned) = Self.check(model, "open")
    for step in 0..<30 {
      let what = Self.edit(&rng, &model)
      let checked = Self.check(model, "seed \(seed) step \(step) (\(what))")
      if checked.wrong > 0 { break }
      bands += checked.bands
      aligned += checked.aligned
    }
    return (bands, aligned)
  }

  @Test(arguments: 0..<8)
  func documentsMatchARenderFromScratch(seed: Int) throws {
    var rng = SeededRandom(seed: UInt64(2_000 + seed))
    var doc = try ChartDocument.reading(Self.spec(&rng))
    for step in 0..<20 {
      let before = doc.svg
      var what = ""
      let patch = doc.update { what = Self.edit(&rng, &$0) }
      #expect(patch.apply(to: before) == doc.svg, "seed \(seed) step \(step) (\(what)): patch")
      // From scratch: a new model, so nothing the document kept is read.
      let fresh = ChartDocument(model: ChartModel(spec: doc.model.spec), prefix: "d")
      #expect(fresh.svg == doc.svg, "seed \(seed) step \(step) (\(what)): differs from a render from scratch")
      if fresh.svg != doc.svg { break }
    }
  }

  @Test func alignedChunksTakeTheirSharesFromColumns() throws {
    // Three aligned sets of 40 entries in chunks of 16: every chunk has totals, and piles above the bottom.
    let y: JSONValue = .numbers((0..<40).map { Double($0 % 7) - 2 })
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "stackMode": "percent", "largeData": ["chunkSize": 16],
                           "dataSets": [["id": "a", "stack": "g", "entries": y], ["id": "b", "stack": "g", "entries": y],
                                        ["id": "c", "stack": "g", "entries": y]]]
    var model = try ChartDocument.reading(spec).model
    let group = try #require(model.stackGroup(of: 2))
    for chunk in model.series[2].chunkNumbers {
      let range = model.series[2].localRange(ofChunk: chunk)
      for position in 0..<3 {
        let column = try #require(model.stackShares(group, position: position, chunk: chunk))
        #expect(column.covers(range) && column.totals.start == range.lowerBound)
        #expect(column.piles.count == (position == 0 ? 0 : range.count))
        // Asked again, the same column: kept, not worked out anew.
        #expect(model.stackShares(group, position: position, chunk: chunk)?.stamp == column.stamp)
      }
    }
    Self.check(model, "aligned")
    // One entry appended to the top set: the others do not have its x, so the last chunk's column
    // covers the entries all three have, and the new one is looked up.
    model.appendEntries(dataSet: 2, EntryColumns(x: [40], y: [3]), maxEntries: nil)
    let last = try #require(model.stackShares(group, position: 2, chunk: 2))
    #expect(last.covers(32..<40) && !last.covers(40..<41))
    #expect(model.stackShares(group, position: 2, chunk: 0)?.stamp != nil)
    Self.check(model, "one more on top")
    // Shifted by half a step, the middle set is aligned with no other: no totals anywhere.
    var shifted = model
    shifted.updateEntries(dataSet: 1, start: 0, EntryColumns(x: (0..<40).map { Double($0) + 0.5 }, y: Array(0..<40).map(Double.init)))
    #expect(shifted.stackShares(group, position: 0, chunk: 0) == nil)
    Self.check(shifted, "shifted")
  }

  @Test func aRepeatedXAcrossAChunkBoundaryIsLookedUp() throws {
    // Entry 16 of every set repeats the x of entry 15, the last of the chunk before: the second
    // chunk's first entries are not the first at their x, so the others count their entry 15 there.
    var x = (0..<40).map(Double.init)
    x[16] = 15
    let sets: [JSONValue] = (0..<3).map { s in
      ["id": .string("s\(s)"), "stack": "g", "entries": ["x": .numbers(x), "y": .numbers((0..<40).map { Double($0 * (s + 2) % 11) })]]
    }
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "stackMode": "percent", "largeData": ["chunkSize": 16],
                           "dataSets": .array(sets)]
    let model = try ChartDocument.reading(spec).model
    let group = try #require(model.stackGroup(of: 1))
    #expect(model.stackShares(group, position: 1, chunk: 0) != nil)
    #expect(model.stackShares(group, position: 1, chunk: 1) == nil)
    #expect(model.stackShares(group, position: 1, chunk: 2) != nil)
    #expect(Self.check(model, "repeat at 16").wrong == 0)
  }

  @Test func oneTotalPerXWhateverTheMember() throws {
    // 0.1 + 0.2 + 0.6 is not 0.6 + 0.1 + 0.2: every member divides by the total added up in group
    // order, so each share at an x has the same divisor whichever member it is.
    let spec: JSONValue = ["kind": "line", "stackMode": "percent",
                           "dataSets": [["id": "a", "stack": "g", "entries": [0.1]], ["id": "b", "stack": "g", "entries": [0.2]],
                                        ["id": "c", "stack": "g", "entries": [0.6]]]]
    let model = try ChartDocument.reading(spec).model
    let total = 0.1 + 0.2 + 0.6
    #expect(total != 0.6 + 0.1 + 0.2)
    for (i, v) in [0.1, 0.2, 0.6].enumerated() {
      let group = try #require(model.stackGroup(of: i))
      let band = try #require(StackBands(model, group: group, dataSet: i).band(entry: 0))
      #expect(band.value == v / total * 100)
    }
    Self.check(model, "0.1, 0.2, 0.6")
  }
}
