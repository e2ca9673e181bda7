import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// On-axis limit-line badges are fitted as every frame text is: shortened to the band or the canvas,
/// kept on the canvas along a horizontal axis, and never drawn over one another.
@Suite struct AxisBadgesTests {
  static func layout(width: Double = 340, legend: JSONValue = [:], _ lines: [JSONValue]) throws -> ChartLayout {
    let json: JSONValue = ["kind": "line", "width": .number(width), "height": 240, "legend": legend,
                           "limitLines": .array(lines),
                           "dataSets": [["id": "a", "label": "Price", "entries": [38, 41, 44, 40, 46, 43, 47, 45]]]]
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    return LayoutEngine.layout(ChartModel(spec: spec))
  }

  static func badge(_ value: Double, _ label: String, axis: String = "left") -> JSONValue {
    ["value": .number(value), "label": .string(label), "labelPosition": "axis", "axis": .string(axis)]
  }

  static let long = "Eh44é4WyqjVT92W9CÀw stop loss at the previous swing low, moved up twice"

  @Test func aLabelLongerThanTheBandIsShortenedAndTheBadgeStaysOnTheCanvas() throws {
    let l = try Self.layout([Self.badge(42, Self.long)])
    let left = try #require(l.left)
    let b = try #require(left.badges.first)
    #expect(b.text.hasSuffix("…") && b.text.count < Self.long.count)
    #expect(b.box.minX >= 0 && b.box.maxX <= l.plot.minX)
    // The box holds its text and 4 px each side.
    #expect(b.box.width == (TextMetrics.width(b.text, fontSize: left.fontSize) + 8).rounded(.up))
    // A short label is drawn whole.
    let short = try #require(Self.layout([Self.badge(42, "stop")]).left?.badges.first)
    #expect(short.text == "stop")
  }

  @Test func aSlantedTickLabelUnderABadgeGivesWayToIt() throws {
    // Labels at −30° reach from their tick far along the axis, under a badge beside the tick.
    let xs = (0...20).map { Double($0) / 20 }
    for value in stride(from: 0.02, through: 0.98, by: 0.04) {
      let json: JSONValue = ["kind": "line", "width": 305, "height": 300, "fontSize": 9,
                             "xAxis": ["labelRotation": -30], "limitLines": [Self.badge(value, "vfRlB", axis: "x")],
                             "dataSets": [["id": "a", "entries": ["x": .numbers(xs), "y": .numbers(xs.map { 40 + 5 * $0 })]]]]
      let texts = try FittedAxisTexts.x(json)
      let badge = try #require(texts.first { $0.kind == .badge }, "the badge at \(value) is drawn")
      let ticks = texts.filter { $0.kind == .tick }
      #expect(ticks.count >= 4, "most labels stay (badge at \(value))")
      for t in ticks {
        #expect(!t.box.overlaps(badge.box), "label '\(t.text.text)' under the badge at \(value)")
      }
    }
  }

  @Test func aBadgeThatWouldOverlapAnEarlierOneIsLeftOut() throws {
    let l = try Self.layout([Self.badge(42, "first"), Self.badge(42.2, "second"), Self.badge(46, "third")])
    let badges = try #require(l.left).badges
    #expect(badges.map(\.text) == ["first", "third"])
    #expect(badges[0].box.maxY <= badges[1].box.minY || badges[1].box.maxY <= badges[0].box.minY)
    // Along the x axis, by their widths: 5.9 is far enough from 5 on a wide chart, not on a narrow one.
    let wide = try Self.layout(width: 900, [Self.badge(5, "release", axis: "x"), Self.badge(5.9, "hotfix", axis: "x")])
    #expect(wide.x?.badges.map(\.text) == ["release", "hotfix"])
    let narrow = try Self.layout(width: 200, [Self.badge(5, "release", axis: "x"), Self.badge(5.9, "hotfix", axis: "x")])
    #expect(narrow.x?.badges.map(\.text) == ["release"])
  }

  @Test func alongTheXAxisABadgeIsMovedInwardAndShortenedToTheCanvas() throws {
    // At the last x value a centred badge would run past the right edge; beside a legend on the
    // right it stops where the axes' space does.
    for legend: JSONValue in [[:], ["orientation": "vertical", "horizontalAlignment": "right", "verticalAlignment": "center"]] {
      let l = try Self.layout(legend: legend, [Self.badge(7, "release 2.0", axis: "x")])
      let b = try #require(l.x?.badges.first)
      #expect(b.text == "release 2.0")
      #expect(b.box.maxX <= l.canvas.width - 10)
      if let items = l.legend?.items, !items.isEmpty, legend != [:] {
        #expect(b.box.maxX <= items.map(\.hitRect.minX).min() ?? .infinity)
      }
    }
    let l = try Self.layout(width: 200, [Self.badge(3, Self.long, axis: "x")])
    let b = try #require(l.x?.badges.first)
    #expect(b.text.hasSuffix("…"))
    #expect(b.box.minX >= 10 && b.box.maxX <= l.canvas.width - 10)
  }

  @Test func atTheCornerAnXTickLabelGivesWayToALeftBadgeAndAValueTickLabelToAnXBadge() throws {
    // A badge at the bottom of the left axis reaches half its height below the plot, into the row of
    // x labels; the x label it meets is left out, the badge stays.
    let json: JSONValue = ["kind": "line", "width": 300, "height": 200, "fontSize": 16, "leftAxis": ["min": 0],
                           "limitLines": [Self.badge(0, "floor")],
                           "dataSets": [["id": "a", "entries": [38, 41, 44, 40, 46, 43, 47, 45]]]]
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    let l = LayoutEngine.layout(ChartModel(spec: spec))
    let badge = try #require(l.left?.badges.first)
    #expect(badge.text == "floor")
    let x = try #require(l.x)
    let boxes = AxisTexts.labels(x, plot: l.frame, side: x.side).map(\.box)
    #expect(!boxes.contains { $0.overlaps(TextBox(rect: badge.box), tolerance: 0.1) })
    #expect(x.ticks.first?.label == "")
    // The other way round: an x badge at the first x value meets the left axis's lowest label.
    let json2: JSONValue = ["kind": "line", "width": 300, "height": 200, "fontSize": 16, "leftAxis": ["min": 0],
                            "limitLines": [Self.badge(0, "launch", axis: "x")],
                            "dataSets": [["id": "a", "entries": [38, 41, 44, 40, 46, 43, 47, 45]]]]
    let l2 = LayoutEngine.layout(ChartModel(spec: try #require(ChartSpec.parse(json2, log: DiagnosticLog()))))
    let xBadge = try #require(l2.x?.badges.first)
    let left = try #require(l2.left)
    let leftBoxes = AxisTexts.labels(left, plot: l2.plot, side: left.side).map(\.box)
    #expect(!leftBoxes.contains { $0.overlaps(TextBox(rect: xBadge.box), tolerance: 0.1) })
    #expect(left.ticks.first { $0.value == 0 }?.label == "")
  }
}
