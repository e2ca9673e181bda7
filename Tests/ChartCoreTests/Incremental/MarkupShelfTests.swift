import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// An edit back to an earlier state takes the regions' earlier markup from the shelf instead of
/// rendering them, and the result is still exactly a render from scratch.
@Suite struct MarkupShelfTests {
  typealias M4 = M4AggregationTests

  static func series(_ patch: ChartPatch?, _ id: String) -> [RegionName] {
    (patch?.rendered ?? []).filter { if case .series(id, _) = $0 { true } else { false } }
  }

  static func reused(_ patch: ChartPatch?, _ id: String) -> [RegionName] {
    (patch?.reused ?? []).filter { if case .series(id, _) = $0 { true } else { false } }
  }

  @Test func showingAnM4LineAgainRendersNoChunk() throws {
    var doc = try M4.document(M4ToggleTests.spec(entries: 3_000))
    let chunks = try #require(doc.aggregations.aggregation(of: "s")).chunkCount
    #expect(chunks > 10)
    let hide = try M4.apply([M4ToggleTests.visibility("s", false)], to: &doc, "hide")
    #expect(Self.series(hide, "s").count == chunks, "the first hide renders every chunk empty")
    let show = try M4.apply([M4ToggleTests.visibility("s", true)], to: &doc, "show")
    #expect(Self.series(show, "s").isEmpty)
    #expect(Self.reused(show, "s").count == chunks)
    // And back again: the hidden state's markup was shelved by the show.
    let again = try M4.apply([M4ToggleTests.visibility("s", false)], to: &doc, "hide again")
    #expect(Self.series(again, "s").isEmpty)
    #expect(Self.reused(again, "s").count == chunks)
  }

  @Test func anAppendWhileHiddenRendersOnlyTheChunkItChanged() throws {
    var doc = try M4.document(["kind": "line", "width": 300, "height": 200, "viewport": ["xMin": 0, "xMax": 4_000],
                               "largeData": ["threshold": 20, "chunkSize": 64],
                               "dataSets": [["id": "s", "entries": .numbers((0..<2_000).map { Double($0 % 17) })],
                                            ["id": "ref", "entries": [[0, 0], [4_000, 20]]]]])
    try M4.apply([M4ToggleTests.visibility("s", false)], to: &doc, "hide")
    try M4.apply([["op": "appendEntries", "dataSet": "s", "entries": [7]]], to: &doc, "append while hidden")
    let show = try M4.apply([M4ToggleTests.visibility("s", true)], to: &doc, "show")
    let rendered = Self.series(show, "s")
    #expect(!rendered.isEmpty && rendered.count <= 2, "\(rendered)")
    #expect(Self.reused(show, "s").count > 10)
  }

  @Test func zoomingBackReusesTheLayerOfAPlainLine() throws {
    let ys = (0..<200).map { Double(($0 * 13) % 29) }
    var doc = try M4.document(["kind": "line", "width": 400, "height": 240, "largeData": ["chunkSize": 32],
                               "dataSets": [["id": "a", "entries": .numbers(ys)]]])
    try M4.apply([["op": "setViewport", "xMin": 20, "xMax": 80]], to: &doc, "zoom in")
    let back = try M4.apply([["op": "setViewport", "xMin": .null, "xMax": .null]], to: &doc, "zoom out")
    #expect(Self.series(back, "a").isEmpty)
    #expect(Self.reused(back, "a").count == 7)
    #expect(back?.reused.contains(.xAxis) == true)
  }

