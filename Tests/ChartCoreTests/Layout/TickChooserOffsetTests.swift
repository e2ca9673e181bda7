import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Tick labels that share their leading digits and would be shortened to the same "1733011200…" are
/// written from an offset shown beside the axis, and each tick's value is its label plus that offset.
@Suite struct TickChooserOffsetTests {
  static func layout(_ json: JSONValue) throws -> (ChartModel, ChartLayout) {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    let model = ChartModel(spec: spec)
    return (model, LayoutEngine.layout(model))
  }

  static func line(_ ys: [Double], width: Double = 260, height: Double = 220, leftAxis: JSONValue = [:],
                   locale: JSONValue = [:]) -> JSONValue {
    ["kind": "line", "width": .number(width), "height": .number(height), "leftAxis": leftAxis, "locale": locale,
     "dataSets": [["id": "a", "entries": ["x": .numbers(ys.indices.map(Double.init)), "y": .numbers(ys)]]]]
  }

  /// Applies `edits` to `doc`: the patch takes the SVG before to the SVG after, which is a render
  /// from scratch of the document's spec.
  static func apply(_ edits: JSONValue, to doc: inout ChartDocument, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let log = DiagnosticLog()
    let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)",
                            sourceLocation: sourceLocation)
    let before = doc.svg
    let patch = doc.apply([plan])
    #expect(patch.apply(to: before) == doc.svg, sourceLocation: sourceLocation)
    let state = try #require(ChartSpec.parse(doc.currentSpec, log: DiagnosticLog()), sourceLocation: sourceLocation)
    #expect(ChartRenderer.render(ChartModel(spec: state), prefix: "c").svg == doc.svg, sourceLocation: sourceLocation)
  }

  static let stamps = [1_733_011_200_000.1, 1_733_011_200_000.4, 1_733_011_200_000.2, 1_733_011_200_000.9]

  /// The number a label writes (plain digits, a decimal point, maybe an exponent).
  func number(_ label: String) -> Double? { Double(label.replacingOccurrences(of: ",", with: "")) }

  @Test func labelsThatWouldBeShortenedAreWrittenFromAnOffset() throws {
    let (_, layout) = try Self.layout(Self.line(Self.stamps))
    let left = try #require(layout.left)
    let offset = try #require(left.labelOffset)
    #expect(offset == 1_733_011_200_000)
    #expect(left.ticks.map(\.label) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    #expect(left.titleLines == ["+1733011200000"])
    // Each label plus the offset is its tick's value, to the label's own digits.
    for t in left.ticks {
      let value = try #require(number(t.label)).advanced(by: offset)
      #expect(abs(value - t.value) <= 1e-3, "\(t)")
    }
  }

  @Test func labelsThatFitStayWhole() throws {
    let (_, layout) = try Self.layout(Self.line(Self.stamps, width: 700))
    let left = try #require(layout.left)
    #expect(left.labelOffset == nil)
    #expect(left.ticks.first?.label == "1733011200000.0")
    #expect(left.titleLines.isEmpty)
  }

  @Test func theOffsetFollowsTheTitleAndKeepsItsSign() throws {
    let negative = Self.stamps.map { -$0 }
    let (_, layout) = try Self.layout(Self.line(negative, leftAxis: ["title": "Time"]))
    let left = try #require(layout.left)
    let offset = try #require(left.labelOffset)
    #expect(offset == -1_733_011_200_010)
    #expect(left.titleLines == ["Time", "-1733011200010"])
    // Labels are at or above zero: the offset lies at or below the lowest tick.
    for t in left.ticks {
      let label = try #require(number(t.label))
      #expect(label >= 0)
      #expect(abs(label + offset - t.value) <= 1e-3, "\(t)")
    }
  }

  @Test func theLocaleWritesTheOffsetAsItWritesLabels() throws {
    let locale: JSONValue = ["decimalSeparator": ",", "groupingSeparator": ".", "useGrouping": true]
    let (_, layout) = try Self.layout(Self.line(Self.stamps, locale: locale))
    let left = try #require(layout.left)
    #expect(left.labelOffset == 1_733_011_200_000)
    #expect(left.titleLines == ["+1.733.011.200.000"])
    #expect(left.ticks.map(\.label) == ["0,0", "0,2", "0,4", "0,6", "0,8", "1,0"])
  }

  @Test func formatsTheUserChoseAreNotRewritten() throws {
    for format: JSONValue in [["type": "number", "suffix": " ms"], ["type": "number", "decimals": 1], "percent", "compact"] {
      let (_, layout) = try Self.layout(Self.line(Self.stamps, leftAxis: ["format": format]))
      #expect(layout.left?.labelOffset == nil, "\(format)")
    }
  }

  @Test func labelsLongForThemselvesAreNotOffset() throws {
    // 0 … 60,000,000 share no leading digits: the offset would be zero.
    let (_, layout) = try Self.layout(Self.line([0, 12_345_678.9, 61_234_567.8], width: 120))
    let left = try #require(layout.left)
    #expect(left.labelOffset == nil)
  }

  @Test func withoutRoomForTheOffsetsLineTheLabelsAreShortenedAsBefore() throws {
    // A plot 30 px high: no line along it fits the offset's text.
    let (_, layout) = try Self.layout(Self.line(Self.stamps, height: 110))
    let left = try #require(layout.left)
    #expect(left.labelOffset == nil)
    #expect(left.titleLines.isEmpty)
    #expect(left.ticks.allSatisfy { $0.label.isEmpty || $0.label.hasSuffix("…") })
  }

  @Test func theOffsetIsDrawnWithItsExactValueAndPatchesLikeAnyTitle() throws {
    let json = Self.line(Self.stamps)
    let (model, _) = try Self.layout(json)
    let svg = ChartRenderer.render(model, prefix: "c").svg
    let line = try #require(svg.split(separator: "\n").first { $0.contains("id=\"c-left-axis\"") })
    #expect(line.contains("<g data-label-offset=\"1733011200000.0\"><text"))
    #expect(line.contains(">+1733011200000</text></g>"))
    // An append that moves the ticks far: the offset goes, comes back, and patches hold.
    var doc = ChartDocument(model: model, prefix: "c", specJSON: json)
    for y in [1_733_011_300_000.0, 1_733_011_200_001.5] {
      try Self.apply([["op": "updateEntries", "dataSet": "a", "start": 3, "entries": [["x": 3, "y": .number(y)]]]], to: &doc)
    }
  }

  /// Milliseconds one minute apart, as x values of a scatter `width` px wide.
  static func row(width: Double, xAxis: JSONValue = [:]) -> JSONValue {
    let xs = (0...60).map { 1_733_011_200_000 + Double($0) * 1_000 }
    return ["kind": "scatter", "width": .number(width), "height": 240, "xAxis": xAxis,
            "dataSets": [["id": "a", "entries": ["x": .numbers(xs), "y": .numbers(xs.indices.map { Double($0 % 7) })]]]]
  }

  @Test func aRowOfLongLabelsIsWrittenFromAnOffsetWhenThatFitsAFinerStep() throws {
    // Whole, "1733011200000" fits a tick every 50 s at 400 px, and the nice domain of that step
    // runs 40 s past the data; from the offset, a tick every 20 s fits and the domain ends with it.
    let (_, layout) = try Self.layout(Self.row(width: 400))
    let x = try #require(layout.x)
    let offset = try #require(x.labelOffset)
    #expect(offset == 1_733_011_200_000)
    #expect(x.ticks.map(\.label) == ["0", "20000", "40000", "60000"])
    #expect(x.titleLines == ["+1733011200000"])
    #expect(x.scale.domainMax == 1_733_011_260_000)
    for t in x.ticks { #expect(try #require(number(t.label)) + offset == t.value) }
  }

  @Test func aRowWhoseWholeLabelsFitTheFinestStepStaysWhole() throws {
    let (_, layout) = try Self.layout(Self.row(width: 700))
    let x = try #require(layout.x)
    #expect(x.labelOffset == nil)
    #expect(x.ticks.first?.label == "1733011200000")
    #expect(x.titleLines.isEmpty)
  }

  @Test func aRowKeepsLabelsTheOffsetWouldTakeFewerThanFourDigitsFrom() throws {
    // 1,000 … 1,005: an offset of 1,000 takes three digits off; thinned whole labels say more.
    func line(_ xs: [Double]) -> JSONValue {
      ["kind": "line", "width": 160, "height": 200, "dataSets": [["id": "a", "entries": ["x": .numbers(xs), "y": [1, 3, 2, 5, 4, 6]]]]]
    }
    let (_, layout) = try Self.layout(line([1000, 1001, 1002, 1003, 1004, 1005]))
    let x = try #require(layout.x)
    #expect(x.labelOffset == nil)
    #expect(x.ticks.allSatisfy { $0.label.isEmpty || number($0.label).map { $0 >= 1000 } == true })
    // Four digits: 10,000 … 10,005 are written from +10000.
    let (_, layout2) = try Self.layout(line([10000, 10001, 10002, 10003, 10004, 10005]))
    #expect(layout2.x?.labelOffset == 10000)
  }

  @Test func aRowWithATitleShowsTheOffsetBelowIt() throws {
    let (_, layout) = try Self.layout(Self.row(width: 400, xAxis: ["title": "Time"]))
    #expect(layout.x?.titleLines == ["Time", "+1733011200000"])
  }

  static func axisPlan(_ json: JSONValue) throws -> AxisPlan {
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    return AxisPlanner.xPlan(ChartModel(spec: spec), horizontal: false)
  }

  static let bounds = AxisBuilder.Bounds(canvas: Size(width: 700, height: 240), padding: Insets(top: 0, left: 0, bottom: 0, right: 0))

  @Test func aRowReadsNoMoreCandidatesThanItsWholeLabelsDid() throws {
    // The offset's search stops at the step the whole labels fit: appends inside the domain are
    // judged against as many candidates as before, so the layout is kept as often.
    let plan = try Self.axisPlan(Self.row(width: 700))
    let whole = TickChooser(plan: plan, start: 0, end: 640, bounds: Self.bounds).choose()
    #expect(whole.offset == nil)
    #expect(whole.candidatesRead == .first(1))
    let narrow = try Self.axisPlan(Self.row(width: 400))
    let choice = TickChooser(plan: narrow, start: 0, end: 340, bounds: Self.bounds).choose()
    #expect(choice.offset != nil)
    guard case .first(let n) = choice.candidatesRead else { Issue.record("read every candidate"); return }
    var plain = TickChooser(plan: narrow, start: 0, end: 340, bounds: Self.bounds)
    plain.offsetAllowed = false
    #expect(plain.choose().candidatesRead == .first(n))
  }

  @Test func aRowFromAnOffsetPatchesAsItRendersFromScratch() throws {
    let json = Self.row(width: 400)
    let (model, _) = try Self.layout(json)
    var doc = ChartDocument(model: model, prefix: "c", specJSON: json)
    // Inside the domain, past it (the ticks move), far below (the offset changes), and far away.
    for (x, offset) in [(1_733_011_230_500.0, true), (1_733_011_290_000, true), (1_733_011_100_000, true), (5, false)] {
      try Self.apply([["op": "appendEntries", "dataSet": "a", "entries": [["x": .number(x), "y": 3]]]], to: &doc)
      #expect(doc.svg.contains("data-label-offset") == offset, "after \(x)")
    }
  }
}
