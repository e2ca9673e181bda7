import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Readers of `pie`, `highlightStyle` and `marker`: values, defaults and diagnostics at exact pointers.
@Suite struct PieSpecParseTests {
  func read<T>(_ json: JSONValue, at key: String, _ make: (SpecObject?) -> T) -> (T, DiagnosticLog) {
    let log = DiagnosticLog()
    let value = make(SpecObject(json, at: JSONPointer(["spec", key]), log: log))
    return (value, log)
  }

  /// A pie without a positive value draws nothing but its legend: the reader says why.
  @Test func aPieWithoutAPositiveValueIsAWarningAtItsEntries() {
    func warnings(_ entries: JSONValue) -> [String] {
      let log = DiagnosticLog()
      #expect(ChartSpec.parse(["kind": "pie", "dataSets": [["id": "p", "entries": entries]]], log: log) != nil)
      return log.items.filter { $0.severity == .warning }.map { "\($0.path): \($0.message)" }
    }
    #expect(warnings([0, 0]) == ["/dataSets/0/entries: no slice is drawn: a pie draws positive values, and none of these is"])
    // A negative value has its own warning too, at its pointer.
    #expect(warnings([-1, .null, 0]).filter { $0.hasPrefix("/dataSets/0/entries: no slice") }.count == 1)
    #expect(warnings([0, 2]).isEmpty && warnings([]).isEmpty)
    // The same values on a line are any values.
    let log = DiagnosticLog()
    _ = ChartSpec.parse(["kind": "line", "dataSets": [["id": "p", "entries": [0, 0]]]], log: log)
    #expect(log.items.isEmpty)
  }

  @Test func absentObjectsGiveDefaults() {
    #expect(PieSpec(nil) == PieSpec())
    #expect(HighlightStyle(nil) == HighlightStyle())
    #expect(MarkerSpec(nil) == MarkerSpec())
  }

  @Test func readsEveryPieField() {
    let (pie, log) = read([
      "holeRadius": 0.6, "transparentCircleRadius": 0.65, "transparentCircleOpacity": 0.2, "sliceSpace": 3,
      "roundedSlices": true, "centerText": "Total\n42", "centerTextFontSize": 18, "centerTextColor": "#123456",
      "entryLabels": "outside", "valueLabels": "none", "percentValues": false, "labelFontSize": 10,
      "labelColor": "red", "valueLineColor": "#00ff00", "maxAngle": 180, "rotation": -90, "selectionShift": 8,
    ], at: "pie", PieSpec.init)
    #expect(log.items.isEmpty)
    #expect(pie.holeRadius == 0.6)
    #expect(pie.transparentCircleRadius == 0.65)
    #expect(pie.transparentCircleOpacity == 0.2)
    #expect(pie.sliceSpace == 3)
    #expect(pie.roundedSlices)
    #expect(pie.centerText == "Total\n42")
    #expect(pie.centerTextFontSize == 18)
    #expect(pie.centerTextColor == Color(hex: 0x123456))
    #expect(pie.entryLabels == .outside)
    #expect(pie.valueLabels == PieLabelPosition.none)
    #expect(!pie.percentValues)
    #expect(pie.labelFontSize == 10)
    #expect(pie.labelColor == Color(hex: 0xff0000))
    #expect(pie.valueLineColor == Color(hex: 0x00ff00))
    #expect(pie.maxAngle == 180)
    #expect(pie.rotation == -90)
    #expect(pie.selectionShift == 8)
  }