  @Test func aHighlightComesBackFromTheShelfWhenItsSceneDoes() throws {
    var doc = try M4.document(DirtyRegionTests.spec)
    try M4.apply([["op": "setHighlight", "highlights": [["dataSet": "b", "index": 3]]]], to: &doc, "highlight")
    // Hiding "a" lowers the y domain (its values reach 23, b's 13): the highlight moves.
    let hide = try M4.apply([M4ToggleTests.visibility("a", false)], to: &doc, "hide a")
    #expect(hide?.rendered.contains(.highlight) == true)
    // Showing it again brings the scene back, and the highlight's earlier markup with it.
    let show = try M4.apply([M4ToggleTests.visibility("a", true)], to: &doc, "show a")
    #expect(show?.reused.contains(.highlight) == true)
    #expect(show?.rendered.contains(.highlight) == false)
    // An append inside the domain keeps the scene: the highlight is not rendered again.
    let append = try M4.apply([["op": "appendEntries", "dataSet": "a", "entries": [5]]], to: &doc, "append")
    #expect(append?.rendered.contains(.highlight) == false)
  }

  @Test func aSceneThatMovedWhileNothingWasHighlightedIsNotTakenForTheOldOne() throws {
    // Highlights cleared, the chart resized, highlighted again (an edit that keeps the layout) and
    // resized back: the highlight must follow the last resize, whatever the scene was before.
    var doc = try M4.document(DirtyRegionTests.spec)
    let highlight: JSONValue = ["op": "setHighlight", "highlights": [["dataSet": "b", "index": 3]]]
    try M4.apply([highlight], to: &doc, "highlight")
    try M4.apply([["op": "setHighlight", "highlights": []]], to: &doc, "clear")
    try M4.apply([["op": "resize", "width": 500, "height": 260]], to: &doc, "resize")
    try M4.apply([highlight], to: &doc, "highlight again")
    let back = try M4.apply([["op": "resize", "width": 640, "height": 320]], to: &doc, "resize back")
    #expect(back?.rendered.contains(.highlight) == true || back?.reused.contains(.highlight) == true)
  }

  @Test func onlyTheStateBeforeTheLastChangeIsKept() throws {
    var doc = try M4.document(DirtyRegionTests.spec)
    let red: JSONValue = ["op": "setSpec", "spec": Self.recoloured(DirtyRegionTests.spec, "#ff0000")]
    let blue: JSONValue = ["op": "setSpec", "spec": Self.recoloured(DirtyRegionTests.spec, "#0000ff")]
    let green: JSONValue = ["op": "setSpec", "spec": Self.recoloured(DirtyRegionTests.spec, "#00ff00")]
    try M4.apply([red], to: &doc, "red")
    try M4.apply([blue], to: &doc, "blue")
    let backToRed = try M4.apply([red], to: &doc, "red again")
    #expect(!Self.reused(backToRed, "a").isEmpty && Self.series(backToRed, "a").isEmpty, "one step back is shelved")
    try M4.apply([green], to: &doc, "green")
    let blueAgain = try M4.apply([blue], to: &doc, "blue again")
    #expect(Self.reused(blueAgain, "a").isEmpty && !Self.series(blueAgain, "a").isEmpty, "two steps back is not")
  }

  @Test func aRegionLargerThanTheLimitIsNotShelved() throws {
    var shelf = MarkupShelf()
    shelf.realign(RegionAlignment(old: [], new: [.series(dataSet: "a", chunk: 0)]))
    let input = RegionInput.chunk(layer: 1, revision: 1)
    shelf.keep(at: 0, input: input, markup: RegionMarkup(String(repeating: "x", count: MarkupShelf.byteLimit + 1)),
               replacedBy: MarkupShelf.byteLimit, clientHolds: false)
    #expect(shelf.markup(at: 0, for: input) == nil)
    #expect(shelf.bytes == 0)
    shelf.keep(at: 0, input: input, markup: RegionMarkup("<g/>"), replacedBy: 4, clientHolds: false)
    #expect(shelf.markup(at: 0, for: input)?.svg == "<g/>")
    #expect(shelf.markup(at: 0, for: .chunk(layer: 1, revision: 2)) == nil)
    shelf.realign(RegionAlignment(old: [.series(dataSet: "a", chunk: 0)], new: []))
    #expect(shelf.bytes == 0)
    #expect(shelf.markup(at: 0, for: input) == nil)
  }

