import ChartdJSON
import Testing
@testable import ChartCore

/// Stacked lines: an edit re-renders the chunks of the edited set and of the sets stacked on it
/// whose x range meets the change, and nothing else.
extension DirtyRegionTests {
  /// Three stacked areas of 36 entries (chunks 0, 1, 2 of 16 entries) whose totals stay in one nice domain.
  static func stacked(mode: String = "normal") -> JSONValue {
    let sets: [JSONValue] = ["a", "b", "c"].enumerated().map { k, id in
      ["id": .string(id), "stack": "s", "line": ["fill": true],
       "entries": .numbers((0..<36).map { Double(($0 * (k + 3)) % 7) + 2 })]
    }
    return ["kind": "line", "width": 640, "height": 320, "largeData": ["chunkSize": 16], "stackMode": .string(mode),
            "dataSets": .array(sets)]
  }

  /// The summary says which shown sets are stacked: two sets of the same label, one stacked and one
  /// not, shown in turn, name the same labels but not the same stacking.
  @Test func theSummarySaysWhetherTheShownSetIsStacked() throws {
    let json: JSONValue = ["kind": "line", "width": 320, "height": 200, "leftAxis": ["min": 0, "max": 10], "dataSets": [
      ["id": "a", "label": "R", "stack": "s", "line": ["fill": true], "entries": [1, 2, 3]],
      ["id": "b", "label": "R", "entries": [3, 2, 1]],
    ]]
    var doc = try document(json)
    _ = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false]])
    #expect(doc.markup(of: .accessibleDescription)?.contains("Stacked, bottom first: R.") == true)
    _ = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": true],
                         ["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(doc.markup(of: .accessibleDescription)?.contains("Stacked") == false)
    #expect(doc.svg == ChartRenderer.render(doc.model, prefix: "d").svg)
  }

  @Test func updatingTheBottomSetRedrawsItAndTheSetsAboveIt() throws {
    var doc = try document(Self.stacked())
    let left = doc.layout.left
    let patch = try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 20, "entries": [3.5]]])
    #expect(doc.layout.left == left, "the fixture must stay inside the value domain")
    // Chunk 1 of each set moves; chunk 2 of "b" and "c" joins chunk 1 (its first entry is chunk 1's
    // last), so it is asked again and comes out the same.
    #expect(Set(patch.fragments.map(\.id)) == ["d-s-a-1", "d-s-b-1", "d-s-c-1"])
    #expect(Set(patch.rendered) == [.series(dataSet: "a", chunk: 1), .series(dataSet: "b", chunk: 1), .series(dataSet: "b", chunk: 2),
                                    .series(dataSet: "c", chunk: 1), .series(dataSet: "c", chunk: 2)])
  }

  @Test func appendingToTheBottomSetRedrawsOnlyTheLastChunks() throws {
    var doc = try document(Self.stacked())
    let (x, left) = (doc.layout.x, doc.layout.left)
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [[36, 2]]]])
    #expect(doc.layout.x == x && doc.layout.left == left, "the fixture must append inside both domains")
    // Only "a" has an entry at x = 36: the sets above are asked (their last chunks meet the x range
    // of the chunk that grew) but draw the same.
    #expect(patch.fragments.map(\.id) == ["d-s-a-2"])
    #expect(Set(patch.rendered) == [.series(dataSet: "a", chunk: 2), .series(dataSet: "b", chunk: 2), .series(dataSet: "c", chunk: 2)])
  }

  @Test func updatingTheTopSetLeavesTheSetsBelowAlone() throws {
    var doc = try document(Self.stacked())
    let patch = try apply(&doc, [["op": "updateEntries", "dataSet": "c", "start": 3, "entries": [2.5]]])
    #expect(patch.rendered == [.series(dataSet: "c", chunk: 0)])
  }

  @Test func inPercentModeAnEditMovesEverySetOfTheStack() throws {
    var doc = try document(Self.stacked(mode: "percent"))
    let patch = try apply(&doc, [["op": "updateEntries", "dataSet": "c", "start": 3, "entries": [2.5]]])
    #expect(Set(patch.fragments.map(\.id)) == ["d-s-a-0", "d-s-b-0", "d-s-c-0"])
  }

  @Test func hidingTheMiddleSetDropsTheSetAboveIt() throws {
    var doc = try document(Self.stacked())
    let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false]])
    let rendered = Set(patch.rendered)
    for chunk in 0...2 {
      #expect(rendered.contains(.series(dataSet: "b", chunk: chunk)))
      #expect(rendered.contains(.series(dataSet: "c", chunk: chunk)))
    }
    #expect(rendered.contains(.legendItem(.dataSet("b"))))
    if doc.layout.left == (try document(Self.stacked())).layout.left {
      #expect(!rendered.contains(.series(dataSet: "a", chunk: 0)), "the set below does not move")
    }
  }
}
