import ChartdJSON
import Testing
@testable import ChartCore

/// Limit-line labels are drawn inside the plot's clip: at a plot edge they move to the other side
/// of the line so that they stay visible, and elsewhere they keep the side they ask for.
@Suite struct LimitLineLayoutTests {
  static let positions: [LimitLabelPosition] = [.leftTop, .leftBottom, .rightTop, .rightBottom]

  /// Charts whose limit lines sit exactly on both plot edges, by the axis they are on:
  /// "left" and "x" in a line chart (horizontal and vertical lines), the same in a horizontal bar
  /// chart (vertical and horizontal lines).
  static let charts = ["line/left", "line/x", "horizontalBars/left", "horizontalBars/x"]

  static func layout(_ chart: String, values: [Double]? = nil, position: LimitLabelPosition) throws -> ChartLayout {
    let horizontalBars = chart.hasPrefix("horizontalBars")
    let axis = chart.hasSuffix("/x") ? "x" : "left"
    // The value axes are fixed to 0…100; the x axis spans 0…10 (line) or −0.5…2.5 (bar categories).
    let edges: [Double] = axis == "left" ? [0, 100] : horizontalBars ? [-0.5, 2.5] : [0, 10]
    let lines: [JSONValue] = (values ?? edges).map {
      ["value": .number($0), "axis": .string(axis), "label": "Limit 99 (max)", "labelPosition": .string(position.rawValue)]
    }
    let json: JSONValue = [
      "kind": horizontalBars ? "bar" : "line", "leftAxis": ["min": 0, "max": 100], "limitLines": .array(lines),
      "bars": ["horizontal": .bool(horizontalBars)], "xAxis": horizontalBars ? [:] : ["min": 0, "max": 10],
      "dataSets": [["id": "a", "entries": horizontalBars ? [[0, 10], [1, 50], [2, 100]] : [[0, 10], [5, 50], [10, 100]]]],
    ]
    let log = DiagnosticLog()
    return LayoutEngine.layout(ChartModel(spec: try #require(ChartSpec.parse(json, log: log), "\(log.items)")))
  }

  /// The box the label's glyphs occupy: capitals above the baseline, descenders below it.
  static func labelBox(_ line: LimitLineLayout) throws -> Rect {
    let text = try #require(line.label)
    let w = TextMetrics.width(text, fontSize: line.fontSize)
    let x = line.labelAnchor == "end" ? line.labelOrigin.x - w : line.labelOrigin.x
    let top = line.labelOrigin.y - TextMetrics.capHeight * line.fontSize
    return Rect(x: x, y: top, width: w, height: (TextMetrics.capHeight + TextMetrics.descender) * line.fontSize)
  }

  @Test(arguments: charts, positions)
  func labelsOfLinesOnBothPlotEdgesStayInsideThePlot(chart: String, position: LimitLabelPosition) throws {
    let layout = try Self.layout(chart, position: position)
    #expect(layout.limitLines.count == 2, "both edge lines are drawn")
    for line in layout.limitLines {
      let box = try Self.labelBox(line)
      let plot = layout.plot
      #expect(box.minX >= plot.minX && box.maxX <= plot.maxX && box.minY >= plot.minY && box.maxY <= plot.maxY,
              "\(chart) \(position): label \(box) leaves the plot \(plot) (line \(line.from) → \(line.to))")
    }
  }

  @Test(arguments: charts, positions)
  func labelsKeepTheRequestedSideWhereItFits(chart: String, position: LimitLabelPosition) throws {
    let middle: Double = chart.hasSuffix("/x") ? (chart.hasPrefix("line") ? 5 : 1) : 50
    let line = try #require(try Self.layout(chart, values: [middle], position: position).limitLines.first)
    let box = try Self.labelBox(line)
    let left = position == .leftTop || position == .leftBottom, top = position == .leftTop || position == .rightTop
    if line.from.y == line.to.y {
      // A horizontal line: the label is above or below it.
      #expect(top ? box.maxY - TextMetrics.descender * line.fontSize <= line.from.y : box.minY >= line.from.y)
    } else {
      // A vertical line: the label is left or right of it.
      #expect(left ? box.maxX <= line.from.x : box.minX >= line.from.x)
    }
  }

  @Test func edgeLabelMovesToTheOtherSideOfTheLine() throws {
    // The case: a line at the top of a 0…100 axis with its label asked above it.
    let layout = try Self.layout("line/left", values: [100], position: .leftTop)
    let line = try #require(layout.limitLines.first)
    #expect(line.from.y <= layout.plot.minY + 1)
    #expect(line.labelOrigin.y - TextMetrics.capHeight * line.fontSize > line.from.y, "below the line")
    #expect(line.labelAnchor == "start", "still at the left end")
  }
}
