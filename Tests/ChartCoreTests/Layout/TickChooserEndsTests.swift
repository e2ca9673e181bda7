import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// A narrow x axis keeps three ticks and labels their ends (or their middle) rather than going on
/// to larger steps whose nice domains leave the data a sliver of the plot.
@Suite struct TickChooserEndsTests {
  static func layout(_ xs: [Double], width: Double) throws -> ChartLayout {
    let ys = xs.indices.map { Double($0 % 5) + 2 }
    let json: JSONValue = ["kind": "line", "width": .number(width), "height": 160, "legend": ["enabled": false],
                           "dataSets": [["id": "a", "entries": ["x": .numbers(xs), "y": .numbers(ys)]]]]
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    return LayoutEngine.layout(ChartModel(spec: spec))
  }

  static let tile = Array(stride(from: 96.0, through: 104, by: 1))

  /// The x axis's domain and its ticks' labels ("" where a tick is left unlabelled).
  static func xAxis(_ xs: [Double], width: Double) throws -> (min: Double, max: Double, labels: [String]) {
    let x = try #require(try layout(xs, width: width).x)
    return (x.scale.domainMin, x.scale.domainMax, x.ticks.map(\.label))
  }

  @Test func aNarrowAxisLabelsTheEndsOfThreeTicks() throws {
    let x = try Self.xAxis(Self.tile, width: 90)
    #expect(x.min == 95 && x.max == 105, "\(x)")
    #expect(x.labels == ["95", "", "105"])
  }

  /// Ends that do not fit either leave the search to larger steps: a lone label would tell no scale.
  @Test func endsThatDoNotFitGoOnToALargerStep() throws {
    let x = try Self.xAxis(Self.tile, width: 60)
    #expect(x.labels.count == 2 && !x.labels.contains(""), "\(x)")
  }

  @Test func labelsThatFitAreAllKept() throws {
    let wide = try Self.xAxis(Self.tile, width: 180)
    #expect(wide.labels == ["96", "98", "100", "102", "104"], "\(wide)")
    let three = try Self.xAxis(Self.tile, width: 110)
    #expect(three.labels == ["95", "100", "105"], "\(three)")
  }

  /// Where the next step places the same domain (0 … 10 under 5 and under 10, 0 … 20 under 10 and
  /// under 20), it is taken: two labelled ticks, never three with one blank.
  @Test func aStepThatKeepsTheDomainIsTakenWhole() throws {
    for width in stride(from: 40.0, through: 140, by: 5) {
      let x = try Self.xAxis(Array(stride(from: 0.0, through: 10, by: 1)), width: width)
      // (The narrowest axes have no room for a whole label at all: those are left out alike.)
      #expect(!(x.labels.count == 3 && x.labels[1].isEmpty && !x.labels[0].isEmpty), "\(width): \(x)")
    }
  }

  /// Widths where the ends are kept, with points added anywhere inside the domain: the axis stays as
  /// it was, byte for byte (domain hysteresis).
  @Test func pointsInsideAThinnedDomainKeepTheAxis() throws {
    for width in [75.0, 90] {
      let before = try #require(try Self.layout(Self.tile, width: width).x)
      #expect(before.ticks.contains { $0.label.isEmpty }, "\(width)")
      for extra in [95.0, 95.5, 99.9, 104.5, 105] {
        let after = try #require(try Self.layout(Self.tile + [extra], width: width).x)
        #expect(after.ticks == before.ticks, "\(width), \(extra)")
        #expect(after.scale.domainMin == before.scale.domainMin && after.scale.domainMax == before.scale.domainMax)
      }
    }
  }

  @Test func whetherEveryLargerStepWidensDependsOnTheDomainAlone() {
    let o = TickOptions()
    let five = TickStep(mantissa: 5, exponent: 0)
    #expect(NiceTicks.ticks(step: five, domainMin: 95, domainMax: 105).widensAtEveryLargerStep(o))
    #expect(!NiceTicks.ticks(step: five, domainMin: 0, domainMax: 10).widensAtEveryLargerStep(o))
    #expect(!NiceTicks.ticks(step: five, domainMin: 90, domainMax: 100).widensAtEveryLargerStep(o))
    // 2.5 lies between 2 and twice 2: around a middle tick at 2 it places 0 … 2.5, narrower than
    // 0 … 4; around 10, a multiple of 2.5, it places no domain narrower than 8 … 12.
    let two = TickStep(mantissa: 2, exponent: 0)
    #expect(!NiceTicks.ticks(step: two, domainMin: 0, domainMax: 4).widensAtEveryLargerStep(o))
    #expect(NiceTicks.ticks(step: two, domainMin: 8, domainMax: 12).widensAtEveryLargerStep(o))
    // A fixed end stays where it is: only the other may move.
    var fixed = o
    fixed.fixedMin = 95
    #expect(NiceTicks.ticks(step: five, domainMin: 95, domainMax: 105).widensAtEveryLargerStep(fixed))
    fixed.fixedMax = 105
    #expect(!NiceTicks.ticks(step: five, domainMin: 95, domainMax: 105).widensAtEveryLargerStep(fixed))
  }

  /// Horizontal bars up to 2,345,678 on a tile: 0, 2 M and 4 M do not fit, and 0 … 2.5 M (two
  /// ticks) does, with the bars over most of it; the ends of 0 … 4 M are not kept instead.
  @Test func aNarrowerDomainFurtherOnIsPreferredToKeptEnds() throws {
    let json: JSONValue = ["kind": "bar", "width": 200, "height": 130, "bars": ["horizontal": true], "legend": ["enabled": false],
                           "xAxis": ["format": ["type": "category", "labels": ["Alpha", "Beta", "Gamma"]]],
                           "dataSets": [["id": "a", "entries": [1_234_567, 2_345_678, 1_876_543]]]]
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    let left = try #require(LayoutEngine.layout(ChartModel(spec: spec)).left)
    #expect(left.scale.domainMin == 0 && left.scale.domainMax == 2_500_000, "\(left.ticks)")
    #expect(!left.ticks.contains { $0.label.isEmpty }, "\(left.ticks)")
  }
}
