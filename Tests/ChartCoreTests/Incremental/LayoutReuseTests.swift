import ChartdJSON
import Testing
@testable import ChartCore

/// Edits that touch only entries or highlights and move no domain and no tick keep the layout
/// (counted, not timed), and the result is still exactly a render from scratch.
@Suite struct LayoutReuseTests {
  /// A line over x 0…999 and y 0…100 (nice domains 0…1000 and 0…100), chunks of 64 entries.
  static let line: JSONValue = [
    "kind": "line", "width": 640, "height": 320, "largeData": ["chunkSize": 64],
    "dataSets": [
      ["id": "a", "entries": ["x": .numbers((0..<1000).map(Double.init)),
                              "y": .numbers((0..<1000).map { Double(($0 * 37) % 101) })]],
      ["id": "b", "entries": ["x": .numbers([0, 500, 999]), "y": .numbers([10, 20, 30])]],
    ],
  ]

  func document(_ spec: JSONValue = line) throws -> ChartDocument {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(spec, log: log), "\(log.items)")
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: spec)
  }

  /// Applies `edits`, checks the patch and that the SVG equals a fresh document's of the same model.
  @discardableResult
  func apply(_ doc: inout ChartDocument, _ edits: JSONValue) throws -> ChartPatch {
    try doc.applyCheckedAgainstFresh(edits)
  }

  func append(_ x: Double, _ y: Double, to id: String = "a") -> JSONValue {
    [["op": "appendEntries", "dataSet": .string(id), "entries": [["x": .number(x), "y": .number(y)]]]]
  }

  @Test func aSlidingWindowThatKeepsTheLayoutRedrawsOnlyTheEndsOfItsM4Layer() throws {
    // An append with maxEntries drops the first entry: the layout stays (x 1…1000 inside 0…1000),
    // and of the M4 columns only those of the dropped entry and of the appended one change. Their
    // chunks are drawn again, with the chunk after each (it starts at the last entry before it),
    // and the rest of the layer is not looked at (`apply` compares the SVG with a fresh render).
    var doc = try document(Self.line.mergePatched(with: ["largeData": ["threshold": 100, "chunkSize": 64]]))
    #expect(doc.svg.contains("data-mode=\"m4\""))
    let chunks = doc.order.filter { if case .series("a", _) = $0 { true } else { false } }.count
    #expect(chunks > 8)
    let slide: JSONValue = [["op": "appendEntries", "dataSet": "a", "maxEntries": 1000, "entries": [["x": 1000, "y": 50]]]]
    let patch = try apply(&doc, slide)
    #expect(doc.layoutRuns == 1)
    let drawn = patch.rendered.compactMap { name -> Int? in if case .series("a", let c) = name { c } else { nil } }
    #expect(drawn.allSatisfy { $0 <= 1 || $0 >= chunks - 2 } && drawn.count <= 4, "drew chunks \(drawn) of \(chunks)")
  }

  @Test func appendsInsideTheNiceDomainRunNoLayoutAndRenderOneChunk() throws {
    var doc = try document()
    #expect(doc.layoutRuns == 1)
    // x grows past the last point (999) but stays inside the domain's last tick (1000).
    for (k, x) in [999.25, 999.5, 1000].enumerated() {
      let patch = try apply(&doc, append(x, 40 + Double(k)))
      #expect(doc.layoutRuns == 1, "append at x = \(x)")
      #expect(patch.rendered.count == 1)
      if case .series(dataSet: "a", chunk: _)? = patch.rendered.first {} else { Issue.record("rendered \(patch.rendered)") }
    }
  }

  /// The check compares each edit's plans with those the layout was made with, whose tick
  /// candidates are worked out once: the memo does not grow edit by edit. A new layout keeps what it
  /// holds (a list depends on its range and options alone), within the memo's capacity.
  @Test func theLayoutsOwnCandidatesAreWorkedOutOnce() throws {
    var doc = try document()
    try apply(&doc, append(999.25, 40))
    let kept = doc.tickCandidates.count
    #expect(kept > 0)
    for (k, x) in [999.5, 999.75, 1000].enumerated() {
      try apply(&doc, append(x, 41 + Double(k)))
      #expect(doc.layoutRuns == 1)
      #expect(doc.tickCandidates.count == kept, "append at x = \(x)")
    }
    try apply(&doc, append(1200, 40))
    #expect(doc.layoutRuns == 2)
    #expect(doc.tickCandidates.count >= kept && doc.tickCandidates.count <= TickCandidateMemo.capacity)
  }

  /// The layout reads no highlight: an update that only highlights (or has no edits) neither lays
  /// the chart out nor plans its axes, whatever the kind, a pie's included (which has no axes to
  /// compare and used to be laid out again).
  @Test func aHighlightLeavesTheLayoutWithoutALook() throws {
    let pie: JSONValue = [
      "kind": "pie", "width": 320, "height": 240,
      "dataSets": [["id": "p", "entries": .numbers([3, 5, 2, 7])]],
    ]
    for (spec, id) in [(Self.line, "a"), (pie, "p")] {
      var doc = try document(spec)
      for index in [1, 3, 0] {
        try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": .string(id), "index": .number(Double(index))]]]])
        #expect(doc.layoutRuns == 1)
        #expect(doc.inputsComputed < doc.order.count / 2, "only the regions that read highlights are looked at")
      }
      try apply(&doc, [])
      try apply(&doc, [["op": "setHighlight", "highlights": []]])
      #expect(doc.layoutRuns == 1)
    }
  }

  /// The x axis judges its candidate steps smallest first and takes the first whose labels fit:
  /// the candidates after it were never looked at, and an append that moves only those keeps the
  /// layout. Over x −20…48 the steps offered are 20 (−20…60), then 50 (−50…50); an append at
  /// x = 55 moves the second (−50…100) but not the first, which the labels of a wide chart take.
  @Test func anAppendThatMovesOnlyCandidatesNeverJudgedKeepsTheLayout() throws {
    let spec: JSONValue = [
      "kind": "line", "width": 640, "height": 320,
      "dataSets": [["id": "a", "entries": ["x": .numbers((-20...48).map(Double.init)),
                                           "y": .numbers((-20...48).map { Double(($0 * 37) & 63) })]]],
    ]
    var doc = try document(spec)
    let ticks = try #require(doc.layout.x?.ticks.map(\.value))
    #expect(ticks == [-20, 0, 20, 40, 60])
    var o = TickOptions()
    o.maxTicks = 6
    #expect(!NiceTicks.sameResult((-20, 48), (-20, 55), o, firstOnly: false), "a later candidate moves")
    try apply(&doc, append(55, 30))
    #expect(doc.layoutRuns == 1)
    // Past the domain drawn, the layout runs again.
    try apply(&doc, append(61, 30))
    #expect(doc.layoutRuns == 2)
  }

  /// Appends that leave the nice domain again and again (x and y both growing), each checked
  /// against a layout from scratch: keeping the layout is never wrong, whichever plans it compares.
  @Test func appendsCrossingTheDomainMatchAFreshLayoutEveryTime() throws {
    var doc = try document()
    var rng = SplitMix(seed: 5)
    var x = 999.0
    for _ in 0..<150 {
      x += rng.next() * 40
      try apply(&doc, append(x, rng.next() * 130))
    }
    #expect(doc.layoutRuns > 2 && doc.layoutRuns < 140, "some appends kept the layout, some did not: \(doc.layoutRuns)")
  }

  /// Highlights set as they already are, or no edit at all, change nothing a region reads: no
  /// region's input is computed and the patch is empty; edits that do change something are drawn
  /// as before.
  @Test func anUpdateThatLeavesTheHighlightsAsTheyAreLooksAtNoRegion() throws {
    var doc = try document()
    func highlight(_ index: Int) -> JSONValue { ["op": "setHighlight", "highlights": [["dataSet": "a", "index": .number(Double(index))]]] }
    func show(_ visible: Bool) -> JSONValue { ["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)] }
    let first = try apply(&doc, [highlight(5)])
    #expect(!first.isEmpty && doc.inputsComputed > 0)
    let svg = doc.svg
    // The same highlight again; no edits; away and back within one update.
    for edits: JSONValue in [[highlight(5)], [], [highlight(9), highlight(5)]] {
      let patch = try apply(&doc, edits)
      #expect(patch.isEmpty && patch.rendered.isEmpty && patch.reused.isEmpty, "\(edits)")
      #expect(doc.inputsComputed == 0, "\(edits)")
      #expect(doc.svg == svg)
    }
    let cleared = try apply(&doc, [["op": "setHighlight", "highlights": []]])
    #expect(!cleared.isEmpty && doc.inputsComputed > 0)
    #expect(try apply(&doc, [["op": "setHighlight", "highlights": []]]).isEmpty)
    #expect(!(try apply(&doc, [highlight(9)])).isEmpty)
    #expect(!(try apply(&doc, [show(false)])).isEmpty)
    // Entries rewritten with the values they had are a change of entries all the same (their data
    // revision moves): drawn again, and still equal to a render from scratch.
    #expect(try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 3, "entries": [["x": 3, "y": 10]]]]).rendered.count > 0)
  }

  /// After an entries edit that kept the layout, only the regions that read entries or highlights
  /// and may have changed have their input computed: the chunks the edit revised and the regions
  /// that read highlights. Any other edit computes every region's.
  @Test func anEntriesEditThatKeepsTheLayoutLooksOnlyAtRegionsItMayHaveChanged() throws {
    var doc = try document()
    let others = { (doc: ChartDocument) in
      doc.order.filter { name in
        if case .series = name { return false }
        return !RegionInputs.readsOnlyLayoutAndStyle(name)
      }.count
    }
    try apply(&doc, append(999.5, 40))
    #expect(doc.layoutRuns == 1)
    #expect(doc.inputsComputed == others(doc) + 1, "the last chunk of a, the highlight and the marker")
    #expect(doc.inputsComputed < doc.order.count - 5, "grid, axes, background, titles are left alone")
    try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 5]]]])
    #expect(doc.inputsComputed == others(doc), "no chunk was revised")
    // A changed entry redraws its chunk and the next one, which starts at its last entry.
    try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 127, "entries": [["x": 127, "y": 60]]]])
    #expect(doc.inputsComputed == others(doc) + 2)
    // A new x maximum past the domain runs the layout: every region is looked at.
    try apply(&doc, append(1200, 50))
    #expect(doc.layoutRuns == 2)
    #expect(doc.inputsComputed == doc.order.count)
    // A style edit looks at every region, although the layout comes out the same.
    try apply(&doc, [["op": "mergeSpec", "patch": ["title": "Renamed"]]])
    #expect(doc.inputsComputed == doc.order.count)
  }

  /// A toggle that keeps the axes changes the legend's dimming alone: the grid, the axes, the
  /// background and the titles are not looked at, nor are the chunks of the sets it did not show or
  /// hide; the summary, the legend items, the toggled set's chunks and the other regions that read
  /// entries or highlights are, and the result is a render from scratch.
  @Test func aToggleThatKeepsTheAxesLeavesTheChromeAlone() throws {
    var doc = try document()
    let leftAlone = doc.order.filter { ChartDocument.Kept.layoutButVisibility.leavesAlone($0) }
    #expect(doc.order.contains { if case .legendItem = $0 { true } else { false } })
    #expect(leftAlone.contains(.grid) && leftAlone.contains(.xAxis) && leftAlone.contains(.background))
    #expect(!leftAlone.contains(.accessibleDescription) && !leftAlone.contains { if case .legendItem = $0 { true } else { false } })
    let readers = doc.order.filter { name in
      if case .series = name { return false }
      return !RegionInputs.readsOnlyLayoutAndStyle(name) || RegionInputs.readsVisibility(name)
    }.count
    let chunks = { (id: String) in doc.order.filter { if case .series(id, _) = $0 { true } else { false } }.count }
    #expect(chunks("a") > 10)
    for visible in [false, true] {
      try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)]])
      #expect(doc.layoutRuns == 1, "b lies inside a's domains")
      #expect(doc.inputsComputed == readers + chunks("b"), "visible: \(visible)")
    }
    // With an edit of a's entries in the same update, a's revised chunk is looked at too.
    try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": false],
                     ["op": "updateEntries", "dataSet": "a", "start": 300, "entries": [["x": 300, "y": 55]]]])
    #expect(doc.layoutRuns == 1)
    #expect(doc.inputsComputed == readers + chunks("b") + 1)
    try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": true]])
    // Hiding a, the set that spans the domains, moves them: every region is looked at.
    try apply(&doc, [["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(doc.layoutRuns == 2)
    #expect(doc.inputsComputed == doc.order.count)
  }

  /// On a line of many chunks drawn without M4, edits inside the domain look at the chunks they
  /// revised, however many there are, and each result is a render from scratch.
  @Test func aLongLosslessLineLooksOnlyAtTheChunksAnEditRevised() throws {
    let n = 20_000
    let spec: JSONValue = [
      "kind": "line", "width": 640, "height": 320, "largeData": ["mode": "lossless", "chunkSize": 64],
      "dataSets": [
        ["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)), "y": .numbers((0..<n).map { Double(($0 * 37) % 101) })]],
        ["id": "b", "entries": ["x": .numbers([0, 9_000, 19_999]), "y": .numbers([10, 20, 30])]],
      ],
    ]
    var doc = try document(spec)
    let chunks = doc.order.filter { if case .series("a", _) = $0 { true } else { false } }.count
    #expect(chunks > 300)
    var rng = SplitMix(seed: 11)
    var count = n
    for step in 0..<40 {
      let edits: JSONValue
      switch step % 4 {
      case 0:
        // Inside the x domain's last tick (20,000).
        edits = append(Double(n - 1) + Double(step + 1) / 64, rng.next() * 100)
        count += 1
      case 1:
        let at = Int(rng.next() * Double(count - 1))
        edits = [["op": "updateEntries", "dataSet": "a", "start": .number(Double(at)),
                  "entries": [["x": .number(Double(at)), "y": .number(rng.next() * 100)]]]]
      case 2:
        edits = [["op": "setHighlight", "highlights": [["dataSet": "a", "index": .number(Double(Int(rng.next() * Double(count))))]]]]
      default:
        edits = [["op": "updateEntries", "dataSet": "b", "start": 1, "entries": [["x": 9_000, "y": .number(rng.next() * 100)]]]]
      }
      try apply(&doc, edits)
      #expect(doc.layoutRuns == 1, "step \(step)")
      #expect(doc.inputsComputed <= 4, "step \(step): \(doc.inputsComputed) of \(doc.order.count) regions looked at")
    }
  }

  @Test func appendPastTheDomainRunsTheLayout() throws {
    var doc = try document()
    try apply(&doc, append(1200, 50))
    #expect(doc.layoutRuns == 2)
    // A new y maximum moves the y domain too.
    try apply(&doc, append(1201, 180))
    #expect(doc.layoutRuns == 3)
  }

  @Test func highlightsAndEntryEditsInsideTheDomainKeepTheLayout() throws {
    var doc = try document()
    try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 5]]]])
    try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 10, "entries": [["x": 10, "y": 55]]]])
    try apply(&doc, [["op": "removeEntries", "dataSet": "b", "start": 1, "count": 1]])
    try apply(&doc, [["op": "setHighlight", "highlights": []]])
    #expect(doc.layoutRuns == 1)
  }

  @Test func otherEditsAlwaysRunTheLayout() throws {
    var doc = try document()
    try apply(&doc, [["op": "resize", "width": 640, "height": 320]])
    #expect(doc.layoutRuns == 2)
    try apply(&doc, [["op": "mergeSpec", "patch": ["legend": ["fontSize": 13]]]])
    #expect(doc.layoutRuns == 3)
    // An entries edit batched with another edit counts as the other.
    try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [["x": 999.5, "y": 50]]],
                     ["op": "resize", "width": 641, "height": 320]])
    #expect(doc.layoutRuns == 4)
  }

  /// A legend toggle that leaves the axes as they were keeps the layout, its legend item dimmed
  /// anew; one that moves an axis (the hidden set held its range up) lays the chart out again.
  @Test func aLegendToggleInsideTheAxesKeepsTheLayout() throws {
    var doc = try document()
    let memo = doc.tickCandidates.count
    // b's three points (y 10…30) lie inside a's range: hiding and showing b moves no axis.
    for visible in [false, true, false] {
      try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)]])
      #expect(doc.layoutRuns == 1, "b visible: \(visible)")
      #expect(doc.layout.legend?.items.first { $0.dataSetID == "b" }?.dimmed == !visible)
      #expect(doc.layout.legend?.items.first { $0.dataSetID == "a" }?.dimmed == false)
    }
    // Batched with an append inside the domain, and appends after: still the same layout, and the
    // check keeps the candidates of the plans the layout was made with.
    try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [["x": 999.5, "y": 50]]],
                     ["op": "setVisibility", "dataSet": "b", "visible": true]])
    try apply(&doc, append(999.75, 60))
    #expect(doc.layoutRuns == 1)
    #expect(doc.tickCandidates.count <= max(memo, 1) + 5)
    // Hiding a leaves b alone on the axes: y 10…30 and x 0…999 make other domains.
    try apply(&doc, [["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(doc.layoutRuns == 2)
    try apply(&doc, [["op": "setVisibility", "dataSet": "a", "visible": true]])
    #expect(doc.layoutRuns == 3)
  }

  /// Random legend toggles, appends and highlights on charts of every kind with a legend (bars
  /// that keep or drop hidden slots, stacks, a right axis, panes, a legend too narrow for every
  /// item): whenever the layout is kept it equals a layout from scratch, and some toggles keep it.
  @Test func randomTogglesKeepExactlyTheLayoutAFreshOneWouldMake() throws {
    func set(_ id: String, _ ys: [Double], _ extra: [String: JSONValue] = [:]) -> JSONValue {
      var o: [String: JSONValue] = ["id": .string(id), "label": .string("Series \(id) with a long label"), "entries": .numbers(ys)]
      for (k, v) in extra { o[k] = v }
      return .object(o)
    }
    let wave = (0..<40).map { Double(($0 * 37) % 23) + 10 }
    let small = (0..<40).map { Double(($0 * 11) % 7) + 12 }
    let charts: [JSONValue] = [
      ["kind": "line", "width": 300, "height": 200, "legend": ["wordWrap": false],
       "dataSets": .array([set("a", wave)] + (0..<7).map { set("r\($0)", small) })],
      ["kind": "bar", "width": 400, "height": 240, "dataSets": [set("a", wave), set("b", small), set("c", small)]],
      ["kind": "bar", "width": 400, "height": 240, "bars": ["keepHiddenSlots": true],
       "dataSets": [set("a", wave), set("b", small)]],
      ["kind": "line", "width": 400, "height": 240,
       "dataSets": [set("a", wave, ["stack": "s", "line": ["fill": true]]), set("b", small, ["stack": "s", "line": ["fill": true]]),
                    set("c", small)]],
      ["kind": "combined", "width": 420, "height": 260,
       "dataSets": [set("a", wave, ["kind": "bar"]), set("b", small, ["kind": "line"]), set("c", small, ["axis": "right"])]],
      ["kind": "combined", "width": 420, "height": 300, "panes": [["weight": 2], ["weight": 1]],
       "dataSets": [set("a", wave, ["kind": "line"]), set("b", small, ["kind": "line"]), set("v", small, ["kind": "bar", "pane": 1]),
                    set("w", small.map { $0 - 2 }, ["kind": "line", "pane": 1])]],
    ]
    var rng = SplitMix(seed: 31)
    var kept = 0, takenBack = 0
    for chart in charts {
      var doc = try document(chart)
      let ids = doc.model.spec.dataSets.map(\.id)
      var x = 40.0
      for _ in 0..<60 {
        let runs = doc.layoutRuns
        let r = rng.next()
        if r < 0.6 {
          let id = ids[Int(rng.next() * Double(ids.count)) % ids.count]
          let visible = !(doc.model.spec.dataSets.first { $0.id == id }?.visible ?? true)
          try apply(&doc, [["op": "setVisibility", "dataSet": .string(id), "visible": .bool(visible)]])
          if doc.layoutRuns == runs { kept += 1 }
        } else if r < 0.85 {
          x += 1
          let id = ids[Int(rng.next() * Double(ids.count)) % ids.count]
          try apply(&doc, [["op": "appendEntries", "dataSet": .string(id), "entries": [.number(10 + rng.next() * 15)]]])
        } else {
          try apply(&doc, [["op": "setHighlight", "highlights": [["dataSet": .string(ids[0]), "index": 3]]]])
        }
      }
      takenBack += doc.layoutsTakenBack
    }
    #expect(kept >= 20, "only \(kept) toggles kept the layout")
    #expect(takenBack >= 10, "only \(takenBack) toggles took the previous layout")
  }

  /// A legend item toggled off and on: the layout before the hide comes back, not laid out again,
  /// and each state is exactly a fresh one; another edit in between leaves it only when it is of
  /// entries, highlights or visibility.
  @Test func aToggleBackTakesThePreviousLayout() throws {
    let spec: JSONValue = [
      "kind": "line", "width": 500, "height": 260,
      "dataSets": [["id": "a", "entries": .numbers([3, 9, 4, 7])], ["id": "b", "entries": .numbers([30, 90, 40, 70])]],
    ]
    var doc = try document(spec)
    func toggle(_ visible: Bool) throws { try apply(&doc, [["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)]]) }
    try toggle(false)
    #expect(doc.layoutRuns == 2, "hiding b lowers the y domain")
    for visible in [true, false, true, false] { try toggle(visible) }
    #expect(doc.layoutRuns == 2 && doc.layoutsTakenBack == 4)
    // An edit of a's entries inside its range keeps the layout and the one before.
    try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 2, "entries": [5]]])
    try toggle(true)
    #expect(doc.layoutRuns == 2 && doc.layoutsTakenBack == 5)
    // But an append to b moves the plans b is shown with: laid out again.
    try apply(&doc, [["op": "appendEntries", "dataSet": "b", "entries": [95]]])
    try toggle(false)
    try toggle(true)
    #expect(doc.layoutsTakenBack == 6, "hidden again, the plans are as before the append")
    // An edit of anything else (a title) drops it: hiding b lays the chart out with the title.
    try apply(&doc, [["op": "mergeSpec", "patch": ["title": "T"]]])
    let runs = doc.layoutRuns
    try toggle(false)
    #expect(doc.layoutsTakenBack == 6 && doc.layoutRuns == runs + 1)
    try toggle(true)
    #expect(doc.layoutsTakenBack == 7 && doc.layoutRuns == runs + 1)
  }

  /// Hiding the bottom line of a stack that does not hold the axes up keeps the layout, and the
  /// line above it is drawn from the axis: its layer changed though its style and data did not.
  @Test func hidingTheBottomOfAStackRedrawsTheLineAbove() throws {
    let spec: JSONValue = [
      "kind": "line", "width": 400, "height": 240,
      "dataSets": [["id": "a", "stack": "s", "entries": .numbers([2, 3, 2, 4])],
                   ["id": "b", "stack": "s", "entries": .numbers([1, 2, 1, 2])],
                   ["id": "c", "entries": .numbers([0, 40, 10, 50])]],
    ]
    var doc = try document(spec)
    for visible in [false, true, false] {
      let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "a", "visible": .bool(visible)]])
      #expect(doc.layoutRuns == 1, "c holds the axes up")
      #expect(patch.rendered.contains(.series(dataSet: "b", chunk: 0)) || patch.reused.contains(.series(dataSet: "b", chunk: 0)))
    }
  }

  /// Removing the points that held the y range up moves the y domain: the layout runs.
  @Test func removingTheExtremesRunsTheLayout() throws {
    var doc = try document()
    try apply(&doc, [["op": "replaceEntries", "dataSet": "a", "entries": ["x": .numbers([0, 999]), "y": .numbers([40, 41])]]])
    try apply(&doc, [["op": "replaceEntries", "dataSet": "b", "entries": ["x": .numbers([0, 999]), "y": .numbers([40, 41])]]])
    #expect(doc.layoutRuns == 3)
  }

  /// Bars, categories and a short vertical axis: whatever is kept equals a fresh layout.
  @Test func otherChartsStayExact() throws {
    let bars: JSONValue = [
      "kind": "bar", "width": 300, "height": 90,
      "dataSets": [["id": "a", "entries": .numbers([3, 9, 4, 7])]],
    ]
    var doc = try document(bars)
    for (k, y) in [5.0, 8.9, 2, 9.5, 30].enumerated() {
      try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [.number(y)]]])
      try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 0, "entries": [.number(Double(k) + 1)]]])
    }
    let scatter: JSONValue = [
      "kind": "scatter", "width": 200, "height": 60, "yAxis": ["labelCount": 9],
      "dataSets": [["id": "a", "entries": ["x": .numbers([0, 1, 2]), "y": .numbers([0.5, 7, 3])]]],
    ]
    doc = try document(scatter)
    for k in 0..<40 { try apply(&doc, append(Double(k) * 0.07, Double((k * 13) % 9))) }
  }
}

