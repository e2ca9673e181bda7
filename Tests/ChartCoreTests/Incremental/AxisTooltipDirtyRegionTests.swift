import ChartdJSON
import Testing
@testable import ChartCore

/// An axis tooltip (`marker.trigger: "axis"`) re-renders its box exactly when what it lists changes:
/// a toggle, an entry arriving at the highlighted x, a value shown in the box; and nothing else does.
@Suite struct AxisTooltipDirtyRegionTests {
  /// Three lines inside one nice domain (0…25); "c" stops at x = 5, before the highlighted x = 7.
  static let spec: JSONValue = [
    "kind": "line", "width": 640, "height": 320, "largeData": ["chunkSize": 16], "marker": ["trigger": "axis"],
    "dataSets": [
      ["id": "a", "label": "Alpha", "entries": [3, 8, 6, 12, 9, 14, 11, 16, 10, 18, 13, 20]],
      ["id": "b", "label": "Beta", "entries": [5, 6, 7, 6, 8, 9, 8, 10, 9, 11, 10, 12]],
      ["id": "c", "label": "Gamma", "entries": [9, 7, 8, 6, 7, 5]],
    ],
    "highlights": [["dataSet": "a", "index": 7]],
  ]

  func document() throws -> ChartDocument {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(Self.spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: Self.spec)
  }

  func marker(_ doc: ChartDocument) -> String { doc.markup(of: .marker) ?? "" }

  @Test func theBoxListsTheVisibleDataSetsAtTheHighlightedX() throws {
    let doc = try document()
    let m = marker(doc)
    #expect(m.contains(">Alpha<") && m.contains(">16<") && m.contains(">Beta<") && m.contains(">10<"))
    #expect(!m.contains("Gamma"), "c has no entry at x = 7")
    #expect(doc.markup(of: .highlight)?.contains("data-role=\"axis-pointer\"") == true)
  }

  @Test func movingTheHighlightRendersOnlyPointerAndBox() throws {
    var doc = try document()
    let patch = try doc.applyChecked([["op": "setHighlight", "highlights": [["dataSet": "b", "index": 2]]]])
    #expect(Set(patch.rendered) == [.highlight, .marker])
    #expect(marker(doc).contains("Gamma"))
  }

  @Test func togglingAListedDataSetRendersTheBoxNotThePointer() throws {
    var doc = try document()
    let left = doc.layout.left
    let patch = try doc.applyChecked([["op": "setVisibility", "dataSet": "b", "visible": false]])
    #expect(doc.layout.left == left, "the fixture must keep the y domain")
    let expected: Set<RegionName> = [.legendItem(.dataSet("b")), .series(dataSet: "b", chunk: 0), .accessibleDescription, .marker]
    #expect(Set(patch.rendered) == expected)
    #expect(!marker(doc).contains("Beta"))
    // Hiding the highlighted entry's own data set keeps the tooltip at its x for the others.
    let own = try doc.applyChecked([["op": "setVisibility", "dataSet": "b", "visible": true],
                                    ["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(own.rendered.contains(.marker) && !own.rendered.contains(.highlight))
    #expect(!marker(doc).contains("Alpha") && marker(doc).contains("Beta"))
    #expect(doc.markup(of: .highlight)?.contains("axis-pointer") == true)
    // With nothing left at that x, pointer and box go.
    let none = try doc.applyChecked([["op": "setVisibility", "dataSet": "b", "visible": false]])
    #expect(none.rendered.contains(.highlight) && none.rendered.contains(.marker))
    #expect(doc.markup(of: .highlight)?.contains("axis-pointer") != true && !marker(doc).contains("<text"))
  }

  @Test func anEntryArrivingAtTheHighlightedXJoinsTheBox() throws {
    var doc = try document()
    let x = doc.layout.x?.scale
    // c's next bare values land at x = 6 and 7.
    let patch = try doc.applyChecked([["op": "appendEntries", "dataSet": "c", "entries": [7, 6]]])
    #expect(doc.layout.x?.scale == x)
    #expect(Set(patch.rendered) == [.series(dataSet: "c", chunk: 0), .marker])
    #expect(marker(doc).contains(">Gamma<"))
  }

  @Test func aValueShownInTheBoxRendersTheBox() throws {
    var doc = try document()
    let patch = try doc.applyChecked([["op": "updateEntries", "dataSet": "b", "start": 7, "entries": [11.5]]])
    #expect(Set(patch.rendered) == [.series(dataSet: "b", chunk: 0), .marker])
    #expect(marker(doc).contains(">11.5<"))
  }

  @Test func changesAwayFromTheHighlightedXLeaveTheBoxAlone() throws {
    var doc = try document()
    let update = try doc.applyChecked([["op": "updateEntries", "dataSet": "b", "start": 3, "entries": [7]]])
    #expect(Set(update.rendered) == [.series(dataSet: "b", chunk: 0)])
    let append = try doc.applyChecked([["op": "appendEntries", "dataSet": "a", "entries": [12]]])
    #expect(!append.rendered.contains(.marker) && !append.rendered.contains(.highlight))
  }
}
