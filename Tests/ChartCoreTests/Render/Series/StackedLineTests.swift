import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Stacked lines and areas: the bands each entry occupies, the axis they need, and how hiding,
/// missing values, negative values and x values that do not line up are handled.
@Suite struct StackedLineTests {
  /// Reads `json` (failing on errors) into a model.
  static func model(_ json: JSONValue) throws -> ChartModel {
    let log = DiagnosticLog()
    return ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
  }

  /// Three stacked sets "a" (bottom), "b", "c" (top) and a plain line "p", each with `entries`.
  static func spec(_ a: JSONValue, _ b: JSONValue, _ c: JSONValue, mode: String = "normal", hidden: String? = nil,
                   extra: [String: JSONValue] = [:]) -> JSONValue {
    var o: [String: JSONValue] = [
      "kind": "line", "stackMode": .string(mode),
      "dataSets": .array([("a", a), ("b", b), ("c", c)].map { id, e in
        ["id": .string(id), "stack": "s", "line": ["fill": true], "visible": .bool(hidden != id), "entries": e]
      } + [["id": "p", "entries": [1, 1, 1]]]),
    ]
    for (k, v) in extra { o[k] = v }
    return .object(o)
  }

  /// The band of entry `k` of data set `id`, as (base, top).
  static func band(_ m: ChartModel, _ id: String, _ k: Int) -> [Double]? {
    guard let i = m.spec.dataSetIndex(id: id), let g = m.stackGroup(of: i),
          let b = StackBands(m, group: g, dataSet: i).band(entry: k) else { return nil }
    return [b.base, b.top]
  }

  @Test func valuesPileUpInDataSetOrder() throws {
    let m = try Self.model(Self.spec([1, 2, 3], [4, 5, 6], [10, 20, 30]))
    #expect(Self.band(m, "a", 1) == [0, 2])
    #expect(Self.band(m, "b", 1) == [2, 7])
    #expect(Self.band(m, "c", 1) == [7, 27])
    // The plain line on the same axis does not stack.
    #expect(m.stackGroup(of: 3) == nil)
  }

  @Test func percentModeDividesEachXByItsTotal() throws {
    let m = try Self.model(Self.spec([1, 0, 3], [1, 0, 1], [2, 0, 0], mode: "percent"))
    #expect(Self.band(m, "a", 0) == [0, 25])
    #expect(Self.band(m, "b", 0) == [25, 50])
    #expect(Self.band(m, "c", 0) == [50, 100])
    #expect(Self.band(m, "c", 2) == [100, 100])
    // A stack of zeros has no shares: every set lies on 0 (no division by zero).
    #expect(Self.band(m, "c", 1) == [0, 0])
  }

  @Test func sharesOfTinyAndHugeTotalsStayFinite() throws {
    // 100 divided by a subnormal total overflows; dividing each value by the total first does not.
    let subnormal = JSONValue.number(Double.leastNormalMagnitude / 222.5)  // about 1e-310, below the normal range
    let tiny = try Self.model(Self.spec([subnormal], [subnormal], [0], mode: "percent"))
    #expect(Self.band(tiny, "b", 0) == [50, 100])
    // A total beyond the largest double is added up scaled (exactly): the shares of equal values
    // are those of any equal values, not 0 (as they were) nor NaN.
    let huge = try Self.model(Self.spec([1e308], [1e308], [1.7e308], mode: "percent"))
    let small = try Self.model(Self.spec([1], [1], [1.7], mode: "percent"))
    for id in ["a", "b", "c"] {
      let h = try #require(Self.band(huge, id, 0)), s = try #require(Self.band(small, id, 0))
      #expect(zip(h, s).allSatisfy { abs($0 - $1) < 1e-9 }, "\(id): \(h) vs \(s)")
    }
  }

