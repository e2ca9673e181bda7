import Testing
@testable import ChartCore

/// Line markup on a 100 × 100 px plot with x and y domains 0…10: pixel = (10·x, 100 − 10·y).
@Suite struct LineRendererTests {
  typealias F = SeriesFixture

  func linePath(_ svg: String) -> [String: String]? {
    Markup.elements("path", in: svg).first { $0["aria-label"] != nil }
  }

  func render(_ ds: DataSetSpec, y: ClosedRange<Double> = 0...10, indices: EntryIndices? = nil,
              configure: (inout ChartSpec) -> Void = { _ in }) -> String {
    F.render(LineRenderer.render, F.context(ds, kind: .line, y: y, indices: indices, configure: configure))
  }

  @Test func linearPathJoinsProjectedPoints() throws {
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 5, 10]))
    let path = try #require(linePath(svg))
    #expect(path["d"] == "M0 100L50 50L100 0")
    #expect(path["fill"] == "none")
    #expect(path["stroke"] == Theme.light.palette[0].hexString)
    #expect(path["stroke-width"] == "1.5")
    #expect(path["aria-label"] == "a")
    #expect(Markup.elements("path", in: svg).count == 1, "no per-point elements without circles")
  }

  @Test func nanStartsANewSubpathAndALonePointIsADot() throws {
    let svg = render(F.dataSet(x: [0, 1, 2, 3, 4, 5, 6], y: [1, 2, .nan, 4, .nan, 6, 7]))
    let d = try #require(linePath(svg)?["d"])
    // Runs: (0,1)-(1,2) | (3,4) alone | (5,6)-(6,7).
    #expect(d == "M0 90L10 80M30 60H30M50 40L60 30")
  }

  @Test func cubicBezierControlPointsFollowIOSCharts() throws {
    // Tangent at each point = 0.2 × (next − previous), ends clamped (worked out by hand).
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 10, 0]) { $0.line.mode = .cubicBezier })
    #expect(linePath(svg)?["d"] == "M0 100C10 80 30 0 50 0C70 0 90 80 100 100")
  }

  @Test func cubicIntensityScalesTangents() throws {
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 10, 0]) {
      $0.line.mode = .cubicBezier
      $0.line.cubicIntensity = 0.1
    })
    #expect(linePath(svg)?["d"] == "M0 100C5 90 40 0 50 0C60 0 95 90 100 100")
  }

  @Test func horizontalBezierNeverOvershoots() throws {
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 10, 0]) { $0.line.mode = .horizontalBezier })
    let d = try #require(linePath(svg)?["d"])
    #expect(d == "M0 100C25 100 25 0 50 0C75 0 75 100 100 100")
    for (command, numbers) in Markup.commands(d) where command == "C" {
      for k in stride(from: 1, to: numbers.count, by: 2) { #expect(numbers[k] >= 0 && numbers[k] <= 100) }
    }
  }

  @Test func steppedHoldsTheValueUntilTheNextX() throws {
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 10, 0]) { $0.line.mode = .stepped })
    #expect(linePath(svg)?["d"] == "M0 100H50V0H100V100")
  }

  @Test func steppedInAHorizontalChartStepsAlongTheVerticalXAxis() throws {
    let ds = F.dataSet(x: [0, 5, 10], y: [0, 10, 0]) { $0.line.mode = .stepped }
    let svg = F.render(LineRenderer.render, F.context(ds, kind: .line, horizontal: true))
    // x runs down (pixel y = 10·x), y runs right (pixel x = 10·y).
    #expect(linePath(svg)?["d"] == "M0 0V50H100V100H0")
  }

  @Test func fillClosesToZeroWhenTheDomainCrossesIt() throws {
    let svg = render(F.dataSet(x: [0, 10], y: [2, 4]) { $0.line.fill = true }, y: -10...10)
    let fill = try #require(Markup.elements("path", in: svg).first)
    // y pixel = 50 − 5·y: 0 → 50, 2 → 40, 4 → 30.
    #expect(fill["d"] == "M0 50V40L100 30L100 50Z")
    #expect(fill["fill"] == Theme.light.palette[0].hexString)
    #expect(fill["fill-opacity"] == "0.33")
    #expect(fill["aria-hidden"] == "true")
  }

  @Test func fillClosesToTheDomainEndNearestZeroOtherwise() throws {
    let positive = render(F.dataSet(x: [0, 10], y: [8, 12]) { $0.line.fill = true }, y: 5...15)
    #expect(Markup.elements("path", in: positive).first?["d"] == "M0 100V70L100 30L100 100Z")
    let negative = render(F.dataSet(x: [0, 10], y: [-8, -12]) { $0.line.fill = true }, y: -15 ... -5)
    #expect(Markup.elements("path", in: negative).first?["d"] == "M0 0V30L100 70L100 0Z")
  }

  @Test func fillFollowsEachRunSeparately() throws {
    let svg = render(F.dataSet(x: [0, 1, 2, 3, 4], y: [1, 2, .nan, 3, 4]) { $0.line.fill = true })
    let d = try #require(Markup.elements("path", in: svg).first?["d"])
    #expect(d == "M0 100V90L10 80L10 100ZM30 100V70L40 60L40 100Z")
  }

  @Test func gradientFillIsDefinedInTheRegionAndMirrorsAtTheBaseline() throws {
    let ds = F.dataSet(x: [0, 10], y: [5, -5]) {
      $0.line.fill = true
      $0.line.fillGradient = GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0xff0000)),
                                                  .init(offset: 1, color: Color(hex: 0xff0000, alpha: 0))])
    }
    let svg = render(ds, y: -10...30)
    let gradient = try #require(Markup.elements("linearGradient", in: svg).first)
    #expect(gradient["id"] == "c-s-a-0-fill")
    #expect(gradient["gradientUnits"] == "userSpaceOnUse")
    #expect(gradient["spreadMethod"] == "reflect")
    // Baseline 0 is at pixel 75; the farther plot edge (the top) is offset 0.
    #expect(gradient["y1"] == "0")
    #expect(gradient["y2"] == "75")
    let stops = Markup.elements("stop", in: svg)
    #expect(stops.map { $0["offset"] } == ["0", "1"])
    #expect(stops.last?["stop-opacity"] == "0")
    #expect(Markup.elements("path", in: svg).first?["fill"] == "url(#c-s-a-0-fill)")
    #expect(svg.hasPrefix("<defs>"))
  }

  @Test func aFillGradientWithoutStopColoursFadesTheFillColour() throws {
    let ds = F.dataSet(x: [0, 10], y: [5, 8]) {
      $0.line.fill = true
      $0.line.fillColor = Color(hex: 0x336699)
      $0.line.fillGradient = GradientSpec(stops: [.init(offset: 0, color: nil, opacity: 0.8), .init(offset: 1, color: nil, opacity: 0)])
    }
    let stops = Markup.elements("stop", in: render(ds))
    #expect(stops.map { $0["stop-color"] } == ["#336699", "#336699"])
    #expect(stops.map { $0["stop-opacity"] } == ["0.8", "0"])
  }

  @Test func circlesAreTwoPathsOfDotsWithHolesInTheBackgroundColour() throws {
    let svg = render(F.dataSet(x: [0, 5, 10], y: [0, 5, 10]) {
      $0.line.showCircles = true
      $0.line.circleRadius = 4
      $0.line.circleHoleRadius = 2
    })
    let paths = Markup.elements("path", in: svg)
    #expect(paths.count == 3)
    #expect(paths[1]["d"] == "M0 100H0M50 50H50M100 0H100")
    #expect(paths[1]["stroke-width"] == "8")
    #expect(paths[1]["stroke-linecap"] == "round")
    #expect(paths[2]["d"] == paths[1]["d"])
    #expect(paths[2]["stroke-width"] == "4")
    #expect(paths[2]["stroke"] == Theme.light.background.hexString)
  }

  @Test func holeColourAndNoHole() throws {
    let coloured = render(F.dataSet(x: [0], y: [0]) {
      $0.line.showCircles = true
      $0.line.circleHoleColor = Color(hex: 0x00ff00)
    })
    #expect(Markup.elements("path", in: coloured).last?["stroke"] == "#00ff00")
    let solid = render(F.dataSet(x: [0], y: [0]) {
      $0.line.showCircles = true
      $0.line.drawCircleHole = false
    })
    #expect(Markup.elements("path", in: solid).count == 2)
  }

  @Test func aChunkDrawsOnlyItsEntriesAndDoesNotRepeatTheJoiningCircle() throws {
    let ds = F.dataSet(x: [0, 1, 2, 3, 4, 5], y: [1, 2, 3, 4, 5, 6]) { $0.line.showCircles = true }
    let second = render(ds, indices: .range(1..<4)) { $0.largeData.chunkSize = 3 }
    let paths = Markup.elements("path", in: second)
    #expect(paths[0]["d"] == "M10 80L20 70L30 60", "the line starts at the previous chunk's last entry")
    #expect(paths[1]["d"] == "M20 70H20M30 60H30", "its circle belongs to the previous chunk")
    let first = render(ds, indices: .range(0..<3)) { $0.largeData.chunkSize = 3 }
    #expect(Markup.elements("path", in: first)[1]["d"] == "M0 90H0M10 80H10M20 70H20")
  }

  @Test func anM4ListDrawsExactlyTheChosenEntries() throws {
    let svg = render(F.dataSet(x: [0, 1, 2, 3, 4], y: [0, 9, 1, 8, 0]), indices: .list([0, 1, 4]))
    #expect(linePath(svg)?["d"] == "M0 100L10 10L40 100")
  }

  @Test func pointsFarOutsideTheXRangeAreTrimmed() throws {
    let x = (0...100).map(Double.init)
    let svg = render(F.dataSet(x: x, y: x.map { $0.truncatingRemainder(dividingBy: 10) }))
    let d = try #require(linePath(svg)?["d"])
    // Visible x 0…10 plus one point beyond: 12 points of 101.
    #expect(Markup.commands(d).count == 12)
    #expect(d.hasSuffix("L100 100L110 90"), "x = 11 (y = 1) is the last point kept")
  }

  @Test func dashesAndWidth() throws {
    let svg = render(F.dataSet(x: [0, 10], y: [0, 10]) {
      $0.line.dash = [4, 2]
      $0.line.width = 3
    })
    #expect(linePath(svg)?["stroke-dasharray"] == "4 2")
    #expect(linePath(svg)?["stroke-width"] == "3")
  }

  @Test func emptyNaNAndHugeInputsRenderSanely() {
    #expect(render(F.dataSet(x: [], y: [])).isEmpty)
    #expect(render(F.dataSet(x: [0, 1], y: [.nan, .nan]) { $0.line.fill = true; $0.line.showCircles = true }).isEmpty)
    #expect(render(F.dataSet(x: [.nan, .infinity], y: [1, 2])).isEmpty)
    let huge = render(F.dataSet(x: [0, 1, 2], y: [1, 1e300, -1e300]) { $0.line.fill = true })
    #expect(huge.contains("L10 -1000000"))
    #expect(!huge.contains("nan") && !huge.contains("inf"))
    // Out-of-range indices (a stale chunk) are ignored rather than trapping.
    #expect(render(F.dataSet(x: [0], y: [1]), indices: .list([0, 7, -1])).contains("M0 90"))
  }

  @Test func outputIsDeterministic() {
    let ds = F.dataSet(x: (0..<50).map(Double.init), y: (0..<50).map { Double($0 % 7) }) {
      $0.line.mode = .cubicBezier
      $0.line.fill = true
      $0.line.showCircles = true
    }
    #expect(render(ds) == render(ds))
  }
}
