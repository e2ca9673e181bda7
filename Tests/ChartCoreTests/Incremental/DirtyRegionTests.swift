import Foundation
import ChartdJSON
import Testing
@testable import ChartCore

/// The common edits render exactly the regions they change, and nothing else.
@Suite struct DirtyRegionTests {
  /// Two lines; "b" stays inside "a"'s range so toggling it does not move the y domain.
  static let spec: JSONValue = [
    "kind": "line", "width": 640, "height": 320, "largeData": ["chunkSize": 16],
    "dataSets": [
      ["id": "a", "entries": .numbers((0..<36).map { Double(($0 * 7) % 23) + 1 })],
      ["id": "b", "entries": .numbers((0..<36).map { Double(($0 * 3) % 9) + 5 })],
    ],
  ]

  func document(_ spec: JSONValue = spec) throws -> ChartDocument {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: spec)
  }

  func apply(_ doc: inout ChartDocument, _ edits: JSONValue) throws -> ChartPatch {
    let patch = try doc.applyChecked(edits)
    return patch
  }

  @Test func appendInsideTheNiceDomainRendersOnlyTheLastChunk() throws {
    var doc = try document()
    let xDomain = doc.layout.x?.scale
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [12]]])
    #expect(doc.layout.x?.scale == xDomain, "the fixture must append inside the x domain")
    #expect(patch.rendered == [.series(dataSet: "a", chunk: 2)])
    #expect(patch.fragments.map(\.id) == ["d-s-a-2"])
  }

  @Test func appendThatGrowsTheDomainRendersAxesGridAndItsLayers() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [250]]])
    let rendered = Set(patch.rendered)
    #expect(rendered.contains(.leftAxis))
    #expect(rendered.contains(.grid))
    for chunk in 0...2 {
      #expect(rendered.contains(.series(dataSet: "a", chunk: chunk)))
      #expect(rendered.contains(.series(dataSet: "b", chunk: chunk)))
    }
    // What does not read the y scale stays untouched, and everything rendered did change
    // (the legend moves with the plot's left edge when the axis labels grow wider).
    #expect(!rendered.contains(.background))
    #expect(!rendered.contains(.highlight))
    #expect(Set(patch.rendered.map { $0.id(prefix: "d") }) == Set(patch.fragments.map(\.id)))
  }

  @Test func legendToggleWithAStableDomainRendersTheItemAndTheLayer() throws {
    var doc = try document()
    let left = doc.layout.left
    let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false]])
    #expect(doc.layout.left == left)
    let expected: Set<RegionName> = [.legendItem(.dataSet("b")), .series(dataSet: "b", chunk: 0), .series(dataSet: "b", chunk: 1),
                                     .series(dataSet: "b", chunk: 2), .accessibleDescription]
    #expect(Set(patch.rendered) == expected)
  }

  /// Three grouped bar sets whose values stay inside one nice domain when "b" is hidden.
  static func bars(keepHiddenSlots: Bool) -> JSONValue {
    ["kind": "bar", "width": 480, "height": 300, "bars": ["keepHiddenSlots": .bool(keepHiddenSlots)],
     "dataSets": [["id": "a", "entries": [8, 3]], ["id": "b", "entries": [5, 4]], ["id": "c", "entries": [2, 9]]]]
  }

  @Test func barToggleClosesUpTheGroupAndRendersTheMovedBars() throws {
    var doc = try document(Self.bars(keepHiddenSlots: false))
    let left = doc.layout.left
    let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false]])
    #expect(doc.layout.left == left)
    let rendered = Set(patch.rendered)
    for id in ["a", "b", "c"] { #expect(rendered.contains(.series(dataSet: id, chunk: 0)), "\(id)") }
    #expect(rendered.contains(.legendItem(.dataSet("b"))))
    #expect(!rendered.contains(.leftAxis) && !rendered.contains(.xAxis) && !rendered.contains(.grid))
    // Back to the first state: every moved bar takes its markup from before the hide (MarkupShelf).
    let back = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": true]])
    for id in ["a", "b", "c"] { #expect(back.reused.contains(.series(dataSet: id, chunk: 0)), "\(id)") }
    #expect(back.rendered.isEmpty)
    #expect(doc.svg == (try document(Self.bars(keepHiddenSlots: false))).svg)
  }

  @Test func barToggleWithKeptSlotsRendersOnlyItsLayer() throws {
    var doc = try document(Self.bars(keepHiddenSlots: true))
    let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false]])
    let expected: Set<RegionName> = [.legendItem(.dataSet("b")), .series(dataSet: "b", chunk: 0), .accessibleDescription]
    #expect(Set(patch.rendered) == expected)
  }

  @Test func highlightRendersOnlyHighlightAndMarker() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 5]]]])
    #expect(Set(patch.rendered) == [.highlight, .marker])
    let cleared = try apply(&doc, [["op": "setHighlight", "highlights": []]])
    #expect(Set(cleared.reused) == [.highlight, .marker] && cleared.rendered.isEmpty)
    let other = try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 6]]]])
    #expect(Set(other.rendered) == [.highlight, .marker])
  }

  @Test func colourChangeRendersTheLayerAndTheLegendItem() throws {
    var doc = try document()
    guard case .object(var o) = Self.spec, case .array(var sets)? = o["dataSets"], case .object(var b) = sets[1] else {
      Issue.record("fixture shape")
      return
    }
    b["color"] = "#d1242f"
    sets[1] = .object(b)
    o["dataSets"] = .array(sets)
    let patch = try apply(&doc, [["op": "setSpec", "spec": .object(o)]])
    let expected: Set<RegionName> = [.legendItem(.dataSet("b")), .series(dataSet: "b", chunk: 0), .series(dataSet: "b", chunk: 1),
                                     .series(dataSet: "b", chunk: 2)]
    #expect(Set(patch.rendered) == expected)
  }

  @Test func identicalSetSpecRendersNothing() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "setSpec", "spec": Self.spec]])
    #expect(patch.rendered.isEmpty)
    #expect(patch.isEmpty)
  }

  @Test func slidingWindowKeepsUntouchedChunks() throws {
    var doc = try document()
    // 36 entries at chunk size 16; dropping 3 from the front touches chunk 0, appending touches chunk 2;
    // chunk 1 keeps its id and is not rendered.
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [3, 4, 5], "maxEntries": 36]])
    #expect(Set(patch.rendered) == [.series(dataSet: "a", chunk: 0), .series(dataSet: "a", chunk: 2)])
  }

  @Test func largeLineAppendTouchesOneM4Chunk() throws {
    let n = 20_000
    let spec: JSONValue = ["kind": "line", "dataSets": [["id": "big", "entries": .numbers((0..<n).map { sin(Double($0) / 50) * 10 })]]]
    var doc = try document(spec)
    #expect(doc.regionIDs.contains("d-s-big-0"))
    #expect(doc.svg.contains("data-mode=\"m4\""))
    let xDomain = doc.layout.x?.scale
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "big", "entries": [1.5]]])
    #expect(doc.layout.x?.scale == xDomain)
    #expect(patch.rendered.count == 1)
    #expect(patch.markupBytes < 16_384)
  }
}
