import ChartdJSON
import Testing
@testable import ChartCore

/// The style readers: values, defaults, and diagnostics at exact JSON Pointers.
@Suite struct SeriesStylesParseTests {
  static let at = JSONPointer(["dataSets", "2", "style"])

  func read<T>(_ json: JSONValue, _ reader: (SpecObject?) -> T) -> (value: T, diagnostics: [Diagnostic]) {
    let log = DiagnosticLog()
    let value = reader(SpecObject(json, at: Self.at, log: log))
    return (value, log.items)
  }

  func paths(_ d: [Diagnostic], _ severity: Diagnostic.Severity = .error) -> [String] {
    d.filter { $0.severity == severity }.map(\.path)
  }

  @Test func absentStylesAreDefaults() {
    #expect(LineStyle(nil) == LineStyle())
    #expect(BarStyle(nil) == BarStyle())
    #expect(ScatterStyle(nil) == ScatterStyle())
    #expect(BubbleStyle(nil) == BubbleStyle())
    #expect(CandleStyle(nil) == CandleStyle())
    #expect(BarLayoutSpec(nil) == BarLayoutSpec())
    #expect(ValueLabelStyle(nil) == ValueLabelStyle())
    #expect(GradientSpec(nil) == nil)
  }

  @Test func lineStyleReadsEveryField() {
    let (s, d) = read([
      "mode": "cubicBezier", "cubicIntensity": 0.3, "width": 2, "dash": [4, 2], "showCircles": true,
      "circleRadius": 5, "circleHoleRadius": 2.5, "circleHoleColor": "#fff", "drawCircleHole": false,
      "fill": true, "fillColor": "red", "fillOpacity": 0.5, "fillGradient": ["colors": ["#000", "#fff"]],
    ], LineStyle.init)
    #expect(d.isEmpty)
    #expect(s.mode == .cubicBezier && s.cubicIntensity == 0.3 && s.width == 2 && s.dash == [4, 2])
    #expect(s.showCircles && s.circleRadius == 5 && s.circleHoleRadius == 2.5 && !s.drawCircleHole)
    #expect(s.circleHoleColor == Color(hex: 0xffffff) && s.fillColor == Color(hex: 0xff0000))
    #expect(s.fill && s.fillOpacity == 0.5)
    #expect(s.fillGradient?.stops.map(\.offset) == [0, 1])
  }

