import Testing
@testable import ChartCore

/// Bar markup on a 100 × 100 px plot; x domain 0…10 (10 px per unit).
@Suite struct BarRendererTests {
  typealias F = SeriesFixture
  static let unitBars = BarGeometry(barWidth: 1, offsets: [:])

  func render(_ ds: DataSetSpec, y: ClosedRange<Double> = 0...10, horizontal: Bool = false,
              bars: BarGeometry? = unitBars, configure: (inout ChartSpec) -> Void = { _ in }) -> String {
    F.render(BarRenderer.render, F.context(ds, kind: .bar, y: y, horizontal: horizontal, bars: bars, configure: configure))
  }

  func shapes(_ svg: String) -> [[String: String]] {
    // Bars are <rect> or <path> elements in document order; read both, keeping the order.
    var out: [(Int, [String: String])] = []
    for name in ["rect", "path"] {
      var searchFrom = svg.startIndex
      for attrs in Markup.elements(name, in: svg) {
        let r = svg.range(of: "<" + name + " ", range: searchFrom..<svg.endIndex)!
        out.append((svg.distance(from: svg.startIndex, to: r.lowerBound), attrs.merging(["tag": name]) { a, _ in a }))
        searchFrom = r.upperBound
      }
    }
    return out.sorted { $0.0 < $1.0 }.map(\.1)
  }

  @Test func aBarOfFiveOnZeroToTenIsHalfThePlotTall() throws {
    let svg = render(F.dataSet(x: [5], y: [5]))
    let bar = try #require(Markup.elements("rect", in: svg).first)
    #expect(bar["x"] == "45")
    #expect(bar["width"] == "10")
    #expect(bar["y"] == "50")
    #expect(bar["height"] == "50")
    #expect(bar["fill"] == Theme.light.palette[0].hexString)
    #expect(bar["aria-label"] == "a: 5, 5")
  }

  @Test func groupedBarsUseTheLayoutWidthAndOffset() throws {
    let svg = render(F.dataSet(x: [5], y: [5]), bars: BarGeometry(barWidth: 0.4, offsets: ["a": -0.2]))
    let bar = try #require(Markup.elements("rect", in: svg).first)
    #expect(bar["x"] == "46")
    #expect(bar["width"] == "4")
  }

  @Test func withoutBarGeometryBarsAreCentredAndUseTheSpecWidth() throws {
    let svg = render(F.dataSet(x: [5], y: [5]), bars: nil)
    let bar = try #require(Markup.elements("rect", in: svg).first)
    #expect(bar["x"] == "45.75")
    #expect(bar["width"] == "8.5")
  }

  @Test func negativeBarsGrowDownFromZero() throws {
    // y pixel = 50 − 5·y.
    let bar = try #require(Markup.elements("rect", in: render(F.dataSet(x: [5], y: [-5]), y: -10...10)).first)
    #expect(bar["y"] == "50")
    #expect(bar["height"] == "25")
  }

  @Test func barsGrowFromTheDomainEdgeWhenZeroIsOutside() throws {
    let bar = try #require(Markup.elements("rect", in: render(F.dataSet(x: [5], y: [10]), y: 5...15)).first)
    #expect(bar["y"] == "50")
    #expect(bar["height"] == "50")
  }

  @Test func roundedTopRoundsOnlyTheValueEnd() throws {
    let svg = render(F.dataSet(x: [5], y: [5]) { $0.bar.cornerRadius = 3 })
    #expect(Markup.elements("path", in: svg).first?["d"] == "M48 50H52A3 3 0 0 1 55 53V100H45V53A3 3 0 0 1 48 50Z")
    let negative = render(F.dataSet(x: [5], y: [-5]) { $0.bar.cornerRadius = 3 }, y: -10...10)
    // Value end at the bottom (y 75): only the two bottom corners are arcs.
    #expect(Markup.elements("path", in: negative).first?["d"] == "M45 50H55V72A3 3 0 0 1 52 75H48A3 3 0 0 1 45 72V50Z")
  }

