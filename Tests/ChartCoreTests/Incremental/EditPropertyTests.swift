import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Random wire edits (valid and invalid, all ops) through `plan`/`apply`: valid batches keep the
/// patch invariant, invalid batches change nothing, and the state always equals a fresh render.
@Suite struct EditPropertyTests {
  static let steps = PropertySteps.count(default: 400)

  static func specJSON(_ kind: String) -> JSONValue {
    var sets: [JSONValue] = [["id": "a", "entries": [1, 3, 2, 5, 4, 6, 2]], ["id": "b", "label": "B", "entries": [2, 2, 3]]]
    switch kind {
    case "candlestick":
      sets = [["id": "a", "entries": ["open": [1, 2, 3], "high": [3, 4, 5], "low": [0, 1, 2], "close": [2, 3, 4]]]]
    case "bubble":
      sets = [["id": "a", "entries": ["y": [1, 2, 3], "size": [1, 5, 9]]], ["id": "b", "entries": ["y": [2, 1], "size": [3, 3]]]]
    case "pie":
      sets = [["id": "a", "entries": [["y": 3, "label": "x"], ["y": 5, "label": "y"], ["y": 2, "label": "z"]]]]
    case "combined":
      sets = [["id": "a", "kind": "bar", "entries": [3, 1, 2]], ["id": "b", "kind": "line", "axis": "right", "entries": [5, 7, 6]]]
    case "radar":
      // Ten categories: appends fit until a data set is full, then they are rejected.
      sets = [["id": "a", "line": ["fill": true], "entries": [1, 3, 2, 5, 4, 6, 2]],
              ["id": "b", "label": "B", "valueLabels": ["show": true], "entries": [2, 2, 3]]]
      return ["kind": "radar", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(sets),
              "radar": ["categories": .array((0..<10).map { .string("C\($0)") }), "min": -30]]
    default: break
    }
    if kind == "long-texts" {
      // Texts that must be fitted: a legend summarised as "+N more", wrapped titles, slanted categories.
      let long = (0..<25).map { JSONValue.object(["id": .string("s\($0)"), "label": .string("Data set \($0) with a rather long descriptive label"),
                                                   "entries": [1, 3, 2, 5, 4]]) }
      let categories = (0..<12).map { JSONValue.string("Category \($0) with a long name") }
      return ["kind": "line", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(long),
              "title": "A chart title long enough to be shortened at this width",
              "xAxis": ["title": .string(String(repeating: "x axis title ", count: 12)),
                        "format": ["type": "category", "labels": .array(categories)]],
              "leftAxis": ["title": .string(String(repeating: "left axis title ", count: 12))]]
    }
    if kind == "axis-tooltip" {
      // Several lines listed at the highlighted x; "c" is shorter, so some x have fewer rows.
      sets.append(["id": "c", "label": "A longer label for the third line", "entries": [4, 1, 6]])
      return ["kind": "line", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(sets),
              "marker": ["trigger": "axis"], "highlights": [["dataSet": "a", "index": 1]]]
    }
    if kind == "kline-axis-tooltip" {
      // Trading days: candles and a line on an index axis written by an indexDate formatter.
      let days = (0..<30).map { JSONValue.string("2026-08-\(10 + $0 % 20)") }
      sets = [["id": "k", "kind": "candlestick", "entries": ["open": [1, 2, 3], "high": [3, 4, 5], "low": [0, 1, 2], "close": [2, 3, 4]]],
              ["id": "b", "label": "MA", "kind": "line", "entries": [2, 2.5, 3]]]
      return ["kind": "combined", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(sets),
              "xAxis": ["format": ["type": "indexDate", "dates": .array(days), "pattern": "MM/dd"]],
              "marker": ["trigger": "axis"], "highlights": [["dataSet": "k", "index": 2]]]
    }
    if kind.hasPrefix("stacked") {
      // A stacked area (one set cubic) over which edits toggle sets, switch percent stacking and
      // move sets in and out of the stack.
      var stacked: [JSONValue] = [
        ["id": "a", "stack": "s", "line": ["fill": true], "entries": [1, 3, 2, 5, 4, 6, 2]],
        ["id": "b", "stack": "s", "line": ["fill": true, "mode": "cubicBezier"], "entries": [2, 2, 3]],
        ["id": "c", "stack": "s", "valueLabels": ["show": true], "entries": [[0.5, 1], [2, 4], [3, 2]]],
      ]
      if kind == "stacked-many" {
        // More sets than a scan of ids is kept for (`DataSetIDs.scanned`): found through the table.
        for k in 0..<12 {
          let ys: [Double] = (0..<(3 + k % 5)).map { Double(($0 * 7 + k) % 5) }
          let line: JSONValue = ["fill": .bool(k % 2 == 0)]
          stacked.append(.object(["id": .string("m\(k)"), "stack": "s", "line": line, "entries": .numbers(ys)]))
        }
      }
      return ["kind": "line", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(stacked),
              "highlights": [["dataSet": "b", "index": 1]]]
    }
    if kind == "panes" {
      // Three panes sharing the x axis: bars in the main pane, a line below, a scatter at the bottom
      // with its own axis; an axis tooltip lists them all. Limit lines in each pane, one a badge on
      // the bottom pane's axis: appends that move a pane's axis move its lines.
      let sets: [JSONValue] = [["id": "a", "kind": "bar", "entries": [1, 3, 2, 5, 4, 6, 2]],
                               ["id": "b", "kind": "line", "pane": 1, "entries": [2, 2, 3]],
                               ["id": "c", "kind": "scatter", "pane": 2, "entries": [40, 10, 30, 20]]]
      return ["kind": "combined", "width": 320, "height": 260, "largeData": ["chunkSize": 16], "dataSets": .array(sets),
              "panes": [["weight": 2], ["gap": 6], ["axis": ["format": "compact", "labelCount": 3]]],
              "limitLines": [["value": 3, "label": "main"], ["value": 2.5, "pane": 1, "label": "mid", "inFront": true],
                             ["value": 25, "pane": 2, "labelPosition": "axis"], ["value": 2, "axis": "x", "pane": 1]],
              "marker": ["trigger": "axis"], "highlights": [["dataSet": "a", "index": 1]]]
    }
    if kind == "dense-bars" || kind == "dense-candles" {
      // More slots than the device pixels can tell apart (240 on 30 device pixels, 8 to a pixel):
      // the x axis rounds its ends to steps, which appends, removals, resizes and windows cross.
      let n = 240, day = 86_400.0, t0 = 1_700_006_400.0
      let ys = (0..<n).map { Double(($0 * 37) % 23) - 5 }
      let dense: [JSONValue] = kind == "dense-bars"
        ? [["id": "a", "entries": ["x": .numbers((0..<n).map(Double.init)), "y": .numbers(ys)]],
           ["id": "b", "entries": ["x": .numbers((0..<n / 2).map { Double(2 * $0) }), "y": .numbers(ys.suffix(n / 2).map { $0 })]]]
        : [["id": "a", "entries": ["x": .numbers((0..<n).map { t0 + Double($0) * day }), "open": .numbers(ys),
                                   "close": .numbers(ys.map { $0 + 1 }), "high": .numbers(ys.map { $0 + 3 }),
                                   "low": .numbers(ys.map { $0 - 3 })]]]
      var spec: JSONValue = ["kind": kind == "dense-bars" ? "bar" : "candlestick", "width": 120, "height": 120,
                             "largeData": ["chunkSize": 16, "devicePixelRatio": 0.25], "dataSets": .array(dense)]
      if kind == "dense-candles" { spec = spec.mergePatched(with: ["xAxis": ["format": "date"]]) }
      return spec
    }
    if kind == "scatter-log" {
      // Log axes both ways; the random values include 0 and negatives, warned about and skipped.
      return ["kind": "scatter", "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(sets),
              "xAxis": ["scale": "log"], "leftAxis": ["scale": "log", "minorGrid": true]]
    }
    return ["kind": .string(kind), "width": 320, "height": 200, "largeData": ["chunkSize": 16], "dataSets": .array(sets)]
  }

