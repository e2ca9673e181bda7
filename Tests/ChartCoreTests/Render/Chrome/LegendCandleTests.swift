import ChartdJSON
import Testing
@testable import ChartCore

/// A candlestick data set is drawn in its rising and falling colours, never in its own: its legend
/// form and its axis tooltip swatch show those colours.
@Suite struct LegendCandleTests {
  func document(_ spec: JSONValue) throws -> ChartDocument { try ChartDocument.reading(spec) }

  /// The markup of one legend item's region.
  func item(_ svg: String, _ id: String) -> String { ChartDocument.region(svg, id) }

  /// The fills (or, for hollow and line forms, the strokes) of an item's form paths, in order.
  func paints(_ markup: String, _ attribute: String) -> [String] {
    markup.components(separatedBy: "<path ").dropFirst().compactMap { path in
      path.range(of: "\(attribute)=\"#").map { String(path[$0.upperBound...].prefix(6)) }
    }
  }

  static func candles(_ style: JSONValue = [:], legend: JSONValue = [:]) -> JSONValue {
    ["kind": "combined", "legend": legend, "dataSets": [
      ["id": "k", "kind": "candlestick", "color": "#123456", "candle": style,
       "entries": ["open": [10, 11, 12], "high": [12, 12.5, 12.5], "low": [9.5, 10.25, 10], "close": [11, 12, 10.5]]],
      ["id": "m", "kind": "line", "color": "#654321", "entries": [10.5, 11.5, 11]],
    ]]
  }

  @Test func theFormShowsTheRisingAndFallingColoursNotTheSetsOwn() throws {
    let theme = Theme.named(.light)
    let defaults = item(try document(Self.candles()).svg, "d-legend-k")
    let themed: [String] = [theme.candleIncreasing.hexString, theme.candleDecreasing.hexString].map { String($0.dropFirst()) }
    #expect(paints(defaults, "fill") == themed)
    #expect(!defaults.contains("123456"), "the set's own colour paints no candle")
    let given = item(try document(Self.candles(["increasingColor": "#00aa00", "decreasingColor": "#cc0000"])).svg, "d-legend-k")
    #expect(paints(given, "fill") == ["00aa00", "cc0000"])
    // The left half's outer corners are rounded and its inner edge is straight, as the right half's mirror.
    #expect(given.components(separatedBy: "<path ").count == 3)
    // The line beside it keeps its one colour.
    #expect(item(try document(Self.candles()).svg, "d-legend-m").contains(##"fill="#654321""##))
  }

  @Test func everyFormSplitsAndAHiddenSetsHalvesAreHollow() throws {
    let style: JSONValue = ["increasingColor": "#00aa00", "decreasingColor": "#cc0000"]
    let circle = item(try document(Self.candles(style, legend: ["form": "circle"])).svg, "d-legend-k")
    #expect(paints(circle, "fill") == ["00aa00", "cc0000"])
    #expect(circle.contains("a"), "half discs are arcs")
    let line = item(try document(Self.candles(style, legend: ["form": "line"])).svg, "d-legend-k")
    #expect(paints(line, "stroke") == ["00aa00", "cc0000"])
    var doc = try document(Self.candles(style))
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "k", "visible": false]])
    let hidden = item(doc.svg, "d-legend-k")
    #expect(paints(hidden, "stroke") == ["00aa00", "cc0000"])
    #expect(hidden.components(separatedBy: ##"fill="none""##).count == 3)
    let none = item(try document(Self.candles(style, legend: ["form": "none"])).svg, "d-legend-k")
    #expect(!none.contains("<path"))
  }

  /// A colour changed by an edit reaches the item through its region's inputs: the patched chart
  /// is the chart drawn from scratch.
  @Test func aColourEditPatchesTheItem() throws {
    var doc = try document(Self.candles())
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "k", "visible": false]])
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "k", "visible": true]])
    let recoloured: JSONValue = ["id": "k", "kind": "candlestick", "color": "#123456", "candle": ["decreasingColor": "#cc0000"],
                                 "entries": ["open": [10, 11, 12], "high": [12, 12.5, 12.5], "low": [9.5, 10.25, 10], "close": [11, 12, 10.5]]]
    let patch = try doc.applyChecked([["op": "replaceDataSet", "dataSet": recoloured]])
    #expect(patch.fragments.contains { $0.id == "d-legend-k" })
    #expect(paints(item(doc.svg, "d-legend-k"), "fill").last == "cc0000")
    let fresh = try document(Self.candles(["decreasingColor": "#cc0000"]))
    #expect(doc.svg == fresh.svg)
  }

  @Test func anAxisTooltipRowTakesTheHighlightedCandlesColour() throws {
    func swatch(_ index: Int) throws -> Color? {
      guard case .object(var spec) = Self.candles(["increasingColor": "#00aa00", "decreasingColor": "#cc0000"]) else { return nil }
      spec["marker"] = ["trigger": "axis"]
      spec["highlights"] = [["dataSet": "k", "index": .number(Double(index))]]
      let doc = try document(.object(spec))
      let rows = AxisTooltip.resolve(doc.model, doc.layout)?.rows ?? []
      #expect(rows.map(\.dataSet) == ["k", "m"])
      #expect(rows.last?.color == Color(hex: 0x654321))
      return rows.first?.color
    }
    #expect(try swatch(0) == Color(hex: 0x00aa00))
    #expect(try swatch(2) == Color(hex: 0xcc0000))
  }
}