  @Test func badValuesAreErrorsAtTheirOwnPath() {
    let (s, d) = read(["mode": "spline", "width": "thick", "fillOpacity": 2, "dash": [3, -1]], LineStyle.init)
    // Reported in the reader's field order.
    #expect(paths(d) == ["/dataSets/2/style/mode", "/dataSets/2/style/width", "/dataSets/2/style/dash/1",
                         "/dataSets/2/style/fillOpacity"])
    #expect(d.first?.message == "unknown value 'spline'; expected one of 'linear', 'stepped', 'cubicBezier', 'horizontalBezier'")
    #expect(s == LineStyle(), "invalid fields keep their defaults")
  }

  @Test func unknownKeysAreWarnings() {
    let (_, d) = read(["colour": "red", "shape": "x", "size": 4], ScatterStyle.init)
    #expect(paths(d, .warning) == ["/dataSets/2/style/colour"])
    #expect(paths(d).isEmpty)
  }

  @Test func barStyle() {
    let (s, d) = read([
      "cornerRadius": 6, "corners": "both", "roundOuterEndOnly": false, "borderWidth": 1, "borderColor": "#123456",
      "shadowColumn": true, "shadowColor": "rgba(0,0,0,0.1)",
      "gradient": ["stops": [["offset": 0, "color": "#f00"], ["offset": 1, "color": "#00f", "opacity": 0.5]], "angle": 0],
    ], BarStyle.init)
    #expect(d.isEmpty)
    #expect(s.cornerRadius == 6 && s.corners == .both && !s.roundOuterEndOnly && s.shadowColumn)
    #expect(s.borderColor == Color(hex: 0x123456) && s.shadowColor?.alpha == 0.1)
    #expect(s.gradient == GradientSpec(stops: [.init(offset: 0, color: Color(hex: 0xff0000)),
                                               .init(offset: 1, color: Color(hex: 0x0000ff, alpha: 0.5))], angle: 0))
    let (_, bad) = read(["cornerRadius": -1, "corners": "top-only", "borderColor": "bluish"], BarStyle.init)
    #expect(paths(bad) == ["/dataSets/2/style/cornerRadius", "/dataSets/2/style/corners", "/dataSets/2/style/borderColor"])
  }

  @Test func cornerRadii() {
    let (s, d) = read(["cornerRadii": [8, 8, 0, 2]], BarStyle.init)
    #expect(d.isEmpty && s.cornerRadii == [8, 8, 0, 2])
    let (three, short) = read(["cornerRadii": [8, 8, 0]], BarStyle.init)
    #expect(three.cornerRadii == nil && paths(short) == ["/dataSets/2/style/cornerRadii"])
    #expect(short.first?.message.contains("needs 4 radii") == true)
    let (_, negative) = read(["cornerRadii": [8, -1, 0, 0]], BarStyle.init)
    #expect(paths(negative) == ["/dataSets/2/style/cornerRadii/1"])
    let (_, huge) = read(["cornerRadii": [8, 1, 0, 1001]], BarStyle.init)
    #expect(paths(huge) == ["/dataSets/2/style/cornerRadii/3"])
    let (_, text) = read(["cornerRadii": [8, "round", 0, 0]], BarStyle.init)
    #expect(paths(text) == ["/dataSets/2/style/cornerRadii/1"])
  }

  @Test func aStopWithoutColourFollowsWhatItPaints() {
    let reader: (SpecObject?) -> GradientSpec? = GradientSpec.init
    let (g, d) = read(["stops": [["offset": 0], ["offset": 1, "opacity": 0.25]]], reader)
    #expect(d.isEmpty)
    #expect(g == GradientSpec(stops: [.init(offset: 0, color: nil), .init(offset: 1, color: nil, opacity: 0.25)]))
    #expect(g?.followsOwnColor == true)
    #expect(g?.stops[1].resolved(Color(hex: 0x4e79a7)) == Color(hex: 0x4e79a7, alpha: 0.25))
    let (given, _) = read(["stops": [["offset": 0, "color": "#ff0000", "opacity": 0.5]]], reader)
    #expect(given?.followsOwnColor == false && given?.stops[0].resolved(Color(hex: 0x00ff00)) == Color(hex: 0xff0000, alpha: 0.5))
  }

  @Test func gradientDiagnostics() {
    let reader: (SpecObject?) -> GradientSpec? = GradientSpec.init
    let (decreasing, d1) = read(["stops": [["offset": 0.5, "color": "#000"], ["offset": 0.2, "color": "#fff"]]], reader)
    #expect(decreasing == nil)
    #expect(paths(d1) == ["/dataSets/2/style/stops/1/offset"])
    let (_, d2) = read(["stops": [["offset": 0, "color": "bluish"], ["color": "#fff", "offset": 1, "alpha": 1]]], reader)
    #expect(paths(d2) == ["/dataSets/2/style/stops/0/color"], "a colour given but unreadable is an error")
    #expect(paths(d2, .warning) == ["/dataSets/2/style/stops/1/alpha"])
    let (_, d3) = read(["stops": [], "colors": ["#000"]], reader)
    #expect(paths(d3) == ["/dataSets/2/style/colors"])
    let (_, d4) = read(["colors": ["#000", 7, "nope"]], reader)
    #expect(paths(d4) == ["/dataSets/2/style/colors/1", "/dataSets/2/style/colors/2"])
    let (_, d5) = read(["angle": 45], reader)
    #expect(paths(d5) == ["/dataSets/2/style/stops"])
    let (_, d6) = read(["stops": [nil]], reader)
    #expect(paths(d6) == ["/dataSets/2/style/stops/0"])
    let (single, d7) = read(["colors": ["#abc"]], reader)
    #expect(d7.isEmpty && single?.stops.count == 1)
  }

  @Test func scatterBubbleAndCandleStyles() {
    #expect(read(["shape": "chevronDown", "size": 12], ScatterStyle.init).value.shape == .chevronDown)
    #expect(paths(read(["size": 500], ScatterStyle.init).diagnostics) == ["/dataSets/2/style/size"])
    let bubble = read(["maxDiameter": 60, "opacity": 0.4], BubbleStyle.init).value
    #expect(bubble.maxDiameter == 60 && bubble.opacity == 0.4)
    let (candle, d) = read([
      "increasingColor": "green", "decreasingColor": "#c00", "neutralColor": "gray", "increasingFilled": true,
      "decreasingFilled": false, "shadowColor": "black", "shadowWidth": 1, "barSpace": 0.2, "ohlcTicks": true,
    ], CandleStyle.init)
    #expect(d.isEmpty)
    #expect(candle.increasingFilled && !candle.decreasingFilled && candle.ohlcTicks && candle.barSpace == 0.2)
    #expect(candle.decreasingColor == Color(hex: 0xcc0000))
    #expect(paths(read(["barSpace": 0.5], CandleStyle.init).diagnostics) == ["/dataSets/2/style/barSpace"])
  }

  @Test func barLayout() {
    let (s, d) = read(["barWidth": 0.5, "grouped": false, "groupSpace": 0.1, "barSpace": 0, "maxBarWidthPx": 32,
                       "minGapPx": 16, "horizontal": true], BarLayoutSpec.init)
    #expect(d.isEmpty)
    #expect(s.barWidth == 0.5 && !s.grouped && s.maxBarWidthPx == 32 && s.minGapPx == 16 && s.horizontal)
    let (_, bad) = read(["barWidth": 0, "maxBarWidthPx": 0, "groupSpace": -1], BarLayoutSpec.init)
    #expect(paths(bad) == ["/dataSets/2/style/barWidth", "/dataSets/2/style/groupSpace", "/dataSets/2/style/maxBarWidthPx"])
    #expect(bad.first?.message == "must be greater than 0")
  }

  @Test func valueLabels() {
    let (s, d) = read(["show": true, "fontSize": 9, "color": "#333", "maxVisibleEntries": 50], ValueLabelStyle.init)
    #expect(d.isEmpty)
    #expect(s.show && s.fontSize == 9 && s.color == Color(hex: 0x333333) && s.maxVisibleEntries == 50)
    let (_, bad) = read(["show": "yes", "maxVisibleEntries": 2.5, "fontSize": 0], ValueLabelStyle.init)
    #expect(paths(bad) == ["/dataSets/2/style/show", "/dataSets/2/style/fontSize", "/dataSets/2/style/maxVisibleEntries"])
  }

  @Test func aStyleThatIsNotAnObjectIsReportedByTheCaller() {
    let log = DiagnosticLog()
    #expect(SpecObject(.string("red"), at: Self.at, log: log) == nil)
    #expect(log.errors.map(\.path) == ["/dataSets/2/style"])
  }
}