  @Test func aChangeOfOrderMovesEachEntryWithItsRegionAndForgetsTheRegionsThatLeft() {
    let a = RegionName.series(dataSet: "a", chunk: 0), b = RegionName.series(dataSet: "b", chunk: 0)
    var shelf = MarkupShelf()
    shelf.realign(RegionAlignment(old: [], new: [a, b]))
    shelf.keep(at: 2, input: .chunk(layer: 3, revision: 1), markup: RegionMarkup("<c/>"), replacedBy: 4, clientHolds: false)  // no region there
    #expect(shelf.bytes == 0)
    shelf.keep(at: 0, input: .chunk(layer: 1, revision: 1), markup: RegionMarkup("<a/>"), replacedBy: 4, clientHolds: false)
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 1), markup: RegionMarkup("<bb/>"), replacedBy: 5, clientHolds: false)
    shelf.realign(RegionAlignment(old: [a, b], new: [.grid, b]))
    #expect(shelf.markup(at: 0, for: .chunk(layer: 1, revision: 1)) == nil)
    #expect(shelf.markup(at: 1, for: .chunk(layer: 2, revision: 1))?.svg == "<bb/>")
    #expect(shelf.bytes == 5)
    shelf.realign(RegionAlignment(old: [.grid, b], new: [b, .grid]))
    #expect(shelf.markup(at: 0, for: .chunk(layer: 2, revision: 1))?.svg == "<bb/>")
    #expect(shelf.markup(at: 1, for: .chunk(layer: 2, revision: 1)) == nil)
    #expect(shelf.bytes == 5)
  }

  @Test func markupShownAgainAndAgainIsEscapedOnce() throws {
    // Hiding "a" lowers the y domain: the axis, the grid and b's chunks change with the legend.
    var doc = try M4.document(DirtyRegionTests.spec)
    try M4.apply([M4ToggleTests.visibility("a", false)], to: &doc, "hide")
    #expect(doc.jsonTextsMade == 0, "fresh markup is escaped into the answer, not kept")
    try M4.apply([M4ToggleTests.visibility("a", true)], to: &doc, "show")
    let afterShow = doc.jsonTextsMade
    #expect(afterShow > 4, "the shown state came back from the shelf")
    try M4.apply([M4ToggleTests.visibility("a", false)], to: &doc, "hide again")
    let made = doc.jsonTextsMade
    #expect(made > afterShow, "and so did the hidden one")
    for (k, visible) in [true, false, true, false].enumerated() {
      let patch = try #require(try M4.apply([M4ToggleTests.visibility("a", visible)], to: &doc, "toggle \(k)"))
      #expect(patch.rendered.isEmpty && patch.fragments.count > 4, "toggle \(k): \(patch.rendered), \(patch.fragments.count)")
      #expect(patch.fragments.allSatisfy { $0.json != nil }, "toggle \(k)")
    }
    #expect(doc.jsonTextsMade == made, "every region came back from the shelf with its JSON text")
    let append = try #require(try M4.apply([["op": "appendEntries", "dataSet": "b", "entries": [6]]], to: &doc, "append"))
    #expect(!append.fragments.isEmpty && append.fragments.allSatisfy { $0.json == nil })
    #expect(doc.jsonTextsMade == made)
  }

  @Test func jsonTextsStayWithinTheLimit() throws {
    // 80,000 points drawn one by one: about 650 KiB of markup, sent whole by every recolouring.
    let spec: JSONValue = ["kind": "line", "width": 900, "height": 300, "largeData": ["mode": "lossless"],
                           "dataSets": [["id": "a", "entries": .numbers((0..<80_000).map { Double(($0 * 37) % 1_009) / 7 })]]]
    var doc = try M4.document(spec)
    let red: JSONValue = ["op": "setSpec", "spec": Self.recoloured(spec, "#ff0000")]
    let blue: JSONValue = ["op": "setSpec", "spec": Self.recoloured(spec, "#0000ff")]
    var sent = 0
    for (k, edit) in [red, blue, red, blue, red, blue].enumerated() {
      let patch = try #require(try M4.apply([edit], to: &doc, "recolour \(k)"))
      sent += patch.markupBytes
      #expect(doc.jsonHeld <= ChartDocument.jsonLimit, "recolour \(k): \(doc.jsonHeld) bytes held")
    }
    #expect(sent > 3 * ChartDocument.jsonLimit, "the markup sent passes the limit: \(sent)")
    #expect(doc.jsonHeld > 0, "texts are kept again after the document let go of them")
  }

  static func recoloured(_ spec: JSONValue, _ colour: String) -> JSONValue {
    guard case .object(var o) = spec, case .array(var sets)? = o["dataSets"], case .object(var first) = sets[0] else { return spec }
    first["color"] = .string(colour)
    sets[0] = .object(first)
    o["dataSets"] = .array(sets)
    return .object(o)
  }
}

