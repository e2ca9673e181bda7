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
    shelf.keep(at: 0, input: input, markup: RegionMarkup(String(repeating: "x", count: MarkupShelf.byteLimit + 1)), viewChange: false,
               clientHolds: false)
    #expect(shelf.markup(at: 0, for: input) == nil)
    #expect(shelf.bytes == 0)
    shelf.keep(at: 0, input: input, markup: RegionMarkup("<g/>"), viewChange: false, clientHolds: false)
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
    shelf.keep(at: 2, input: .chunk(layer: 3, revision: 1), markup: RegionMarkup("<c/>"), viewChange: false, clientHolds: false)  // no region there
    #expect(shelf.bytes == 0)
    shelf.keep(at: 0, input: .chunk(layer: 1, revision: 1), markup: RegionMarkup("<a/>"), viewChange: false, clientHolds: false)
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 1), markup: RegionMarkup("<bb/>"), viewChange: false, clientHolds: false)
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
    var sent = 0, held: [Int] = []
    for (k, edit) in [red, blue, red, blue, red, blue].enumerated() {
      let patch = try #require(try M4.apply([edit], to: &doc, "recolour \(k)"))
      sent += patch.markupBytes
      held.append(doc.jsonHeld)
      #expect(doc.jsonHeld <= ChartDocument.jsonLimit, "recolour \(k): \(doc.jsonHeld) bytes held")
    }
    #expect(sent > 3 * ChartDocument.jsonLimit, "the markup sent passes the limit: \(sent)")
    // Held, let go of (a text that did not fit), and held again.
    let first = try #require(held.firstIndex { $0 > 0 }, "\(held)")
    let letGo = try #require(held[first...].firstIndex(of: 0), "\(held)")
    #expect(held[letGo...].contains { $0 > 0 }, "texts are kept again after the document let go of them: \(held)")
  }

  static func recoloured(_ spec: JSONValue, _ colour: String) -> JSONValue {
    guard case .object(var o) = spec, case .array(var sets)? = o["dataSets"], case .object(var first) = sets[0] else { return spec }
    first["color"] = .string(colour)
    sets[0] = .object(first)
    o["dataSets"] = .array(sets)
    return .object(o)
  }
}

/// A change of the view shelves what it replaces whatever its size, so that going back renders
/// nothing; any other change keeps at most `MarkupShelf.byteLimit` (`MarkupShelf`).
@Suite struct MarkupShelfLargeChartTests {
  typealias M4 = M4AggregationTests

  /// A scatter whose set "s" draws about 15 bytes per point: 100,000 points pass the shelf's limit.
  static func scatter(points: Int) -> JSONValue {
    let xs = (0..<points).map { Double($0) }, ys = (0..<points).map { Double(($0 * 37) % 1_009) }
    return ["kind": "scatter", "width": 600, "height": 300,
            "dataSets": [["id": "s", "entries": ["x": .numbers(xs), "y": .numbers(ys)]],
                         ["id": "ref", "entries": [[0, 0], [.number(Double(points)), 1_009]]]]]
  }

  /// Two grouped bar sets of `n` bars: hiding "b" widens every bar of "a" (one bar per group).
  static func groupedBars(_ n: Int) -> JSONValue {
    let xs = (0..<n).map { Double($0) }
    return ["kind": "bar", "width": 600, "height": 300,
            "dataSets": [["id": "a", "entries": ["x": .numbers(xs), "y": .numbers(xs.map { 1 + Double(Int($0) % 97) })]],
                         ["id": "b", "entries": ["x": .numbers(xs), "y": .numbers(xs.map { 1 + Double(Int($0) % 89) })]]]]
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
    #expect(doc.shelfBytes.beyondLimit > MarkupShelf.byteLimit, "the hidden chunks' markup is shelved beyond the limit")
    let show = try toggle(true, "show")
    #expect(MarkupShelfTests.series(show, "s").isEmpty, "no chunk rendered: \(MarkupShelfTests.series(show, "s").count)")
    #expect(MarkupShelfTests.reused(show, "s").count == chunks)
    #expect(show.restored.count >= chunks, "the client holds them: restored, not sent")
    #expect(show.markupBytes < 4_096, "\(show.markupBytes) bytes of markup sent")
    // The empty groups now on the shelf are small.
    #expect(doc.shelfBytes.beyondLimit < MarkupShelf.byteLimit / 8, "\(doc.shelfBytes)")
    for (k, visible) in [false, true, false, true].enumerated() {
      let patch = try toggle(visible, "toggle \(k)")
      #expect(MarkupShelfTests.series(patch, "s").isEmpty, "toggle \(k)")
    }
  }