  @Test func pieErrorsPointAtTheField() {
    let (pie, log) = read(["holeRadius": 1.5, "sliceSpace": "3", "entryLabels": "left", "maxAngle": 45,
                           "roundedSlices": 1, "centerTextColor": "nope"], at: "pie", PieSpec.init)
    let byPath = Dictionary(log.errors.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
    #expect(byPath["/spec/pie/holeRadius"] == "must be between 0 and 1, got 1.5")
    #expect(byPath["/spec/pie/sliceSpace"] == "expected a number, got a string")
    #expect(byPath["/spec/pie/entryLabels"]?.contains("'inside', 'outside', 'none'") == true)
    #expect(byPath["/spec/pie/maxAngle"] == "must be between 90 and 360, got 45")
    #expect(byPath["/spec/pie/roundedSlices"] == "expected a boolean, got a number")
    #expect(byPath["/spec/pie/centerTextColor"] != nil)
    #expect(log.errors.count == 6)
    // Invalid fields keep their defaults so that reading can go on.
    #expect(pie.holeRadius == PieSpec().holeRadius)
    #expect(pie.entryLabels == .inside)
  }

  @Test func unknownKeysAreWarnings() {
    let (_, log) = read(["holeRadius": 0.3, "holeRadus": 0.3], at: "pie", PieSpec.init)
    #expect(!log.hasErrors)
    #expect(log.warnings.map(\.path) == ["/spec/pie/holeRadus"])
    let (_, mlog) = read(["enabled": false, "colour": "red"], at: "marker", MarkerSpec.init)
    #expect(mlog.warnings.map(\.path) == ["/spec/marker/colour"])
    let (_, hlog) = read(["width": 2], at: "highlightStyle", HighlightStyle.init)
    #expect(hlog.warnings.map(\.path) == ["/spec/highlightStyle/width"])
  }

  @Test func notAnObjectIsAnError() {
    let log = DiagnosticLog()
    #expect(SpecObject(.string("big"), at: JSONPointer(["spec", "pie"]), log: log) == nil)
    #expect(log.errors.map(\.path) == ["/spec/pie"])
  }

  @Test func readsHighlightStyle() {
    let (style, log) = read(["color": "#ff0000", "lineWidth": 2, "verticalLine": false, "dash": [4, 2],
                             "barOverlayOpacity": 0.5], at: "highlightStyle", HighlightStyle.init)
    #expect(log.items.isEmpty)
    #expect(style.color == Color(hex: 0xff0000))
    #expect(style.lineWidth == 2)
    #expect(!style.verticalLine)
    #expect(style.horizontalLine)
    #expect(style.dash == [4, 2])
    #expect(style.barOverlayOpacity == 0.5)
  }

  @Test func dashErrorsPointAtTheElement() {
    let (_, log) = read(["dash": [4, -2]], at: "highlightStyle", HighlightStyle.init)
    #expect(log.errors.map(\.path) == ["/spec/highlightStyle/dash/1"])
    let (_, zeros) = read(["dash": [0, 0]], at: "highlightStyle", HighlightStyle.init)
    #expect(zeros.errors.map(\.path) == ["/spec/highlightStyle/dash"])
    let (_, text) = read(["dash": [4, "x"]], at: "highlightStyle", HighlightStyle.init)
    #expect(text.errors.map(\.path) == ["/spec/highlightStyle/dash/1"])
    let (_, range) = read(["barOverlayOpacity": 2], at: "highlightStyle", HighlightStyle.init)
    #expect(range.errors.map(\.path) == ["/spec/highlightStyle/barOverlayOpacity"])
  }

  @Test func readsMarker() {
    let (marker, log) = read(["enabled": false, "showLabel": false], at: "marker", MarkerSpec.init)
    #expect(log.items.isEmpty)
    #expect(!marker.enabled)
    #expect(!marker.showLabel)
    let (_, bad) = read(["showLabel": "yes"], at: "marker", MarkerSpec.init)
    #expect(bad.errors.map(\.path) == ["/spec/marker/showLabel"])
  }
}

/// The examples of protocol/spec/pie-and-highlight.md are valid specs that draw what they show.
@Suite struct PieDocExamplesTests {
  static let document: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }  // <root>/Tests/ChartCoreTests/Spec/<file> → <root>
    return (try? String(contentsOf: url.appendingPathComponent("protocol/spec/pie-and-highlight.md"), encoding: .utf8)) ?? ""
  }()

  /// The JSON blocks that follow a `<!-- example: spec -->` line.
  static var examples: [String] {
    let parts = document.components(separatedBy: "<!-- example: spec -->").dropFirst()
    return parts.compactMap { part in
      guard let start = part.range(of: "```json\n"), let end = part.range(of: "\n```", range: start.upperBound..<part.endIndex)
      else { return nil }
      return String(part[start.upperBound..<end.lowerBound])
    }
  }

  @Test func examplesParseWithoutDiagnosticsAndDrawTheirHighlights() throws {
    let examples = Self.examples
    #expect(examples.count == 5)
    for text in examples {
      let json = try #require(PieFixtures.json(text))
      let log = DiagnosticLog()
      let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
      #expect(log.items.isEmpty, "\(log.items)")
      let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
      if !spec.highlights.isEmpty { #expect(svg.contains("data-role=\"highlight\"><")) }
      if spec.kind == .pie { #expect(svg.contains("aria-label=")) }
    }
  }

  @Test func documentedDiagnosticsAreTheReadersOwn() {
    // Each row of the diagnostics table: read the fragment, expect that path and message.
    let rows: [(String, String, String)] = [
      (#"{"pie": {"holeRadius": 1.5}}"#, "/pie/holeRadius", "must be between 0 and 1, got 1.5"),
      (#"{"pie": {"entryLabels": "left"}}"#, "/pie/entryLabels", "unknown value 'left'; expected one of 'inside', 'outside', 'none'"),
      (#"{"pie": {"maxAngle": 45}}"#, "/pie/maxAngle", "must be between 90 and 360, got 45"),
      (#"{"pie": {"holeRadus": 0.3}}"#, "/pie/holeRadus", "unknown property 'holeRadus' is ignored"),
      (#"{"highlightStyle": {"dash": [4, -2]}}"#, "/highlightStyle/dash/1", "dash lengths must be finite and not negative"),
      (#"{"highlightStyle": {"dash": [0, 0]}}"#, "/highlightStyle/dash", "a dash pattern needs at least one length above 0"),
      (#"{"marker": {"showLabel": "yes"}}"#, "/marker/showLabel", "expected a boolean, got a string"),
      (#"{"marker": {"trigger": "x"}}"#, "/marker/trigger", "unknown value 'x'; expected one of 'item', 'axis'"),
    ]
    for (text, path, message) in rows {
      guard let json = PieFixtures.json(text) else { Issue.record("bad JSON \(text)"); continue }
      let log = DiagnosticLog()
      _ = ChartSpec.parse(json, log: log)
      #expect(log.items.map(\.path) == [path], "\(text)")
      #expect(log.items.map(\.message) == [message], "\(text)")
      #expect(Self.document.contains("`\(path)` | ") && Self.document.contains(message), "\(path) documented")
    }
  }
}
