import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// M4 keeps, in every device-pixel column the rasteriser fills, the extremes that the lossless
/// line has there: checked against the columns computed here from every entry, for plots whose
/// left edge is not on a pixel boundary, at several device pixel ratios.
@Suite struct M4PixelColumnTests {
  /// Device column of user x as written in the SVG (two decimals), from the canvas's left edge.
  static func column(_ px: Double, ratio: Double) -> Int {
    Int(((Double(SVGNumber.format(px)) ?? px) * ratio).rounded(.down))
  }

  @Test(arguments: [0.5, 1, 1.5, 2, 3])
  func everyPixelColumnKeepsTheLosslessExtremes(ratio: Double) throws {
    var rng = SeededRandom(seed: UInt64(ratio * 1000))
    for round in 0..<12 {
      let n = 400 + Int(rng.next() % 3000)
      var y = 0.0
      let ys: [Double] = (0..<n).map { _ in
        y += rng.normal() * 3
        return rng.uniform() < 0.01 ? y + 60 * (rng.uniform() - 0.5) : y  // spikes
      }
      // Widths and a long y title move the plot's left edge off the pixel grid.
      let spec: JSONValue = [
        "kind": "line", "width": .number(Double(200 + rng.next() % 500) + 0.37 * Double(round)), "height": 240,
        "leftAxis": ["title": .string(String(repeating: "y", count: 1 + Int(rng.next() % 9)))],
        "largeData": ["threshold": 50, "devicePixelRatio": .number(ratio)],
        "dataSets": [["id": "a", "entries": .numbers(ys)]],
      ]
      let log = DiagnosticLog()
      let model = ChartModel(spec: try #require(ChartSpec.parse(spec, log: log), "\(log.items)"))
      let layout = LayoutEngine.layout(model)
      let m4 = try #require(Aggregations.compute(model, layout).aggregation(of: "a"), "round \(round): not drawn through M4")
      let scale = try #require(layout.x?.scale)
      var kept = Set<Int>()
      for chunk in 0..<m4.chunkCount {
        if case .list(let indices) = m4.indices(ofChunk: chunk) { kept.formUnion(indices) }
      }
      // Per device column inside the plot: lowest and highest y of every entry, and of the kept ones.
      let first = Int((layout.plot.minX * ratio).rounded(.down)), last = Int((layout.plot.maxX * ratio).rounded(.up)) - 1
      var all: [Int: (lo: Double, hi: Double)] = [:], drawn: [Int: (lo: Double, hi: Double)] = [:]
      for i in 0..<n {
        let px = scale.map(Double(i))
        var c = Self.column(px, ratio: ratio)
        // An entry exactly on the plot's right edge is drawn (clipped) as the end of the last column.
        if c == last + 1, px <= layout.plot.maxX { c = last }
        guard c >= first, c <= last else { continue }
        all[c] = (min(all[c]?.lo ?? .infinity, ys[i]), max(all[c]?.hi ?? -.infinity, ys[i]))
        if kept.contains(i) { drawn[c] = (min(drawn[c]?.lo ?? .infinity, ys[i]), max(drawn[c]?.hi ?? -.infinity, ys[i])) }
      }
      for (c, extent) in all.sorted(by: { $0.key < $1.key }) {
        #expect(drawn[c]?.lo == extent.lo && drawn[c]?.hi == extent.hi,
                "ratio \(ratio), round \(round), plot x \(layout.plot.minX): column \(c) keeps \(String(describing: drawn[c])), lossless \(extent)")
      }
    }
  }
}