/// `NiceTicks.sameResult` promises `compute` gives the same ticks for two ranges whatever it accepts.
@Suite struct NiceTicksSameResultTests {
  typealias DataRange = (min: Double?, max: Double?)

  /// Options, two overlapping data ranges, and accepts: anything, only steps of at least some
  /// size, only domains wider than some span.
  static func randomCase(_ rng: inout SplitMix, includeZero: Bool) -> (TickOptions, DataRange, DataRange, [(NiceTicks) -> Bool]) {
    let a = rng.next() * 200 - 100, b = a + rng.next() * 300
    let c = a + (rng.next() - 0.5) * 20, d = b + (rng.next() - 0.5) * 40
    var o = TickOptions()
    o.maxTicks = 2 + Int(rng.next() * 8)
    o.spaceTop = rng.next() < 0.3 ? 0.1 : 0
    if includeZero { o.includeZero = rng.next() < 0.3 }
    if rng.next() < 0.2 { o.fixedMin = a }
    let threshold = rng.next() * 50
    let accepts: [(NiceTicks) -> Bool] = [{ _ in true }, { $0.step.value >= threshold }, { $0.domainMax - $0.domainMin > threshold * 4 }]
    return (o, (a, b), (min(c, d), max(c, d)), accepts)
  }

  @Test func sameResultMeansTheSameTicksForEveryAccept() {
    var rng = SplitMix(seed: 11)
    var same = 0
    for _ in 0..<600 {
      let (o, r1, r2, accepts) = Self.randomCase(&rng, includeZero: true)
      if NiceTicks.sameResult(r1, r2, o, firstOnly: false) {
        same += 1
        for accept in accepts {
          #expect(NiceTicks.compute(dataMin: r1.min, dataMax: r1.max, o, accept: accept)
                  == NiceTicks.compute(dataMin: r2.min, dataMax: r2.max, o, accept: accept))
        }
      }
      if NiceTicks.sameResult(r1, r2, o, firstOnly: true) {
        #expect(NiceTicks.compute(dataMin: r1.min, dataMax: r1.max, o) == NiceTicks.compute(dataMin: r2.min, dataMax: r2.max, o))
      }
    }
    // The property is not vacuous: many pairs do share their candidates.
    #expect(same > 30)
  }

  /// Compared only as far as `accept` judged the first range's candidates, two ranges still get
  /// the same ticks: the candidates after the one taken were never looked at.
  @Test func candidatesAfterTheOneTakenDoNotCount() {
    var rng = SplitMix(seed: 12)
    var sameSoFar = 0, fewerCompared = 0
    for _ in 0..<800 {
      let (o, r1, r2, some) = Self.randomCase(&rng, includeZero: false)
      let accepts = some + [{ _ in false }]
      let list = NiceTicks.CandidateList(dataMin: r1.min, dataMax: r1.max, o, firstOnly: false)
      for accept in accepts {
        var judged = 0, took = false
        let first = NiceTicks.compute(dataMin: r1.min, dataMax: r1.max, o) { judged += 1; took = accept($0); return took }
        let read: NiceTicks.CandidatesRead = took ? .first(judged) : .all
        guard NiceTicks.sameResult(list, r2, read: read) else { continue }
        sameSoFar += 1
        if !NiceTicks.sameResult(list, r2) { fewerCompared += 1 }
        #expect(NiceTicks.compute(dataMin: r2.min, dataMax: r2.max, o, accept: accept) == first)
      }
    }
    // Not vacuous: many pairs agree, and many of them only up to the candidate taken.
    #expect(sameSoFar > 100)
    #expect(fewerCompared > 30)
  }

  @Test func aRangeThatLeavesTheDomainIsNotTheSame() {
    let o = TickOptions()
    #expect(NiceTicks.sameResult((0, 999), (0, 1000), o, firstOnly: false))
    #expect(!NiceTicks.sameResult((0, 999), (0, 1001), o, firstOnly: true))
  }
}