/// A data set hidden gives its markup to the shelf whatever its size, so that showing it again
/// renders nothing (`MarkupShelf`, emptied regions).
@Suite struct MarkupShelfEmptiedTests {
  typealias M4 = M4AggregationTests

  /// A scatter whose set "s" draws about 15 bytes per point: 100,000 points pass the shelf's limit.
  static func scatter(points: Int) -> JSONValue {
    let xs = (0..<points).map { Double($0) }, ys = (0..<points).map { Double(($0 * 37) % 1_009) }
    return ["kind": "scatter", "width": 600, "height": 300,
            "dataSets": [["id": "s", "entries": ["x": .numbers(xs), "y": .numbers(ys)]],
                         ["id": "ref", "entries": [[0, 0], [.number(Double(points)), 1_009]]]]]
  }

  @Test func showingASetLargerThanTheLimitAgainRendersNoneOfIt() throws {
    var doc = try M4.document(Self.scatter(points: 100_000))
    doc.clientKeepsPreviousMarkup = true
    var svg = doc.svg, previous: [String: String] = [:]
    #expect(svg.utf8.count > MarkupShelf.byteLimit, "the set's markup passes the limit: \(svg.utf8.count) bytes")
    /// Applies `visible` as a client that keeps previous markup would, checked against a fresh render.
    func toggle(_ visible: Bool, _ what: String) throws -> ChartPatch {
      let log = DiagnosticLog()
      let plan = try #require(doc.plan(.array([M4ToggleTests.visibility("s", visible)]), at: JSONPointer(["edits"]),
                                       limits: SpecLimits(), log: log))
      let patch = doc.apply([plan])
      svg = try #require(patch.apply(to: svg, previous: &previous), "\(what): the patch does not apply")
      #expect(svg == doc.svg && svg == ChartRenderer.render(doc.model, prefix: doc.prefix).svg, "\(what)")
      return patch
    }
    let hide = try toggle(false, "hide")
    let chunks = MarkupShelfTests.series(hide, "s").count
    #expect(chunks > 10)
    #expect(doc.shelfBytes.emptied > MarkupShelf.byteLimit, "the hidden chunks' markup is shelved beyond the limit")
    #expect(doc.shelfBytes.withinLimit <= MarkupShelf.byteLimit)
    let show = try toggle(true, "show")
    #expect(MarkupShelfTests.series(show, "s").isEmpty, "no chunk rendered: \(MarkupShelfTests.series(show, "s").count)")
    #expect(MarkupShelfTests.reused(show, "s").count == chunks)
    #expect(show.restored.count >= chunks, "the client holds them: restored, not sent")
    #expect(show.markupBytes < 4_096, "\(show.markupBytes) bytes of markup sent")
    // The empty groups now on the shelf are small: nothing is held beyond the limit any more.
    #expect(doc.shelfBytes.emptied == 0)
    // And again, both ways.
    for (k, visible) in [false, true, false, true].enumerated() {
      let patch = try toggle(visible, "toggle \(k)")
      #expect(MarkupShelfTests.series(patch, "s").isEmpty, "toggle \(k)")
    }
  }

  @Test func anEditWhileHiddenRendersOnlyWhatItChangedWhenShown() throws {
    var doc = try M4.document(Self.scatter(points: 100_000))
    try M4.apply([M4ToggleTests.visibility("s", false)], to: &doc, "hide")
    try M4.apply([["op": "updateEntries", "dataSet": "s", "start": 50_000, "entries": [["x": 50_000, "y": 5]]]],
                 to: &doc, "update while hidden")
    let show = try #require(try M4.apply([M4ToggleTests.visibility("s", true)], to: &doc, "show"))
    let rendered = MarkupShelfTests.series(show, "s")
    #expect(rendered.count == 1, "\(rendered)")
    #expect(MarkupShelfTests.reused(show, "s").count > 10)
    #expect(doc.shelfBytes.emptied == 0)
  }

  @Test func anEntryOfAnEmptiedRegionIsLetGoWhenTheRegionFillsAgain() {
    let a = RegionName.series(dataSet: "a", chunk: 0), b = RegionName.series(dataSet: "b", chunk: 0)
    var shelf = MarkupShelf()
    shelf.realign(RegionAlignment(old: [], new: [a, b]))
    let big = RegionMarkup(String(repeating: "x", count: MarkupShelf.byteLimit + 10))
    let shown = RegionInput.chunk(layer: 1, revision: 1), hidden = RegionInput.chunk(layer: 2, revision: 1)
    // Replaced by a quarter of its size or more: not emptied, and too large.
    shelf.keep(at: 0, input: shown, markup: big, replacedBy: big.bytes / 4 + 1, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown) == nil && shelf.bytes == 0 && shelf.emptiedBytes == 0)
    // Replaced by an empty group: kept beyond the limit, and the limit stays for the others.
    shelf.keep(at: 0, input: shown, markup: big, replacedBy: 12, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown)?.bytes == big.bytes && shelf.clientHolds(at: 0))
    #expect(shelf.emptiedBytes == big.bytes && shelf.bytes == 0)
    shelf.keep(at: 1, input: hidden, markup: RegionMarkup("<b/>"), replacedBy: 4, clientHolds: false)
    #expect(shelf.bytes == 4)
    // Shown again: the empty state takes its place, and the bytes beyond the limit are gone.
    shelf.keep(at: 0, input: hidden, markup: RegionMarkup("<g></g>"), replacedBy: big.bytes, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown) == nil && shelf.markup(at: 0, for: hidden)?.svg == "<g></g>")
    #expect(shelf.emptiedBytes == 0 && shelf.bytes == 11)
    // A change order keeps an emptied entry with its region, counted apart.
    shelf.keep(at: 0, input: shown, markup: big, replacedBy: 7, clientHolds: true)
    shelf.realign(RegionAlignment(old: [a, b], new: [b, a]))
    #expect(shelf.markup(at: 1, for: shown)?.bytes == big.bytes)
    #expect(shelf.emptiedBytes == big.bytes && shelf.bytes == 4)
    // The region fills again with markup too large to keep: the emptied entry is let go all the same.
    shelf.keep(at: 1, input: hidden, markup: big, replacedBy: big.bytes, clientHolds: true)
    #expect(shelf.markup(at: 1, for: shown) == nil && shelf.emptiedBytes == 0 && !shelf.clientHolds(at: 1))
    shelf.realign(RegionAlignment(old: [b, a], new: []))
    #expect(shelf.bytes == 0 && shelf.emptiedBytes == 0)
  }
}
