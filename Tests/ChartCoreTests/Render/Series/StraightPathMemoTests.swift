import ChartdJSON
import Testing
@testable import ChartCore

/// A straight line's chunk drawn again from a checkpoint must be exactly the chunk drawn from its
/// first entry, whatever changed since the checkpoint was left; and after an append it must go on
/// from one.
@Suite struct StraightPathMemoTests {
  /// The chunk's markup with `memos`, and without any.
  func both(_ ctx: SeriesContext, _ memos: inout StraightPathMemos?) -> (memo: String, fresh: String) {
    var a = SVGWriter(), b = SVGWriter()
    LineRenderer.render(ctx, into: &a, memos: &memos)
    LineRenderer.render(ctx, into: &b)
    return (a.output, b.output)
  }

  @Test func appendsGoOnFromACheckpointAndDrawTheSameChunk() {
    var memos: StraightPathMemos? = StraightPathMemos()
    var xs = (0..<200).map(Double.init), ys = xs.map { ($0 * 37).truncatingRemainder(dividingBy: 101) / 10 }
    for k in 0..<50 {
      xs.append(Double(200 + k))
      ys.append(Double(k % 9))
      let ctx = SeriesFixture.context(SeriesFixture.dataSet(x: xs, y: ys), kind: .line, x: 0...300)
      let (memo, fresh) = both(ctx, &memos)
      #expect(memo == fresh)
    }
    // Every draw after the first went on from the checkpoint the one before it left.
    #expect(memos?.resumed == 49)
  }

  @Test func randomChangesDrawTheSameChunkAsAFreshWalk() {
    var rng = Draws(seed: 11)
    var memos: StraightPathMemos? = StraightPathMemos()
    var xs = (0..<60).map(Double.init), ys = xs.map { $0 / 6 }
    var domain = 0.0...100.0
    for _ in 0..<600 {
      switch rng.int(in: 0...7) {
      case 0, 1, 2:  // appends: inside, past the plot's end, before its start
        xs.append((xs.last ?? 0) + rng.double(in: 0.1...30))
        ys.append(rng.double(in: -3...13))
      case 3:  // a value changed anywhere: before a checkpoint too
        if !ys.isEmpty { ys[rng.int(in: 0...(ys.count - 1))] = rng.double(in: -3...13) }
      case 4:  // a gap, or a non-finite x
        if !ys.isEmpty { rng.bool() ? (ys[rng.int(in: 0...(ys.count - 1))] = .nan) : (xs[rng.int(in: 0...(xs.count - 1))] = .infinity) }
      case 5:  // entries removed at the end
        let n = rng.int(in: 0...min(10, xs.count))
        xs.removeLast(n)
        ys.removeLast(n)
      case 6:  // the scale moves
        domain = rng.double(in: -50...50)...rng.double(in: 120...400)
      default:  // an x moved: the walk's trimming looks at its neighbours
        if !xs.isEmpty { xs[rng.int(in: 0...(xs.count - 1))] = rng.double(in: -100...500) }
      }
      // Chunks of the data and sublists of it, as M4 hands them over.
      let indices: EntryIndices = rng.bool() ? .range(0..<xs.count) : .list(Array(stride(from: 0, to: xs.count, by: 2)))
      let ctx = SeriesFixture.context(SeriesFixture.dataSet(x: xs, y: ys), kind: .line, x: domain, indices: indices)
      let (memo, fresh) = both(ctx, &memos)
      #expect(memo == fresh)
      if memo != fresh { return }
    }
    #expect((memos?.resumed ?? 0) > 50)
    #expect((memos?.count ?? 0) <= StraightPathMemos.capacity)
  }

  @Test func otherLinesAreNotCheckpointed() {
    let xs = (0..<100).map(Double.init), ys = xs.map { $0 / 10 }
    for configure: (inout DataSetSpec) -> Void in [{ $0.line.fill = true }, { $0.line.showCircles = true },
                                                    { $0.line.mode = .cubicBezier }, { $0.line.mode = .stepped }] {
      var memos: StraightPathMemos? = StraightPathMemos()
      let ctx = SeriesFixture.context(SeriesFixture.dataSet(x: xs, y: ys, configure), kind: .line, x: 0...100)
      let (memo, fresh) = both(ctx, &memos)
      #expect(memo == fresh)
      #expect(memos?.count == 0)
    }
  }

  @Test func aDocumentAppendingToALargeLineRedrawsFromACheckpoint() throws {
    for mode in ["auto", "lossless"] {
      let n = 20_000
      let spec: JSONValue = [
        "kind": "line", "width": 640, "height": 320, "largeData": ["mode": .string(mode)],
        "xAxis": ["min": 0, "max": 30_000],
        "dataSets": [["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)),
                                             "y": .numbers((0..<n).map { Double(($0 * 37) % 101) })]]],
      ]
      let log = DiagnosticLog()
      let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
      var doc = ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: spec)
      for k in 0..<40 {
        let edit: JSONValue = [["op": "appendEntries", "dataSet": "a",
                                "entries": [["x": .number(Double(n + 7 * k)), "y": .number(Double(k % 13) * 7)]]]]
        _ = try doc.applyChecked(edit)
        #expect(doc.svg == ChartDocument(model: doc.model, prefix: "d").svg, "\(mode), append \(k)")
      }
      #expect((doc.pathMemos?.resumed ?? 0) >= 30, "\(mode)")
    }
  }
}

/// Draws for the random test, from the gallery's seeded generator.
private struct Draws {
  var source: SeededRandom
  init(seed: UInt64) { source = SeededRandom(seed: seed) }
  mutating func int(in r: ClosedRange<Int>) -> Int { r.lowerBound + Int(source.next() % UInt64(r.count)) }
  mutating func double(in r: ClosedRange<Double>) -> Double { r.lowerBound + source.uniform() * (r.upperBound - r.lowerBound) }
  mutating func bool() -> Bool { source.next() & 1 == 1 }
}
