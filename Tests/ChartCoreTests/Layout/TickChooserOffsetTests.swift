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
      let log = DiagnosticLog()
      let edits: JSONValue = [["op": "updateEntries", "dataSet": "a", "start": 3, "entries": [["x": 3, "y": .number(y)]]]]
      let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
      let before = doc.svg
      let patch = doc.apply([plan])
      #expect(patch.apply(to: before) == doc.svg)
      let state = try #require(ChartSpec.parse(doc.currentSpec, log: DiagnosticLog()))
      #expect(ChartRenderer.render(ChartModel(spec: state), prefix: "c").svg == doc.svg)
    }
  }
}
