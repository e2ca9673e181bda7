import Testing
@testable import ChartCore

/// The scatter renderer's position set answers exactly as the standard `Set` would.
@Suite struct ScatterPositionSetTests {
  struct Key: Hashable { var x: Int64, y: Int64, group: Int }

  @Test(arguments: [0, 10, 5_000])
  func insertAgreesWithTheStandardSetAcrossGrowth(expected: Int) {
    var rng = SplitMix(seed: UInt64(expected) &+ 7)
    func draw(_ bound: Int64) -> Int64 { Int64(rng.next() * Double(bound)) }
    func wide() -> Int64 { draw(1 << 32) << 32 | draw(1 << 32) }
    var set = ScatterRenderer.PositionSet(expected: expected)
    var reference = Set<Key>()
    // A small range of positions so that repeats are frequent, plus far-off and negative ones.
    for _ in 0..<20_000 {
      let far = draw(10) == 0
      let x = far ? wide() : draw(120) - 20
      let y = far ? wide() : draw(90)
      let group = Int(draw(3))
      let inserted = set.insert(x: x, y: y, group: group)
      #expect(inserted == reference.insert(Key(x: x, y: y, group: group)).inserted)
    }
    #expect(set.count == reference.count)
  }

  @Test func theSamePositionInAnotherColourIsDrawnToo() throws {
    let n = ScatterRenderer.dedupThreshold + 1
    var ds = SeriesFixture.dataSet(x: Array(repeating: 1, count: n), y: Array(repeating: 1, count: n))
    ds.entries.colors = EntryColumn((0..<n).map { Optional($0 % 2 == 0 ? Color(hex: 0xff0000) : Color(hex: 0x0000ff)) })
    let paths = Markup.elements("path", in: SeriesFixture.render(ScatterRenderer.render,
                                                               SeriesFixture.context(ds, kind: .scatter)))
    #expect(paths.map { $0["stroke"] } == ["#ff0000", "#0000ff"])
    #expect(paths.map { $0["d"] } == ["M10 90H10", "M10 90H10"])
    #expect(paths.map { $0["aria-label"] } == ["a: 1 point", "a: 1 point"])
  }
}
