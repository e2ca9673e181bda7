import ChartdJSON
import Testing
@testable import ChartCore

/// Limit lines in lower panes (`pane`): checked like a data set's pane, drawn against the pane's
/// axis and clipped to the pane, their badges on that axis, and moved when the pane's axis moves.
@Suite struct PaneLimitLineTests {
  /// Closes in the main pane, an oscillator of 0 … 100 below it with its 30 and 70 lines.
  static func spec(lines: JSONValue) -> JSONValue {
    ["kind": "line", "width": 600, "height": 400, "legend": ["enabled": false],
     "panes": [["weight": 3], ["weight": 1, "gap": 10]],
     "dataSets": [["id": "close", "entries": [100, 104, 102, 108, 106]],
                  ["id": "rsi", "pane": 1, "entries": [45, 72, 61, 25, 50]]],
     "limitLines": lines]
  }

  static let rsiLines: JSONValue = [["value": 70, "pane": 1, "label": "overbought"], ["value": 30, "pane": 1, "labelPosition": "axis"],
                                    ["value": 105, "label": "main"], ["value": 2, "axis": "x", "pane": 1]]

  static func model(_ json: JSONValue) throws -> (ChartModel, ChartLayout) {
    let log = DiagnosticLog()
    let m = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    #expect(log.items.isEmpty, "\(log.items)")
    return (m, LayoutEngine.layout(m))
  }

  @Test func aPaneThatDoesNotExistIsAnErrorAtItsPointer() {
    for (panes, pane) in [(JSONValue.null, 1), (.array([["weight": 1], ["weight": 1]]), 2)] {
      let log = DiagnosticLog()
      let json = Self.spec(lines: [["value": 1], ["value": 2, "pane": .number(Double(pane))]])
        .mergePatched(with: ["panes": panes, "dataSets": [["id": "close", "entries": [1, 2]]]])
      #expect(ChartSpec.parse(json, log: log) == nil)
      #expect(log.errors.map(\.path) == ["/limitLines/1/pane"])
      #expect(log.errors.first?.message.contains("pane \(pane) does not exist") == true)
    }
    for pane in [8, -1, 0.5] {
      let past = DiagnosticLog()
      #expect(ChartSpec.parse(Self.spec(lines: [["value": 1, "pane": .number(pane)]]), log: past) == nil)
      #expect(past.errors.map(\.path) == ["/limitLines/0/pane"])
    }
    // The last of the most panes a chart may have.
    let eight: JSONValue = .array((0..<PaneSpec.maxPanes).map { _ in ["weight": 1] })
    let last = DiagnosticLog()
    #expect(ChartSpec.parse(Self.spec(lines: [["value": 1, "pane": 7]]).mergePatched(with: ["panes": eight]), log: last) != nil, "\(last.items)")
  }

  @Test func valueLinesRunAcrossTheirPaneAtItsAxisValue() throws {
    let (_, l) = try Self.model(Self.spec(lines: Self.rsiLines))
    let pane = try #require(l.panes.first)
    let lines = l.limitLines
    #expect(lines.map(\.pane) == [1, 1, 0, 1])
    let seventy = lines[0]
    #expect(seventy.from.y == seventy.to.y)
    #expect(abs(seventy.from.y - pane.axis.scale.map(70)) <= 0.5)
    #expect(seventy.from.x == pane.rect.minX && seventy.to.x == pane.rect.maxX)
    #expect(pane.rect.minY < seventy.labelOrigin.y && seventy.labelOrigin.y < pane.rect.maxY, "the label stays in its pane")
    // The main pane's line is on the main axis, inside the main plot.
    let main = lines[2]
    #expect(abs(main.from.y - (l.left?.scale.map(105) ?? .nan)) <= 0.5)
    #expect(l.plot.minY < main.from.y && main.from.y < l.plot.maxY)
    // An x line runs down its pane only.
    let x = lines[3]
    #expect(x.from.x == x.to.x && x.from.y == pane.rect.minY && x.to.y == pane.rect.maxY)
  }

  @Test func aBadgeSitsOnItsPanesAxis() throws {
    let (_, l) = try Self.model(Self.spec(lines: Self.rsiLines))
    let axis = try #require(l.panes.first?.axis)
    #expect(axis.badges.map(\.text) == ["30.0"], "the value, a decimal finer than the axis's ticks")
    #expect(l.left?.badges.isEmpty == true)
    let badge = try #require(axis.badges.first)
    #expect(abs(badge.box.midY - axis.scale.map(30)) <= 0.5)
  }

