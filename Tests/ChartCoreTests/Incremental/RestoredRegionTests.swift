import ChartdJSON
import Testing
@testable import ChartCore

/// Patches for a client that keeps each region's previous markup (`protocol/patch.md`, "Restored
/// regions"): what the shelf knows the client holds, and how such a patch applies.
@Suite struct RestoredRegionTests {
  static let a = RegionName.series(dataSet: "a", chunk: 0), b = RegionName.series(dataSet: "b", chunk: 0)

  @Test func theShelfKnowsWhatTheClientHoldsUntilTheOrderChangesOrAFullSVGGoesOut() {
    var shelf = MarkupShelf()
    shelf.realign(RegionAlignment(old: [], new: [Self.a, Self.b]))
    #expect(!shelf.clientHolds(at: 0) && !shelf.clientHolds(at: 5))
    shelf.keep(at: 0, input: .chunk(layer: 1, revision: 1), markup: RegionMarkup("<a/>"), viewChange: false, clientHolds: true)
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 1), markup: RegionMarkup("<b/>"), viewChange: false, clientHolds: false)
    #expect(shelf.clientHolds(at: 0) && !shelf.clientHolds(at: 1))
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 2), markup: RegionMarkup("<bb/>"), viewChange: false, clientHolds: true)
    #expect(shelf.clientHolds(at: 1))
    // Too large to keep: the shelf keeps its older entry, which the client no longer holds.
    let huge = RegionMarkup(String(repeating: "x", count: MarkupShelf.byteLimit))
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 3), markup: huge, viewChange: false, clientHolds: true)
    #expect(!shelf.clientHolds(at: 1))
    #expect(shelf.markup(at: 1, for: .chunk(layer: 2, revision: 2))?.svg == "<bb/>")
    shelf.clientHoldsNothing()
    #expect(!shelf.clientHolds(at: 0))
    shelf.keep(at: 0, input: .chunk(layer: 1, revision: 2), markup: RegionMarkup("<a2/>"), viewChange: false, clientHolds: true)
    shelf.keep(at: 1, input: .chunk(layer: 2, revision: 4), markup: RegionMarkup("<b4/>"), viewChange: false, clientHolds: true)
    // b moves before a: the patch keeps one of them in place, and removes and inserts the other.
    let swap = RegionAlignment(old: [Self.a, Self.b], new: [Self.b, Self.a])
    #expect(swap.staysInPlace.filter { $0 }.count == 1)
    shelf.realign(swap)
    #expect(shelf.clientHolds(at: 0) == swap.staysInPlace[0] && shelf.clientHolds(at: 1) == swap.staysInPlace[1],
            "the client still holds what stays in place, and may forget what moves")
    #expect(shelf.markup(at: 1, for: .chunk(layer: 1, revision: 2))?.svg == "<a2/>", "the shelf itself keeps both")
    #expect(shelf.markup(at: 0, for: .chunk(layer: 2, revision: 4))?.svg == "<b4/>")
    // A region added in front moves nothing: every entry stays held.
    shelf.realign(RegionAlignment(old: [Self.b, Self.a], new: [.grid, Self.b, Self.a]))
    #expect(!shelf.clientHolds(at: 0))
    #expect(shelf.clientHolds(at: 1) == swap.staysInPlace[0] && shelf.clientHolds(at: 2) == swap.staysInPlace[1])
  }

  static let base = "<svg id=\"p\">\n<g id=\"p-a\">1</g>\n<g id=\"p-b\">1</g>\n</svg>\n"

  @Test func aFragmentKeepsWhatItReplacesAndARestorePutsItBack() throws {
    var previous: [String: String] = [:]
    var change = ChartPatch()
    change.fragments = [.init(id: "p-a", svg: "<g id=\"p-a\">2</g>")]
    let changed = try #require(change.apply(to: Self.base, previous: &previous))
    #expect(previous == ["p-a": "<g id=\"p-a\">1</g>"])
    var back = ChartPatch()
    back.restored = ["p-a"]
    #expect(back.apply(to: changed) == nil, "a client that keeps nothing cannot restore")
    let restored = try #require(back.apply(to: changed, previous: &previous))
    #expect(restored == Self.base)
    #expect(previous == ["p-a": "<g id=\"p-a\">2</g>"], "the markup replaced by the restore is the previous one now")
    #expect(back.apply(to: restored, previous: &previous) == changed, "restored again, it swaps back")
  }

  @Test func aRestoreOfMarkupTheClientDoesNotHoldDoesNotFitAndChangesNothing() {
    var previous = ["p-a": "<g id=\"p-a\">0</g>"]
    var patch = ChartPatch()
    patch.fragments = [.init(id: "p-a", svg: "<g id=\"p-a\">2</g>")]
    patch.restored = ["p-b"]
    #expect(patch.apply(to: Self.base, previous: &previous) == nil)
    #expect(previous == ["p-a": "<g id=\"p-a\">0</g>"])
    var removal = ChartPatch()
    removal.removed = ["p-a"]
    #expect(removal.apply(to: Self.base, previous: &previous) == "<svg id=\"p\">\n<g id=\"p-b\">1</g>\n</svg>\n")
    #expect(previous.isEmpty, "a removed region's previous markup is forgotten")
  }

  static let spec: JSONValue = [
    "kind": "line", "width": 320, "height": 200,
    "dataSets": [["id": "a", "entries": [1, 3, 2, 5]], ["id": "b", "entries": [2, 9, 4, 1]]],
  ]

  static func toggle(_ doc: inout ChartDocument, _ visible: Bool) throws -> ChartPatch {
    let log = DiagnosticLog()
    let edits: JSONValue = [["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)]]
    let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
    return doc.apply([plan])
  }

  @Test func aLegendItemToggledBackIsRestoredWithoutItsMarkup() throws {
    let spec = try #require(ChartSpec.parse(Self.spec, log: DiagnosticLog()))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "p")
    doc.clientKeepsPreviousMarkup = true
    var svg = doc.svg, previous: [String: String] = [:]
    let shown = svg
    let hide = try Self.toggle(&doc, false)
    #expect(hide.restored.isEmpty && !hide.fragments.isEmpty, "nothing to restore yet")
    svg = try #require(hide.apply(to: svg, previous: &previous))
    let hidden = svg
    for round in 0..<3 {
      let show = try Self.toggle(&doc, true)
      #expect(show.fragments.isEmpty && show.markupBytes == 0, "round \(round)")
      #expect(show.restored == hide.fragments.map(\.id), "round \(round)")
      #expect(show.reused.count == show.restored.count)
      svg = try #require(show.apply(to: svg, previous: &previous))
      #expect(svg == shown && svg == doc.svg)
      let again = try Self.toggle(&doc, false)
      #expect(again.fragments.isEmpty && again.restored == hide.fragments.map(\.id))
      svg = try #require(again.apply(to: svg, previous: &previous))
      #expect(svg == hidden && svg == doc.svg)
    }
    // After a full SVG the client holds nothing: the markup comes as fragments again.
    doc.clientTookFullSVG()
    let afterRender = try Self.toggle(&doc, true)
    #expect(afterRender.restored.isEmpty)
    #expect(afterRender.fragments.map(\.id) == hide.fragments.map(\.id))
    #expect(afterRender.apply(to: svg) == shown)
  }

  /// A region that a change of order moved (removed and inserted) may be forgotten by the client:
  /// when its shelved markup comes back, it is sent again, while the regions that stayed in place
  /// are restored.
  @Test func aRegionThatMovedComesBackWithItsMarkup() throws {
    let json: JSONValue = [
      "kind": "combined", "width": 320, "height": 200, "leftAxis": ["min": 0, "max": 10],
      "dataSets": [["id": "a", "kind": "line", "entries": [3, 1, 2]], ["id": "b", "kind": "line", "entries": [5, 7, 6]]],
    ]
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "c")
    doc.clientKeepsPreviousMarkup = true
    var svg = doc.svg, previous: [String: String] = [:]
    let steps: [JSONValue] = [
      [["op": "setVisibility", "dataSet": "b", "visible": false]],
      // A scatter layer draws above lines: b's layer moves below a's (removed and inserted).
      [["op": "replaceDataSet", "dataSet": ["id": "a", "kind": "scatter", "entries": [3, 1, 2]]]],
      [["op": "setVisibility", "dataSet": "b", "visible": true]],
    ]
    var patches: [ChartPatch] = []
    for edits in steps {
      let log = DiagnosticLog()
      let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
      let patch = doc.apply([plan])
      svg = try #require(patch.apply(to: svg, previous: &previous), "\(JSONWriter.string(edits))")
      #expect(svg == doc.svg)
      patches.append(patch)
    }
    #expect(patches[1].removed == ["c-s-b-0"] && patches[1].inserted.map(\.id) == ["c-s-b-0"])
    #expect(patches[2].reused.contains(.series(dataSet: "b", chunk: 0)), "b's layer comes back from the shelf")
    #expect(patches[2].fragments.map(\.id) == ["c-s-b-0"], "sent with its markup: it moved since")
    #expect(patches[2].restored == ["c-a11y-desc", "c-legend-b"])
  }

  @Test func aDocumentWhoseClientKeepsNothingSendsTheMarkup() throws {
    let spec = try #require(ChartSpec.parse(Self.spec, log: DiagnosticLog()))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "p")
    let hide = try Self.toggle(&doc, false)
    let show = try Self.toggle(&doc, true)
    #expect(show.restored.isEmpty)
    #expect(show.fragments.map(\.id) == hide.fragments.map(\.id))
    #expect(show.reused.count == show.fragments.count)
  }
}