  @Test func roundedBothEndsAndRadiusClampedToHalfTheWidth() throws {
    let both = render(F.dataSet(x: [5], y: [5]) {
      $0.bar.cornerRadius = 3
      $0.bar.corners = .both
    })
    #expect(Markup.elements("path", in: both).first?["d"]
      == "M48 50H52A3 3 0 0 1 55 53V97A3 3 0 0 1 52 100H48A3 3 0 0 1 45 97V53A3 3 0 0 1 48 50Z")
    let clamped = render(F.dataSet(x: [5], y: [5]) { $0.bar.cornerRadius = 100 })
    let d = try #require(Markup.elements("path", in: clamped).first?["d"])
    #expect(d.hasPrefix("M50 50H50A5 5 0 0 1 55 55"), "radius 100 on a 10 px bar is 5 px")
  }

  @Test func stackedSegmentsPileUpAndNegativesGoDown() throws {
    var ds = F.dataSet(x: [5], y: [5]) { $0.bar.cornerRadius = 2 }
    ds.entries.stacks = [[3, 4, -2]]
    let bars = shapes(render(ds, y: -10...10))
    #expect(bars.count == 3)
    // y pixel = 50 − 5·y: segment 0 spans 0…3, 1 spans 3…7, 2 spans 0…−2.
    #expect(bars[0]["tag"] == "rect" && bars[0]["y"] == "35" && bars[0]["height"] == "15", "inner segment is square")
    #expect(bars[1]["d"] == "M47 15H53A2 2 0 0 1 55 17V35H45V17A2 2 0 0 1 47 15Z", "top of the stack rounded")
    #expect(bars[2]["d"] == "M45 50H55V58A2 2 0 0 1 53 60H47A2 2 0 0 1 45 58V50Z", "bottom of the stack rounded")
    #expect(bars.map { $0["fill"] } == (0..<3).map { Theme.light.palette[$0].hexString })
    #expect(bars[1]["aria-label"] == "a: 5, 4")
  }

  @Test func stackSegmentsRoundedIndividuallyWhenAsked() throws {
    var ds = F.dataSet(x: [5], y: [7]) {
      $0.bar.cornerRadius = 2
      $0.bar.roundOuterEndOnly = false
      $0.colors = [Color(hex: 0xff0000), Color(hex: 0x0000ff)]
      $0.stackLabels = ["Low", "High"]
    }
    ds.entries.stacks = [[3, 4, .nan, 1]]
    let bars = shapes(render(ds))
    #expect(bars.count == 3, "a NaN segment draws nothing and adds nothing")
    #expect(bars.allSatisfy { $0["tag"] == "path" })
    #expect(bars.map { $0["fill"] } == ["#ff0000", "#0000ff", "#0000ff"], "colours cycle by segment index")
    #expect(bars[0]["aria-label"] == "a, Low: 5, 3")
    #expect(bars[2]["d"]?.hasPrefix("M47 20H53A2 2 0 0 1 55 22") == true, "segment 3 starts at 7")
  }

  @Test func labelsAreEscapedPieceByPieceAndReadTheValueFormat() throws {
    var ds = F.dataSet(x: [5, 6], y: [7, 2.5]) {
      $0.label = "R&D \"x\""
      $0.stackLabels = ["<low>"]
      $0.valueLabels.format = .number(decimals: 1, prefix: "$", suffix: "")
    }
    ds.entries.labels = ["Mon's", nil]
    ds.entries.stacks = [[3, 4], []]
    let labels = shapes(render(ds) { $0.locale.decimalSeparator = "&" }).compactMap { $0["aria-label"] }
    #expect(labels == [
      "R&amp;D &quot;x&quot;, &lt;low&gt;: Mon&#39;s, $3&amp;0",
      "R&amp;D &quot;x&quot;: Mon&#39;s, $4&amp;0",
      "R&amp;D &quot;x&quot;: 6, $2&amp;5",
    ])
  }

  @Test func bothEndsOfAPositiveStackAreItsTopAndItsBase() throws {
    var ds = F.dataSet(x: [5], y: [5]) {
      $0.bar.cornerRadius = 2
      $0.bar.corners = .both
    }
    ds.entries.stacks = [[2, 3]]
    let bars = shapes(render(ds))
    #expect(bars[0]["d"] == "M45 80H55V98A2 2 0 0 1 53 100H47A2 2 0 0 1 45 98V80Z")
    #expect(bars[1]["d"] == "M47 50H53A2 2 0 0 1 55 52V80H45V52A2 2 0 0 1 47 50Z")
  }

  @Test func horizontalBarsGrowRightAndRoundTheRightEnd() throws {
    let svg = render(F.dataSet(x: [5], y: [5]) { $0.bar.cornerRadius = 3 }, horizontal: true)
    // x runs down (10 px per unit), values run right.
    #expect(Markup.elements("path", in: svg).first?["d"] == "M0 45H47A3 3 0 0 1 50 48V52A3 3 0 0 1 47 55H0V45Z")
  }

  @Test func perEntryColoursAndGradients() throws {
    var ds = F.dataSet(x: [2, 5, 8], y: [5, 5, 5]) { $0.colors = [Color(hex: 0x111111), Color(hex: 0x222222)] }
    ds.entries.colors = [nil, nil, Color(hex: 0x333333)]
    #expect(Markup.elements("rect", in: render(ds)).map { $0["fill"] } == ["#111111", "#222222", "#333333"])

    let gradient = F.dataSet(x: [2, 5], y: [5, -5]) {
      $0.bar.gradient = GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0xff0000)), .init(offset: 1, color: Color(hex: 0x0000ff))])
    }
    let svg = render(gradient, y: -10...10)
    let defs = Markup.elements("linearGradient", in: svg)
    #expect(defs.map { $0["id"] } == ["c-s-a-0-g0", "c-s-a-0-g1"])
    #expect(defs[0]["y1"] == "0" && defs[0]["y2"] == "1", "g0: value end at the top")
    #expect(defs[1]["y1"] == "1" && defs[1]["y2"] == "0", "g1: value end at the bottom")
    #expect(Markup.elements("rect", in: svg).map { $0["fill"] } == ["url(#c-s-a-0-g0)", "url(#c-s-a-0-g1)"])
  }

  @Test func aGradientWithoutStopColoursShadesEachBarAndSegmentInItsOwnColour() throws {
    let shade = GradientSpec(stops: [.init(offset: 0, color: nil), .init(offset: 1, color: nil, opacity: 0.5)])
    // Three bars: colours cycle #111111, #222222, #111111; the last one points down.
    let bars = F.dataSet(x: [2, 5, 8], y: [5, 5, -5]) {
      $0.colors = [Color(hex: 0x111111), Color(hex: 0x222222)]
      $0.bar.gradient = shade
    }
    let svg = render(bars, y: -10...10)
    let defs = Markup.elements("linearGradient", in: svg)
    #expect(defs.map { $0["id"] } == ["c-s-a-0-g0-0", "c-s-a-0-g0-1", "c-s-a-0-g1-0"], "one per colour and direction used")
    #expect(Markup.elements("stop", in: svg).map { $0["stop-color"] } == ["#111111", "#111111", "#222222", "#222222", "#111111", "#111111"])
    #expect(Markup.elements("stop", in: svg).map { $0["stop-opacity"] } == [nil, "0.5", nil, "0.5", nil, "0.5"])
    #expect(Markup.elements("rect", in: svg).map { $0["fill"] } == ["url(#c-s-a-0-g0-0)", "url(#c-s-a-0-g0-1)", "url(#c-s-a-0-g1-0)"])

    var stacked = F.dataSet(x: [5], y: [5]) {
      $0.colors = [Color(hex: 0xaa0000), Color(hex: 0x00aa00)]
      $0.stackLabels = ["Low", "High"]
      $0.bar.gradient = shade
    }
    stacked.entries.stacks = [[2, 3]]
    let stack = render(stacked)
    #expect(Markup.elements("linearGradient", in: stack).map { $0["id"] } == ["c-s-a-0-g0-0", "c-s-a-0-g0-1"])
    #expect(Markup.elements("stop", in: stack).map { $0["stop-color"] } == ["#aa0000", "#aa0000", "#00aa00", "#00aa00"])
    let segments = Markup.elements("rect", in: stack)
    #expect(segments.map { $0["fill"] } == ["url(#c-s-a-0-g0-0)", "url(#c-s-a-0-g0-1)"])
    #expect(segments.map { $0["aria-label"] } == ["a, Low: 5, 2", "a, High: 5, 3"])

    // With colours on every stop a stack keeps its plain segment colours, as before.
    stacked.bar.gradient = GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0xff0000))])
    #expect(Markup.elements("rect", in: render(stacked)).map { $0["fill"] } == ["#aa0000", "#00aa00"])
  }

  @Test func shadowColumnSpansTheValueRangeBehindTheBar() throws {
    let svg = render(F.dataSet(x: [5], y: [5]) {
      $0.bar.shadowColumn = true
      $0.bar.borderWidth = 1
      $0.bar.borderColor = Color(hex: 0x000000)
    })
    let rects = Markup.elements("rect", in: svg)
    #expect(rects.count == 2)
    #expect(rects[0]["y"] == "0" && rects[0]["height"] == "100" && rects[0]["fill"] == Theme.light.grid.hexString)
    #expect(rects[0]["aria-hidden"] == "true")
    #expect(rects[1]["stroke"] == "#000000" && rects[1]["stroke-width"] == "1")
  }

  @Test func nanEmptyAndOffPlotEntriesDrawNothing() {
    #expect(render(F.dataSet(x: [], y: [])).isEmpty)
    #expect(render(F.dataSet(x: [5, .nan], y: [.nan, 3])).isEmpty)
    #expect(render(F.dataSet(x: [50], y: [3])).isEmpty, "far right of the x domain")
    let huge = render(F.dataSet(x: [5], y: [1e308]) { $0.bar.cornerRadius = 4 })
    #expect(huge.contains("-1000000") && !huge.contains("nan"))
    var ds = F.dataSet(x: [5], y: [5])
    ds.entries.stacks = [[.nan, .infinity]]
    #expect(render(ds).isEmpty)
  }

  @Test func outputIsDeterministic() {
    var ds = F.dataSet(x: [1, 2, 3], y: [1, 2, 3]) { $0.bar.cornerRadius = 2 }
    ds.entries.stacks = [[1, -1], [], [2, 1]]
    #expect(render(ds) == render(ds))
  }
}