  @Test func togglingOneOfTwoLargeGroupedSetsRendersNothingOnceBothStatesWereSeen() throws {
    var doc = try M4.document(Self.groupedBars(15_000))
    let aMarkup = doc.svg.utf8.count / 2
    #expect(aMarkup > MarkupShelf.byteLimit, "each set's markup passes the limit: \(aMarkup) bytes")
    let first = try #require(try M4.apply([M4ToggleTests.visibility("b", false)], to: &doc, "hide b"))
    #expect(MarkupShelfTests.series(first, "a").count > 10, "a's bars widen")
    try M4.apply([M4ToggleTests.visibility("b", true)], to: &doc, "show b")
    for (k, visible) in [false, true, false, true].enumerated() {
      let patch = try #require(try M4.apply([M4ToggleTests.visibility("b", visible)], to: &doc, "toggle \(k)"))
      #expect(MarkupShelfTests.series(patch, "a").isEmpty && MarkupShelfTests.series(patch, "b").isEmpty,
              "toggle \(k): \(patch.rendered.count) regions rendered")
      // One state before per region: at most what the chart held in the other state.
      #expect(doc.shelfBytes.beyondLimit <= 3 * aMarkup, "toggle \(k): \(doc.shelfBytes)")
    }
  }

  @Test func anEditOfTheDataKeepsWithinTheLimitAndLetsGoOfWhatTheViewKept() throws {
    // An append moves every bar (the x axis ends half a slot past the data): the states before
    // never come back, and the bars of "a" the toggle shelved are let go as they change. Those of
    // "b", hidden, stay until it is shown: what it held when it was.
    var doc = try M4.document(Self.groupedBars(15_000))
    let setMarkup = doc.svg.utf8.count / 2
    try M4.apply([M4ToggleTests.visibility("b", false)], to: &doc, "hide b")
    #expect(doc.shelfBytes.beyondLimit > Int(1.8 * Double(setMarkup)), "both sets' bars: \(doc.shelfBytes)")
    let append = try #require(try M4.apply([["op": "appendEntries", "dataSet": "a", "entries": [["x": 15_000, "y": 3]]]],
                                           to: &doc, "append"))
    #expect(MarkupShelfTests.series(append, "a").count > 10)
    #expect(doc.shelfBytes.withinLimit <= MarkupShelf.byteLimit)
    #expect(doc.shelfBytes.beyondLimit < Int(1.1 * Double(setMarkup)), "b's bars only: \(doc.shelfBytes)")
    // Shown, b's bars are drawn anew, and the shelf holds the state before the show in their
    // place: the chart as it was, not its bars from before the append besides.
    let hiddenState = doc.svg.utf8.count
    let show = try #require(try M4.apply([M4ToggleTests.visibility("b", true)], to: &doc, "show b"))
    #expect(MarkupShelfTests.series(show, "b").count > 10, "b's bars moved with the append")
    #expect(doc.shelfBytes.beyondLimit <= hiddenState, "\(doc.shelfBytes) against \(hiddenState)")
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
  }

  @Test func anEntryKeptBeyondTheLimitLastsUntilItsRegionsNextChange() {
    let a = RegionName.series(dataSet: "a", chunk: 0), b = RegionName.series(dataSet: "b", chunk: 0)
    var shelf = MarkupShelf()
    shelf.realign(RegionAlignment(old: [], new: [a, b]))
    let big = RegionMarkup(String(repeating: "x", count: MarkupShelf.byteLimit + 10))
    let shown = RegionInput.chunk(layer: 1, revision: 1), hidden = RegionInput.chunk(layer: 2, revision: 1)
    // Any other change: too large to keep.
    shelf.keep(at: 0, input: shown, markup: big, viewChange: false, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown) == nil && shelf.bytes == 0 && shelf.beyondLimitBytes == 0)
    // A change of the view: kept beyond the limit, and the limit stays for the others.
    shelf.keep(at: 0, input: shown, markup: big, viewChange: true, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown)?.bytes == big.bytes && shelf.clientHolds(at: 0))
    #expect(shelf.beyondLimitBytes == big.bytes && shelf.bytes == 0)
    shelf.keep(at: 1, input: hidden, markup: RegionMarkup("<b/>"), viewChange: false, clientHolds: false)
    #expect(shelf.bytes == 4)
    // The region's next change replaces it, within the limit.
    shelf.keep(at: 0, input: hidden, markup: RegionMarkup("<g></g>"), viewChange: false, clientHolds: true)
    #expect(shelf.markup(at: 0, for: shown) == nil && shelf.markup(at: 0, for: hidden)?.svg == "<g></g>")
    #expect(shelf.beyondLimitBytes == 0 && shelf.bytes == 11)
    // A change of order keeps an entry beyond the limit with its region, counted apart.
    shelf.keep(at: 0, input: shown, markup: big, viewChange: true, clientHolds: true)
    shelf.realign(RegionAlignment(old: [a, b], new: [b, a]))
    #expect(shelf.markup(at: 1, for: shown)?.bytes == big.bytes)
    #expect(shelf.beyondLimitBytes == big.bytes && shelf.bytes == 4)
    // Its region's next change is not kept (too large): it is let go all the same.
    shelf.keep(at: 1, input: hidden, markup: big, viewChange: false, clientHolds: true)
    #expect(shelf.markup(at: 1, for: shown) == nil && shelf.beyondLimitBytes == 0 && !shelf.clientHolds(at: 1))
    shelf.realign(RegionAlignment(old: [b, a], new: []))
    #expect(shelf.bytes == 0 && shelf.beyondLimitBytes == 0)
  }
}