  static let kinds = ["line", "bar", "scatter", "bubble", "candlestick", "pie", "radar", "combined", "scatter-log", "long-texts",
                      "axis-tooltip", "kline-axis-tooltip", "stacked", "stacked-many", "panes", "dense-bars", "dense-candles"]

  @Test(arguments: kinds)
  func randomEditsKeepTheInvariant(kind: String) throws {
    try Self.randomEdits(kind: kind, clientKeepsPreviousMarkup: false)
  }

  /// The same for a client that keeps each region's previous markup and applies spliced fragments,
  /// as chartd's own clients do: patches restore regions and splice markup, and applied with what
  /// such a client keeps they still give the new SVG. Now and then the client takes a full SVG,
  /// and keeps nothing from before it.
  @Test(arguments: kinds)
  func randomEditsKeepTheInvariantForAClientThatKeepsPreviousMarkup(kind: String) throws {
    let counts = try Self.randomEdits(kind: kind, clientKeepsPreviousMarkup: true, clientAppliesSplices: true)
    #expect(counts.restored > 0, "no patch restored a region")
    #expect(counts.spliced > 0, "no fragment was a splice")
  }

  /// Runs `steps` random edit batches on a chart of `kind`, checking each patch against the SVG
  /// before and a full render after; returns how many regions the patches restored and spliced.
  @discardableResult
  static func randomEdits(kind: String, clientKeepsPreviousMarkup: Bool,
                          clientAppliesSplices: Bool = false) throws -> (restored: Int, spliced: Int) {
    let json = Self.specJSON(kind)
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(json, log: log), "\(log.items)")
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "e", specJSON: json)
    doc.clientKeepsPreviousMarkup = clientKeepsPreviousMarkup
    doc.clientAppliesSplices = clientAppliesSplices
    // What the client keeps: each region's markup before its last fragment or restore.
    var previous: [String: String] = [:]
    var rng = SeededRandom(seed: 99 &+ UInt64(kind.utf8.count))
    var invalid = 0, tooltips = 0, restored = 0, spliced = 0, rounded = 0
    // A legend item toggled, and toggled back at the next step, now and then amid the random
    // edits (which change the order of regions often, and a change of order restores nothing).
    var toggleBack: [JSONValue]? = nil
    for step in 0..<Self.steps {
      if clientKeepsPreviousMarkup, step % 23 == 22 {
        doc.clientTookFullSVG()
        previous = [:]
      }
      var batch = toggleBack ?? RandomEdits.batch(&rng, doc.model, kind: kind)
      toggleBack = nil
      if clientKeepsPreviousMarkup, step % 10 == 9, !doc.model.spec.dataSets.isEmpty {
        let set = doc.model.spec.dataSets[Int(rng.next() % UInt64(doc.model.spec.dataSets.count))]
        batch = [["op": "setVisibility", "dataSet": .string(set.id), "visible": .bool(!set.visible)]]
        toggleBack = [["op": "setVisibility", "dataSet": .string(set.id), "visible": .bool(set.visible)]]
      }
      let before = doc.svg
      let beforeMarkup = Dictionary(uniqueKeysWithValues: doc.order.map { ($0.id(prefix: "e"), doc.markup(of: $0) ?? "") })
      let log = DiagnosticLog()
      guard let plan = doc.plan(.array(batch), at: JSONPointer(["edits"]), limits: SpecLimits(), log: log) else {
        invalid += 1
        #expect(!log.errors.isEmpty)
        #expect(log.errors.allSatisfy { $0.path.hasPrefix("/edits/") }, "step \(step): \(log.errors)")
        #expect(doc.svg == before)
        continue
      }
      let patch = doc.apply([plan])
      let after = doc.svg
      for f in patch.fragments { #expect(beforeMarkup[f.id] != f.svg, "step \(step): fragment \(f.id) is unchanged") }
      for id in patch.restored { #expect(beforeMarkup[id] != previous[id], "step \(step): \(id) restored unchanged") }
      #expect(patch.regionsWithWrongJSON.isEmpty, "step \(step): JSON text of \(patch.regionsWithWrongJSON)")
      let named = patch.fragments.map(\.id) + patch.inserted.map(\.id) + patch.removed
      #expect(Set(patch.restored).isDisjoint(with: named), "step \(step): restored and sent, or moved")
      restored += patch.restored.count
      for f in patch.fragments {
        guard let splice = f.splice else { continue }
        spliced += 1
        let held = beforeMarkup[f.id]?.utf8.count ?? 0, kept = splice.start + (held - splice.end)
        #expect(kept >= MarkupSplice.leastKept && 2 * kept >= held, "step \(step): splice of \(f.id) keeps \(kept) of \(held) bytes")
      }
      let applied = patch.apply(to: before, previous: &previous)
      #expect(applied == after, "step \(step): \(JSONWriter.string(.array(batch)))")
      let fresh = ChartRenderer.render(doc.model, prefix: "e").svg
      #expect(after == fresh, "step \(step): state differs from a full render in \(Self.differingRegions(after, fresh)) after \(JSONWriter.string(.array(batch)))")
      if after != fresh || applied != after { break }
      if doc.markup(of: .marker)?.contains("data-x=") == true { tooltips += 1 }
      if doc.layout.x?.isRounded(doc.model) == true { rounded += 1 }
    }
    // The dense kinds draw rounded x axes for much of the run: a fifth of 400 steps and more (edits
    // that zoom, resize or fix the axis take it out for a while, so a short run of CHARTD_PROPERTY_STEPS
    // is too few steps for that share to be dependable: at least one step then).
    if kind.hasPrefix("dense-") {
      #expect(rounded > (Self.steps >= 200 ? Self.steps / 5 : 0), "\(rounded) steps drew a rounded x axis")
    }
    // The axis tooltip kinds show their box for much of the run.
    if kind.hasSuffix("axis-tooltip") { #expect(tooltips > Self.steps / 10, "\(tooltips) steps showed an axis tooltip") }
    // Both paths were exercised.
    #expect(invalid > 0)
    #expect(invalid < Self.steps)
    if !clientKeepsPreviousMarkup { #expect(restored == 0) }
    if !clientAppliesSplices { #expect(spliced == 0) }
    return (restored, spliced)
  }
}

extension EditPropertyTests {
  /// The ids of the lines (regions) that differ between two full SVGs, for failure messages.
  static func differingRegions(_ a: String, _ b: String) -> [String] {
    let la = a.split(separator: "\n"), lb = b.split(separator: "\n")
    var out: [String] = []
    for (x, y) in zip(la, lb) where x != y { out.append(String(ChartPatch.firstID(String(x)) ?? x.prefix(40))) }
    if la.count != lb.count { out.append("line count \(la.count) vs \(lb.count)") }
    return out
  }
}

extension AxisLayout {
  /// Whether this x axis ends past every entry's slot: an index axis's ends rounded outward
  /// (`IndexAxisEnds`), told from the entries and the slot alone.
  func isRounded(_ model: ChartModel) -> Bool {
    let xs = model.spec.dataSets.filter(\.visible).flatMap { $0.entries.x.filter(\.isFinite) }
    guard let lo = xs.min(), let hi = xs.max(), model.spec.viewport == nil else { return false }
    return scale.domainMin < lo - model.slot / 2 && scale.domainMax > hi + model.slot / 2
  }
}

/// Random edit batches as a client would send them.
enum RandomEdits {
  static func batch(_ rng: inout SeededRandom, _ model: ChartModel, kind: String) -> [JSONValue] {
    (0..<(1 + Int(rng.next() % 3))).map { _ in edit(&rng, model, kind: kind) }
  }

  static func edit(_ rng: inout SeededRandom, _ model: ChartModel, kind: String) -> JSONValue {
    let ids = model.spec.dataSets.map(\.id)
    let id: JSONValue = rng.uniform() < 0.08 ? "missing" : .string(ids.isEmpty ? "a" : ids[Int(rng.next() % UInt64(ids.count))])
    let n = model.spec.dataSets.first { .string($0.id) == id }?.entries.count ?? 3
    func value() -> JSONValue { rng.uniform() < 0.05 ? .null : .number((rng.normal() * 8).rounded()) }
    let candles = kind == "candlestick" || kind == "dense-candles" || (kind == "kline-axis-tooltip" && id == "k")
    // Dense kinds stay dense: windows and replacements keep a few hundred entries.
    let dense = kind.hasPrefix("dense-")
    func entries(_ k: Int) -> JSONValue {
      switch kind {
      case "dense-candles":
        // The next days after the last one.
        let last = model.spec.dataSets.first { .string($0.id) == id }?.entries.x.last ?? 1_700_006_400
        let o = (0..<k).map { _ in (rng.normal() * 5).rounded() }
        return ["x": .numbers((1...max(k, 1)).prefix(k).map { last + Double($0) * 86_400 }), "open": .numbers(o),
                "close": .numbers(o.map { $0 + 1 }), "high": .numbers(o.map { $0 + 3 }), "low": .numbers(o.map { $0 - 2 })]
      case _ where candles:
        let o = (0..<k).map { _ in (rng.normal() * 5).rounded() }
        return ["open": .numbers(o), "close": .numbers(o.map { $0 + 1 }), "high": .numbers(o.map { $0 + 3 }), "low": .numbers(o.map { $0 - 2 })]
      case "bubble":
        return ["y": .array((0..<k).map { _ in value() }), "size": .numbers((0..<k).map { _ in 1 + rng.uniform() * 9 })]
      default:
        return .array((0..<k).map { _ in value() })
      }
    }
    // Tooltip kinds highlight a valid entry more often: data edits keep dropping highlights.
    if kind.hasSuffix("axis-tooltip"), n > 0, rng.uniform() < 0.15 {
      return ["op": "setHighlight", "highlights": [["dataSet": id, "index": .number(Double(rng.next() % UInt64(n)))]]]
    }
    switch rng.next() % 14 {
    case 0, 1, 2:
      var e: [String: JSONValue] = ["op": "appendEntries", "dataSet": id, "entries": entries(1 + Int(rng.next() % 5))]
      if rng.uniform() < 0.3 { e["maxEntries"] = .number(Double((dense ? 200 : 3) + rng.next() % (dense ? 80 : 10))) }
      return .object(e)
    case 3:
      let start = Int(rng.next() % UInt64(n + 2))
      return ["op": "removeEntries", "dataSet": id, "start": .number(Double(start)), "count": .number(Double(rng.next() % 3))]
    case 4:
      return ["op": "updateEntries", "dataSet": id, "start": .number(Double(rng.next() % UInt64(n + 1))), "entries": entries(1)]
    case 5:
      return ["op": "replaceEntries", "dataSet": id, "entries": entries(Int(rng.next() % 12) + (dense ? 230 : 0))]
    case 6:
      // Pie: mostly a single slice's toggle (an index past the end now and then: an error).
      if kind == "pie", rng.uniform() < 0.7 {
        return ["op": "setVisibility", "dataSet": id, "entry": .number(Double(rng.next() % UInt64(n + 1))), "visible": .bool(rng.uniform() < 0.5)]
      }
      return ["op": "setVisibility", "dataSet": id, "visible": .bool(rng.uniform() < 0.5)]
    case 7:
      return ["op": "setHighlight", "highlights": rng.uniform() < 0.3 ? [] : [["dataSet": id, "index": .number(Double(rng.next() % UInt64(n + 1)))]]]
    case 8:
      if rng.uniform() < (dense ? 0.7 : 0.3) { return ["op": "setViewport", "xMin": .null, "xMax": .null] }
      let lo = Double(rng.next() % 5)
      return ["op": "setViewport", "xMin": .number(lo), "xMax": .number(lo + Double(rng.next() % 8))]
    case 9:
      // Dense kinds stay narrow enough to stay dense (60 … 180 wide: 15 … 45 device pixels).
      let width = dense ? 60 + rng.next() % 120 : 120 + rng.next() % 700
      return ["op": "resize", "width": .number(Double(width)), "height": .number(Double(100 + rng.next() % 400))]
    case 10:
      let colors = ["#e15759", "#59a14f", "teal", "rgb(10,20,30)", "not-a-colour"]
      let themes = ["light", "dark", "highContrast"]
      let forms = ["square", "circle", "line"]
      var patch: [String: JSONValue] = [:]
      patch["title"] = rng.uniform() < 0.5 ? JSONValue.null : JSONValue.string("T")
      patch["theme"] = .string(themes[Int(rng.next() % 3)])
      patch["legend"] = .object(["form": .string(forms[Int(rng.next() % 3)])])
      patch["xAxis"] = .object(["drawGrid": .bool(rng.uniform() < 0.5)])
      patch["fontSize"] = .number(Double(9 + rng.next() % 6))
      patch["rightAxis"] = .object(["gridColor": .string(colors[Int(rng.next() % 5)])])
      if rng.uniform() < 0.3 {
        // Switch a scale: everything that reads it re-renders, the rest stays.
        let scale: JSONValue = rng.uniform() < 0.5 ? "log" : "linear"
        let axis = ["leftAxis", "rightAxis", "xAxis"][Int(rng.next() % 3)]
        var o: [String: JSONValue] = ["scale": scale]
        if rng.uniform() < 0.5 { o["logBase"] = rng.uniform() < 0.5 ? 2 : 10 }
        if rng.uniform() < 0.3 { o["minorGrid"] = .bool(rng.uniform() < 0.5) }
        if rng.uniform() < 0.4 {
          // Labels at given values: inside or outside the domain, short or long (the band grows).
          o["customLabels"] = .array((0..<(1 + rng.next() % 3)).map { _ in
            ["value": .number(Double(rng.next() % 20) - 2), "text": .string(rng.uniform() < 0.3 ? "a long custom label" : "c")]
          })
        }
        if axis == "rightAxis" { o["gridColor"] = .string(colors[Int(rng.next() % 4)]) }
        patch[axis] = .object(o)
      }
      // Grouped bars close up around a hidden set, or keep its slot.
      if rng.uniform() < 0.2 { patch["bars"] = ["keepHiddenSlots": .bool(rng.uniform() < 0.5)] }
      if rng.uniform() < 0.1 { patch["width"] = .string("wide") }
      // Axis tooltips switched off and on, with their value format.
      if kind.hasSuffix("axis-tooltip"), rng.uniform() < 0.25 {
        patch["marker"] = ["trigger": rng.uniform() < 0.7 ? "axis" : "item", "format": rng.uniform() < 0.5 ? .null : "compact"]
      }
      if kind == "panes", rng.uniform() < 0.4 {
        // Weights, gaps and axes change; fewer panes than the data sets name is refused.
        let count = 1 + Int(rng.next() % 4)
        patch["panes"] = .array((0..<count).map { _ in
          ["weight": .number(Double(1 + rng.next() % 4)), "gap": .number(Double(rng.next() % 20)),
           "axis": ["inverted": .bool(rng.uniform() < 0.2), "drawGrid": .bool(rng.uniform() < 0.7)]]
        })
      }
      if kind.hasPrefix("stacked"), rng.uniform() < 0.5 {
        patch["stackMode"] = .string(["normal", "percent", "total"][Int(rng.next() % 3)])
        patch["hiddenDataSetsAffectRange"] = .bool(rng.uniform() < 0.5)
      }
      return .object(["op": "mergeSpec", "patch": .object(patch)])
    case 11:
      let newID = "n\(rng.next() % 50)"
      var ds: [String: JSONValue] = ["id": .string(newID), "entries": entries(Int(rng.next() % 6))]
      if kind == "combined" { ds["kind"] = .string(["bar", "line", "scatter"][Int(rng.next() % 3)]) }
      if kind.hasPrefix("stacked"), rng.uniform() < 0.7 { ds["stack"] = "s"; ds["line"] = ["fill": .bool(rng.uniform() < 0.6)] }
      if kind == "panes" {
        ds["kind"] = .string(["bar", "line", "scatter"][Int(rng.next() % 3)])
        ds["pane"] = .number(Double(rng.next() % 4))  // 3 is past the panes: refused
      }
      return ["op": "addDataSet", "dataSet": .object(ds), "index": .number(Double(rng.next() % UInt64(ids.count + 2)))]
    case 12:
      return ids.count > 1 ? ["op": "removeDataSet", "dataSet": id] : ["op": "setVisibility", "dataSet": id, "visible": true]
    default:
      var ds: JSONValue = ["id": id, "label": "R", "color": "#123456", "entries": entries(1 + Int(rng.next() % 6))]
      if kind == "panes" {
        // Into another pane (one past the panes now and then: refused).
        ds = ["id": id, "label": "R", "kind": "line", "pane": .number(Double(rng.next() % 4)), "entries": entries(1 + Int(rng.next() % 6))]
      }
      if kind.hasPrefix("stacked") {
        // Into another stack, out of the stack, or back in ("" is an error).
        let stacks: [JSONValue] = ["s", "t", .null, ""]
        ds = ["id": id, "label": "R", "stack": stacks[Int(rng.next() % 4)], "line": ["fill": true], "entries": entries(1 + Int(rng.next() % 6))]
      }
      return .object(["op": "replaceDataSet", "dataSet": ds])
    }
  }
}