/// The readers wired into the whole spec: JSON text in, styled data sets and rendered markup out.
@Suite struct SeriesStylesSpecTests {
  @Test func aSpecCarriesStylesToTheRenderers() throws {
    let json = try JSONReader.parse("""
      {"kind": "bar", "bars": {"barWidth": 0.5},
       "dataSets": [{"id": "s", "entries": {"x": [0, 1], "y": [3, 4]},
                     "bar": {"cornerRadius": 4, "gradient": {"colors": ["#f00", "#00f"]}},
                     "valueLabels": {"show": true}}]}
      """)
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log))
    #expect(log.items.isEmpty, "\(log.items)")
    #expect(spec.bars.barWidth == 0.5)
    #expect(spec.dataSets.first?.bar.cornerRadius == 4)
    let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "p").svg
    #expect(svg.contains("<linearGradient id=\"p-s-s-0-g0\""))
    #expect(svg.contains("data-role=\"value-labels\""))
  }

  @Test func styleErrorsPointIntoTheSpec() throws {
    let json = try JSONReader.parse("""
      {"dataSets": [{"id": "a", "entries": {"x": [0], "y": [1]}},
                    {"id": "b", "entries": {"x": [0], "y": [1]}, "line": {"width": "2", "fillGradient": {"stops": [{"offset": 2, "color": "red"}]}}}]}
      """)
    let log = DiagnosticLog()
    #expect(ChartSpec.parse(json, at: JSONPointer(["spec"]), log: log) == nil)
    #expect(log.errors.map(\.path) == ["/spec/dataSets/1/line/width", "/spec/dataSets/1/line/fillGradient/stops/0/offset"])
  }
}