  @Test func lowerPaneLinesAreClippedToTheirPane() throws {
    let (m, _) = try Self.model(Self.spec(lines: Self.rsiLines))
    let svg = ChartRenderer.render(m, prefix: "p").svg
    let back = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"p-limits-back\"") })
    #expect(back.hasPrefix("<g id=\"p-limits-back\" data-role=\"limit-lines\"><g clip-path=\"url(#p-plot)\">"))
    #expect(back.contains("<g clip-path=\"url(#p-plot-1)\">"))
    #expect(!back.contains("<text"), "the labels go in front of the data")
    let front = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"p-limits-front\"") })
    #expect(front.hasPrefix("<g id=\"p-limits-front\" data-role=\"limit-lines\"><g clip-path=\"url(#p-plot)\">"))
    #expect(front.contains("<g clip-path=\"url(#p-plot-1)\"><text") && front.contains(">overbought</text>") && front.contains(">main</text>"))
    // Only main-pane lines: the region keeps its one clip, as before panes had lines.
    let (single, _) = try Self.model(Self.spec(lines: [["value": 105, "label": "main"]]))
    let only = try #require(ChartRenderer.render(single, prefix: "p").svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"p-limits-back\"") })
    #expect(only.hasPrefix("<g id=\"p-limits-back\" data-role=\"limit-lines\" clip-path=\"url(#p-plot)\"><path"))
  }

  @Test func anAppendThatMovesThePanesAxisMovesItsLines() throws {
    let json = Self.spec(lines: Self.rsiLines)
    let (m, _) = try Self.model(json)
    var doc = ChartDocument(model: m, prefix: "d", specJSON: json)
    let before = try #require(doc.layout.limitLines.first)
    // 250 widens the oscillator's axis: its lines and badge move (the patch applies: `applyChecked`).
    let patch = try doc.applyChecked([["op": "updateEntries", "dataSet": "rsi", "start": 0, "entries": [250]]])
    #expect(patch.rendered.contains(.limitLines(front: false)))
    #expect(patch.rendered.contains(.paneAxis(1)))
    let after = try #require(doc.layout.limitLines.first)
    #expect(after.pane == 1 && after.from.y > before.from.y, "70 sits lower on a 0 … 250 axis")
  }

  @Test func aMergeSpecThatRemovesTheLinesPaneIsRefused() throws {
    let json = Self.spec(lines: [["value": 70, "pane": 1]])
      .mergePatched(with: ["dataSets": [["id": "close", "entries": [100, 104]]]])
    let (m, _) = try Self.model(json)
    let doc = ChartDocument(model: m, prefix: "e", specJSON: json)
    let log = DiagnosticLog()
    #expect(doc.plan([["op": "mergeSpec", "patch": ["panes": .null]]], at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) == nil)
    #expect(log.errors.map(\.path) == ["/edits/0/patch/limitLines/0/pane"])
  }

  @Test func whereThePlotIsOnePaneEveryLineIsInIt() throws {
    // A pie ignores panes: a line naming pane 1 of the panes listed is drawn in the only pane (a
    // pie draws no limit lines; horizontal bars do, in their one pane).
    let json: JSONValue = ["kind": "bar", "bars": ["horizontal": true], "width": 400, "height": 300,
                           "panes": [["weight": 1], ["weight": 1]], "dataSets": [["id": "a", "entries": [1, 5, 3]]],
                           "limitLines": [["value": 4, "pane": 1]]]
    let log = DiagnosticLog()
    let m = ChartModel(spec: try #require(ChartSpec.parse(json, log: log)))
    #expect(log.warnings.map(\.path) == ["/panes"])
    let l = LayoutEngine.layout(m)
    #expect(l.limitLines.map(\.pane) == [0])
    #expect(l.limitLines.first.map { $0.from.x == $0.to.x } == true, "a value line is vertical in horizontal bars")
  }

  @Test func aLineAtOrBelowZeroOnALowerPanesLogAxisIsWarnedAbout() throws {
    let json = Self.spec(lines: [["value": 0, "pane": 1], ["value": -1], ["value": 10, "pane": 1]])
      .mergePatched(with: ["panes": [["weight": 3], ["weight": 1, "axis": ["scale": "log"]]]])
    let log = DiagnosticLog()
    let m = ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)"))
    // Only the lower pane's axis is logarithmic: the main pane's -1 is not warned about (its axis
    // is linear; outside the domain, it is not drawn), the pane's 10 is drawn.
    #expect(log.warnings.map(\.path) == ["/limitLines/0/value"])
    #expect(LayoutEngine.layout(m).limitLines.map(\.pane) == [1])
  }
}