  @Test func pilesBeyondTheLargestDoubleStopThere() throws {
    // 1e308 + 1e308 overflows: the band above ends at the largest double (the axis's own end),
    // not at an infinity that was drawn as a gap and left out of the axis.
    let m = try Self.model(Self.spec([1e308, -1e308], [1e308, -1.5e308], [5, 5]))
    #expect(Self.band(m, "b", 0) == [1e308, .greatestFiniteMagnitude])
    #expect(Self.band(m, "c", 0) == [.greatestFiniteMagnitude, .greatestFiniteMagnitude])
    #expect(Self.band(m, "b", 1) == [-1e308, -.greatestFiniteMagnitude])
    let y = try #require(LayoutEngine.layout(m).left).scale
    #expect(y.domainMax == .greatestFiniteMagnitude && y.domainMin == -.greatestFiniteMagnitude)
  }

  @Test func negativeValuesPileDownFromZero() throws {
    let m = try Self.model(Self.spec([2, -1], [-3, -2], [4, 5]))
    #expect(Self.band(m, "b", 0) == [0, -3])
    #expect(Self.band(m, "c", 0) == [2, 6])
    #expect(Self.band(m, "b", 1) == [-1, -3])
    #expect(Self.band(m, "c", 1) == [0, 5])
  }

  @Test func entriesStackByEqualXAndAMissingEntryAddsZero() throws {
    // "b" has no entry at x = 1 and a missing value at x = 2; "c" sits at x = 0.5 between them.
    let m = try Self.model(Self.spec([[0, 1], [1, 2], [2, 3]], [[0, 10], [2, .null], [3, 5]], [[0.5, 7], [2, 1]]))
    #expect(Self.band(m, "b", 0) == [1, 11])
    #expect(Self.band(m, "b", 1) == nil, "a missing value is a gap in its own set")
    #expect(Self.band(m, "b", 2) == [0, 5], "no entry of 'a' at x = 3")
    #expect(Self.band(m, "c", 0) == [0, 7], "no entry below at x = 0.5")
    #expect(Self.band(m, "c", 1) == [3, 4], "b's missing value adds nothing")
  }

  @Test func theValueAxisFitsTheStackedTotals() throws {
    let m = try Self.model(Self.spec([1, 2, 3], [4, 5, 6], [10, 20, 30]))
    let left = try #require(LayoutEngine.layout(m).left)
    #expect(left.scale.domainMin == 0)
    #expect(left.scale.domainMax >= 39 && left.scale.domainMax < 50, "\(left.scale.domainMax)")
  }

  @Test func aPercentStackSpansZeroToOneHundredPercent() throws {
    let m = try Self.model(Self.spec([1, 2, 3], [4, 5, 6], [10, 20, 30], mode: "percent"))
    let left = try #require(LayoutEngine.layout(m).left)
    #expect(left.scale.domainMin == 0 && left.scale.domainMax == 100)
    #expect(left.ticks.last?.label == "100%")
    #expect(left.ticks.allSatisfy { $0.label.hasSuffix("%") })
  }

  @Test func aHiddenSetLeavesTheStackAndTheRange() throws {
    let shown = try Self.model(Self.spec([1, 2, 3], [40, 50, 60], [10, 20, 30]))
    let hidden = try Self.model(Self.spec([1, 2, 3], [40, 50, 60], [10, 20, 30], hidden: "b"))
    #expect(Self.band(hidden, "c", 2) == [3, 33])
    #expect(try #require(LayoutEngine.layout(hidden).left).scale.domainMax
      < #require(LayoutEngine.layout(shown).left).scale.domainMax)
    // Unless hidden sets count for the ranges: the axis then does not move on a toggle.
    let kept = try Self.model(Self.spec([1, 2, 3], [40, 50, 60], [10, 20, 30], hidden: "b",
                                        extra: ["hiddenDataSetsAffectRange": true]))
    #expect(Self.band(kept, "c", 2) == [3, 33], "still drawn without the hidden set")
    #expect(LayoutEngine.layout(kept).left?.scale == LayoutEngine.layout(shown).left?.scale)
  }

  @Test func theDescriptionSaysWhatIsStacked() throws {
    let m = try Self.model(Self.spec([1, 2], [3, 4], [5, 6], mode: "percent", hidden: "b"))
    let text = ChartSummary.describe(m, LayoutEngine.layout(m))
    #expect(text.contains("Stacked as percentages of each x's total, bottom first: a, c."), "\(text)")
  }

