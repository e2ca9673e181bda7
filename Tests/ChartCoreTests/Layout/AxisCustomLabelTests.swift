import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// `customLabels`: a tick mark and a text at a given value, fitted beside the regular tick labels.
@Suite struct AxisCustomLabelTests {
  static func spec(left: JSONValue? = nil, x: JSONValue? = nil, width: Double = 560) -> JSONValue {
    var o: [String: JSONValue] = ["kind": "line", "width": .number(width), "height": 320,
                                  "dataSets": [["id": "a", "entries": [38, 41, 44, 40, 46, 43, 47, 45]]]]
    if let left { o["leftAxis"] = ["customLabels": left] }
    if let x { o["xAxis"] = ["customLabels": x] }
    return .object(o)
  }

  static func layout(_ json: JSONValue) throws -> (ChartModel, ChartLayout) {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    #expect(log.items.isEmpty, "\(log.items)")
    let model = ChartModel(spec: spec)
    return (model, LayoutEngine.layout(model))
  }

  @Test func labelsAreReadWithTheirDefaults() throws {
    let (model, _) = try Self.layout(Self.spec(left: [["value": 42.5, "text": "target", "color": "#d1242f"], ["value": 44]]))
    #expect(model.spec.leftAxis.common.customLabels == [
      CustomAxisLabel(value: 42.5, text: "target", color: Color(hex: 0xd1242f)), CustomAxisLabel(value: 44),
    ])
  }

  @Test func badLabelsAreErrorsAtTheirPointer() {
    let cases: [(JSONValue, String)] = [
      ("x", "/leftAxis/customLabels"), ([["text": "no value"]], "/leftAxis/customLabels/0/value"),
      ([["value": 1], ["value": "2"]], "/leftAxis/customLabels/1/value"), ([["value": 1, "color": "nope"]], "/leftAxis/customLabels/0/color"),
      ([["value": 1, "text": 5]], "/leftAxis/customLabels/0/text"), ([.null], "/leftAxis/customLabels/0"),
      (.array(Array(repeating: ["value": 1], count: 101)), "/leftAxis/customLabels"),
    ]
    for (value, pointer) in cases {
      let log = DiagnosticLog()
      #expect(ChartSpec.parse(Self.spec(left: value), log: log) == nil)
      #expect(log.errors.map(\.path) == [pointer], "\(value): \(log.items)")
    }
    let log = DiagnosticLog()
    #expect(ChartSpec.parse(Self.spec(left: [["value": 1, "txt": "typo"]]), log: log) != nil)
    #expect(log.warnings.map(\.path) == ["/leftAxis/customLabels/0/txt"])
  }

  @Test func labelSitsAtItsValueAndHidesTheTickLabelItOverlaps() throws {
    let (_, plain) = try Self.layout(Self.spec())
    let (_, l) = try Self.layout(Self.spec(left: [["value": 42.5, "text": "target"]]))
    let axis = try #require(l.left)
    let label = try #require(axis.customLabels.first)
    #expect(label.text == "target" && label.position == Pixel.round(axis.scale.map(42.5)) && label.center == label.position)
    // The tick at 42 is within a line of 42.5: its label gives way; the others stay.
    let lh = TextMetrics.lineHeight(fontSize: axis.fontSize)
    for (t, before) in zip(axis.ticks, try #require(plain.left).ticks) {
      #expect(t.label.isEmpty == (abs(t.position - label.position) < lh + 1), "\(t.value)")
      if !t.label.isEmpty { #expect(t.label == before.label) }
    }
    #expect(axis.ticks.contains { $0.label.isEmpty })
    // The text is written with the axis's format when none is given; outside the domain nothing is drawn.
    let (_, d) = try Self.layout(Self.spec(left: [["value": 47.25], ["value": 99]]))
    #expect(d.left?.customLabels.map(\.text) == ["47.25"])
  }

  /// A slanted x label reaches along the axis far from its tick: the labels under a custom label are
  /// told by their boxes (a footprint of a line around the tick missed '0.2' at 45° reaching under
  /// a label 20 px to its left, found by `TextFitPropertyTests` at seed 23).
  @Test func aSlantedLabelUnderACustomLabelGivesWay() throws {
    for rotation in [45.0, -30.0] {
      for value in stride(from: 0.02, through: 0.98, by: 0.03) {
        let json: JSONValue = ["kind": "line", "width": 178, "height": 186,
                               "xAxis": ["labelRotation": .number(rotation), "customLabels": [["value": .number(value), "text": "儉"]]],
                               "dataSets": [["id": "a", "entries": [843438.2, 655863.27]]]]
        let texts = try FittedAxisTexts.x(json)
        let custom = try #require(texts.first { $0.kind == .custom }, "the label at \(value) is drawn")
        let ticks = texts.filter { $0.kind == .tick }
        #expect(ticks.count >= 2, "the other labels stay (\(rotation)°, label at \(value))")
        for t in ticks {
          #expect(!t.box.overlaps(custom.box), "'\(t.text.text)' under the label at \(value) (\(rotation)°)")
        }
      }
    }
  }

  @Test func longTextWidensTheBandAndStaysOnTheCanvas() throws {
    let (_, plain) = try Self.layout(Self.spec())
    let text = "a rather long custom label"
    let (_, l) = try Self.layout(Self.spec(left: [["value": 40, "text": .string(text)]], x: [["value": 7, "text": .string(text)]]))
    let fs = try #require(l.left).fontSize
    let width = TextMetrics.width(text, fontSize: fs)
    #expect(l.plot.minX > plain.plot.minX)
    // The y label ends `gap` left of the plot and starts on the canvas.
    #expect(l.plot.minX - 6 - width >= 0)
    // The x label at the right end is moved left to stay inside the canvas (and its padding).
    let x = try #require(l.x?.customLabels.first)
    #expect(x.center + width / 2 <= l.canvas.width)
    #expect(x.center < x.position)
  }

  @Test func textsLongerThanTheirRoomAreShortenedAndStayOnTheCanvas() throws {
    // Across a vertical axis no wider than a tick label may be; along the x axis no wider than the
    // canvas inside its padding.
    let text = String(repeating: "a very long custom label ", count: 12)
    let (_, l) = try Self.layout(Self.spec(left: [["value": 40, "text": .string(text)]], x: [["value": 3, "text": .string(text)]],
                                           width: 300))
    let y = try #require(l.left?.customLabels.first)
    #expect(y.text.hasSuffix("…") && y.width <= 300 * 0.3)
    #expect(l.plot.minX - 6 - y.width >= 0)
    let x = try #require(l.x?.customLabels.first)
    #expect(x.text.hasSuffix("…"))
    #expect(x.center - x.width / 2 >= 10 && x.center + x.width / 2 <= 290)
  }

  @Test func alongTheXAxisALabelStaysClearOfALegendBesideThePlot() throws {
    let json: JSONValue = ["kind": "line", "width": 560, "height": 320,
                           "legend": ["orientation": "vertical", "horizontalAlignment": "right", "verticalAlignment": "center"],
                           "xAxis": ["customLabels": [["value": 7, "text": "the last release of the year"]]],
                           "dataSets": [["id": "a", "label": "Downloads", "entries": [38, 41, 44, 40, 46, 43, 47, 45]]]]
    let (_, l) = try Self.layout(json)
    let x = try #require(l.x?.customLabels.first)
    let legendLeft = try #require(l.legend?.items.map(\.hitRect.minX).min())
    #expect(x.center + x.width / 2 <= legendLeft)
    #expect(x.center < x.position)
  }

  @Test func overlappingCustomLabelsKeepTheFirst() throws {
    let (_, l) = try Self.layout(Self.spec(left: [["value": 42.5, "text": "first"], ["value": 42.6, "text": "second"], ["value": 46, "text": "third"]]))
    #expect(l.left?.customLabels.map(\.text) == ["first", "third"])
  }

  @Test func labelsAreDrawnInTheAxisRegion() throws {
    let (model, _) = try Self.layout(Self.spec(left: [["value": 42.5, "text": "target", "color": "#d1242f"]]))
    let svg = ChartRenderer.render(model, prefix: "c").svg
    let line = try #require(svg.split(separator: "\n").first { $0.contains("id=\"c-left-axis\"") })
    #expect(line.contains("data-role=\"custom-labels\""))
    #expect(line.contains("fill=\"#d1242f\">target</text>"))
    #expect(line.contains("stroke=\"#d1242f\""))
  }

  @Test func mergeSpecRendersTheAxisAndRoundTripsThroughGetSpec() throws {
    let json = Self.spec()
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "d", specJSON: json)
    let log = DiagnosticLog()
    let edits: JSONValue = [["op": "mergeSpec", "patch": ["leftAxis": ["customLabels": [["value": 42.5, "text": "t"]]]]]]
    let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
    let before = doc.svg
    let patch = doc.apply([plan])
    #expect(patch.apply(to: before) == doc.svg)
    let rendered = Set(patch.rendered)
    #expect(rendered.contains(.leftAxis))
    #expect(!rendered.contains(.xAxis) && !rendered.contains(.series(dataSet: "a", chunk: 0)))
    let state = try #require(ChartSpec.parse(doc.currentSpec, log: DiagnosticLog()))
    #expect(ChartRenderer.render(ChartModel(spec: state), prefix: "d").svg == doc.svg)
  }
}
