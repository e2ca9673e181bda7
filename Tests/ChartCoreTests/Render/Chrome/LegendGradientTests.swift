import ChartdJSON
import Testing
@testable import ChartCore

/// Legend forms of bars filled with a gradient show the gradient, as the bars have it.
@Suite struct LegendGradientTests {
  static let redToBlue: JSONValue = ["colors": ["#ff0000", "#0000ff"]]
  static let ownShade: JSONValue = ["stops": [["offset": 0], ["offset": 1, "opacity": 0.35]]]

  func document(_ spec: JSONValue) throws -> ChartDocument { try ChartDocument.reading(spec) }

  /// The markup of one legend item's region.
  func item(_ svg: String, _ id: String) -> String { ChartDocument.region(svg, id) }

  @Test func aGradientBarSetsFormShowsItsGradient() throws {
    let doc = try document(["kind": "combined", "dataSets": [
      ["id": "a", "kind": "bar", "bar": ["gradient": Self.redToBlue], "entries": [3, -2, 5]],
      ["id": "l", "kind": "line", "entries": [1, 2, 3]],
      ["id": "p", "kind": "bar", "entries": [1, 1, 1]],
    ]])
    let a = item(doc.svg, "d-legend-a")
    // The hit rectangle stays first; the gradient runs from the value end (top) to the base.
    #expect(a.contains(##"fill="transparent"/><defs><linearGradient id="d-legend-a-g" x1="0" y1="0" x2="0" y2="1">"##))
    #expect(a.contains(##"<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>"##))
    #expect(a.contains(##"fill="url(#d-legend-a-g)""##))
    // A line and a plain bar set keep their colours.
    #expect(!item(doc.svg, "d-legend-l").contains("linearGradient") && !item(doc.svg, "d-legend-p").contains("linearGradient"))
  }

  @Test func stackItemsTakeAGradientThatFollowsTheirColours() throws {
    func stacked(_ gradient: JSONValue) throws -> String {
      try document(["kind": "bar", "dataSets": [
        ["id": "s", "stackLabels": ["x", "y"], "colors": ["#4e79a7", "#f28e2b"], "bar": ["gradient": gradient],
         "entries": ["stacks": [[1, 2], [3, 1]]]],
      ]]).svg
    }
    let own = try stacked(Self.ownShade)
    #expect(item(own, "d-legend-entry-1").contains(##"<stop offset="0" stop-color="#f28e2b"/><stop offset="1" stop-color="#f28e2b" stop-opacity="0.35"/>"##))
    // Stack segments keep their plain colours under a gradient of given colours, and so do their items.
    let given = try stacked(Self.redToBlue)
    #expect(!item(given, "d-legend-entry-0").contains("linearGradient"))
    #expect(item(given, "d-legend-entry-0").contains(##"fill="#4e79a7""##))
  }

  /// Hiding the set draws the hollow form of any hidden set; turning the bars sideways turns the
  /// gradient with them. Each edit patches to exactly the chart drawn from scratch.
  @Test func togglesAndTurnsPatchToTheFullRender() throws {
    let spec: JSONValue = ["kind": "bar", "dataSets": [["id": "a", "bar": ["gradient": Self.redToBlue], "entries": [3, 5]],
                                                       ["id": "b", "entries": [1, 2]]]]
    var doc = try document(spec)
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(!item(doc.svg, "d-legend-a").contains("linearGradient") && item(doc.svg, "d-legend-a").contains(##"fill="none""##))
    _ = try doc.applyChecked([["op": "setVisibility", "dataSet": "a", "visible": true]])
    _ = try doc.applyChecked([["op": "mergeSpec", "patch": ["bars": ["horizontal": true]]]])
    #expect(item(doc.svg, "d-legend-a").contains(##"x1="1" y1="0" x2="0" y2="0""##))
    let fresh = try document(["kind": "bar", "bars": ["horizontal": true], "dataSets": spec["dataSets"] ?? []])
    #expect(doc.svg == fresh.svg)
  }
}