  @Test func theTopOfTheStackIsDrawnFirstSoNoBandCoversALine() throws {
    let m = try Self.model(Self.spec([1, 2, 3], [4, 5, 6], [10, 20, 30]))
    #expect(RegionPlan.seriesDrawOrder(m) == [2, 1, 0, 3])
  }

  @Test func aBandClosesAlongTheLineOfTheSetBelow() throws {
    let m = try Self.model(Self.spec([1, 2, 3], [4, 5, 6], [10, 20, 30]))
    let svg = ChartRenderer.render(m, prefix: "t").svg
    let layout = LayoutEngine.layout(m)
    let xs = try #require(layout.x?.scale), ys = try #require(layout.left?.scale)
    func text(_ x: Double, _ y: Double) -> String {
      let p = layout.project(x: x, y: y, xScale: xs, yScale: ys)
      return SVGNumber.format(p.x) + " " + SVGNumber.format(p.y)
    }
    let b = try #require(svg.split(separator: "\n").first { $0.contains("id=\"t-s-b-0\"") })
    // b's fill runs along its own tops, then back along a's line (the tops of a).
    let fill = try #require(Markup.elements("path", in: String(b)).first?["d"])
    let vertices = PieFixtures.vertices(fill).map { SVGNumber.format($0.x) + " " + SVGNumber.format($0.y) }
    for (x, y) in [(0.0, 5.0), (2, 9), (2, 3), (0, 1)] { #expect(vertices.contains(text(x, y)), "\(x), \(y): \(fill)") }
  }

  @Test func aBandsLowerEdgeFollowsTheModeOfTheLineBelow() throws {
    // "b" is stepped over a straight "a": its band steps along its own top and runs straight back
    // along a's line (in b's own mode it would step back too, and cover part of a's band).
    var json = Self.spec([1, 4, 2, 5], [2, 2, 3, 1], [1, 1, 1, 1])
    if case .object(var o) = json, case .array(var sets)? = o["dataSets"], case .object(var b) = sets[1] {
      b["line"] = ["fill": true, "mode": "stepped"]
      sets[1] = .object(b)
      o["dataSets"] = .array(sets)
      json = .object(o)
    }
    let svg = ChartRenderer.render(try Self.model(json), prefix: "t").svg
    let region = try #require(svg.split(separator: "\n").first { $0.contains("id=\"t-s-b-0\"") })
    let fill = try #require(region.split(separator: "<path").first { $0.contains("aria-hidden") })
    #expect(fill.filter { $0 == "V" }.count == 3, "three steps up or down along the top, none on the way back: \(fill)")
  }

  @Test func cachedChunkExtentsGiveTheRangeOfAFreshModel() throws {
    // Chunks of 16: after appends, an update and a toggle the document's model answers from its
    // cache, a model built from the same spec computes everything; the two must agree.
    var json = Self.spec(.numbers((0..<40).map { Double($0 % 7) }), .numbers((0..<40).map { Double($0 % 5) - 1 }),
                         .numbers((0..<40).map { Double($0 % 3) }))
    if case .object(var o) = json { o["largeData"] = ["chunkSize": 16]; json = .object(o) }
    var doc = ChartDocument(model: try Self.model(json), prefix: "t")
    for j in 0..<3 {
      _ = doc.update { $0.appendEntries(dataSet: 0, EntryColumns(x: [Double(40 + j)], y: [9]), maxEntries: nil) }
      _ = doc.update { $0.updateEntries(dataSet: 1, start: 5 + j, EntryColumns(x: [Double(5 + j)], y: [12])) }
      _ = doc.update { $0.setVisibility(dataSet: 1, j % 2 == 0) }
      for i in 0..<3 {
        let fresh = ChartModel(spec: doc.model.spec)
        #expect(doc.model.stackedValueRange(dataSet: i, xWindow: nil) == fresh.stackedValueRange(dataSet: i, xWindow: nil))
        #expect(doc.model.stackedValueRange(dataSet: i, xWindow: 10...30) == fresh.stackedValueRange(dataSet: i, xWindow: 10...30))
      }
    }
  }
}
