import ChartdJSON
import Testing
@testable import ChartCore

/// Inputs made once and reused must equal the inputs made anew for the same state.
@Suite struct RegionInputShortcutTests {
  @Test func highlightAndMarkerWithoutHighlightsAreTheInputsMadeAnew() throws {
    let doc = try M4AggregationTests.document(["kind": "line", "dataSets": [["id": "a", "entries": [1, 3, 2]]]])
    let inputs = RegionInputs(model: doc.model, layout: doc.layout, layerEpochs: [:], aggregations: Aggregations(),
                              highlightScene: 0)
    #expect(doc.model.spec.highlights.isEmpty)
    #expect(inputs.input(for: .highlight) == .values(ChartCore.inputs(false)))
    #expect(inputs.input(for: .marker) == .values(ChartCore.inputs(true)))
    #expect(inputs.input(for: .highlight) != inputs.input(for: .marker))
  }
}
