import ChartCore
import ChartdJSON
import Testing
@testable import ChartdServer

/// chart/open, update, render, close, hitTest and renderSpec through the in-process server.
@Suite struct DocumentTests {
  static let spec: JSONValue = [
    "kind": "line", "width": 400, "height": 240,
    "dataSets": [["id": "a", "entries": [1, 3, 2, 5]], ["id": "b", "entries": [2, 2, 4, 1]]],
  ]

  func opened(_ h: ServerHarness, uri: String = "mem:a") -> String {
    h.request("chart/open", ["uri": .string(uri), "version": 1, "spec": Self.spec])["result"]?["svg"]?.stringValue ?? ""
  }

  /// Applies a patch result the way a client does (text form) — the server's encoding, not ChartPatch.
  static func apply(_ patch: JSONValue, to svg: String) -> String? {
    var none: [String: String] = [:]
    return apply(patch, to: svg, previous: &none)
  }

  /// As a client that keeps each region's previous markup (`previous`) applies it.
  static func apply(_ patch: JSONValue, to svg: String, previous: inout [String: String]) -> String? {
    var p = ChartPatch()
    p.root = patch["root"]?.stringValue
    p.removed = patch["removed"]?.arrayValue?.compactMap(\.stringValue) ?? []
    p.inserted = patch["inserted"]?.arrayValue?.map {
      ChartPatch.Insertion(id: $0["id"]?.stringValue ?? "", svg: $0["svg"]?.stringValue ?? "", after: $0["after"]?.stringValue)
    } ?? []
    p.fragments = patch["fragments"]?.arrayValue?.map {
      ChartPatch.Fragment(id: $0["id"]?.stringValue ?? "", svg: $0["svg"]?.stringValue ?? "")
    } ?? []
    p.restored = patch["restored"]?.arrayValue?.compactMap(\.stringValue) ?? []
    return p.apply(to: svg, previous: &previous)
  }

  @Test func openUpdateRenderRoundTrip() throws {
    let h = ServerHarness()
    let svg0 = opened(h)
    #expect(svg0.hasPrefix("<svg"))
    let patch = try #require(h.request("chart/update", ["uri": "mem:a", "version": 3, "edits": [
      ["op": "appendEntries", "dataSet": "a", "entries": [4]],
      ["op": "setVisibility", "dataSet": "b", "visible": false],
    ]])["result"])
    #expect(patch["baseVersion"] == 1)
    #expect(patch["version"] == 3)
    let render = try #require(h.request("chart/render", ["uri": "mem:a"])["result"])
    #expect(render["version"] == 3)
    #expect(Self.apply(patch, to: svg0) == render["svg"]?.stringValue)
  }

  @Test func noOpUpdateGivesAnEmptyPatchWithTheNewVersion() throws {
    let h = ServerHarness()
    _ = opened(h)
    let patch = try #require(h.request("chart/update", ["uri": "mem:a", "version": 2, "edits": [["op": "setSpec", "spec": Self.spec]]])["result"])
    #expect(patch["version"] == 2)
    #expect(patch["fragments"]?.arrayValue?.isEmpty == true)
    #expect(patch["inserted"]?.arrayValue?.isEmpty == true)
    #expect(patch["removed"]?.arrayValue?.isEmpty == true)
    #expect(patch["root"] == nil)
  }

  @Test func invalidBatchChangesNothing() throws {
    let h = ServerHarness()
    let svg0 = opened(h)
    let r = h.request("chart/update", ["uri": "mem:a", "version": 2, "edits": [
      ["op": "appendEntries", "dataSet": "a", "entries": [9]],
      ["op": "removeEntries", "dataSet": "b", "start": 2, "count": 5],
    ]])
    #expect(r.errorCode == -32602)
    #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/1/count")
    let render = try #require(h.request("chart/render", ["uri": "mem:a"])["result"])
    #expect(render["svg"]?.stringValue == svg0)
    #expect(render["version"] == 1)
  }

  @Test func mergeSpecKeepsEntriesAndChangesOptions() throws {
    let h = ServerHarness()
    let svg0 = opened(h)
    let patch = try #require(h.request("chart/update", ["uri": "mem:a", "version": 2, "edits": [
      ["op": "mergeSpec", "patch": ["title": "Merged", "width": 500]],
    ]])["result"])
    #expect(patch["root"]?.stringValue?.contains("width=\"500\"") == true)
    let svg = try #require(Self.apply(patch, to: svg0))
    #expect(svg.contains("Merged"))
    // A second merge patch applies to the first one's result, not to the original spec.
    let second = try #require(h.request("chart/update", ["uri": "mem:a", "version": 3, "edits": [
      ["op": "mergeSpec", "patch": ["title": .null]],
    ]])["result"])
    let svg2 = try #require(Self.apply(second, to: svg))
    #expect(!svg2.contains("Merged"))
    #expect(svg2.contains("width=\"500\""))
    #expect(h.request("chart/render", ["uri": "mem:a"])["result"]?["svg"]?.stringValue == svg2)
  }

  @Test func warningsArePublishedAndCleared() throws {
    let h = ServerHarness()
    var spec = Self.spec
    if case .object(var o) = spec { o["colour"] = "red"; spec = .object(o) }
    _ = h.request("chart/open", ["uri": "mem:w", "version": 1, "spec": spec])
    let warn = try #require(h.sink.wait { $0["method"] == "chart/diagnostics" })
    #expect(warn["params"]?["diagnostics"]?.arrayValue?.first?["path"] == "/spec/colour")
    #expect(warn["params"]?["diagnostics"]?.arrayValue?.first?["severity"] == "warning")
    _ = h.request("chart/update", ["uri": "mem:w", "version": 2, "edits": [["op": "setSpec", "spec": Self.spec]]])
    let cleared = try #require(h.sink.wait { $0["method"] == "chart/diagnostics" && $0["params"]?["version"] == 2 })
    #expect(cleared["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
  }

  @Test func updateNotificationsPushOnePatchPerBurst() throws {
    let h = ServerHarness()
    let svg0 = opened(h)
    // Queue several notifications behind a barrier so that the worker sees them together.
    for v in 2...6 {
      h.notify("chart/update", ["uri": "mem:a", "version": .number(Double(v)), "edits": [["op": "appendEntries", "dataSet": "a", "entries": .array([.number(Double(v))])]]])
    }
    h.synchronize()
    let patches = h.sink.all.filter { $0["method"] == "chart/patch" }.compactMap { $0["params"] }
    #expect(!patches.isEmpty)
    var svg = svg0
    var version = 1
    for p in patches {
      #expect(p["baseVersion"]?.intValue == version)
      svg = try #require(Self.apply(p, to: svg))
      version = p["version"]?.intValue ?? -1
    }
    #expect(version == 6)
    #expect(h.request("chart/render", ["uri": "mem:a"])["result"]?["svg"]?.stringValue == svg)
  }

  @Test func rejectedNotificationErrorsAreClearedByTheNextAcceptedUpdate() throws {
    let h = ServerHarness()
    _ = opened(h)
    h.notify("chart/update", ["uri": "mem:a", "version": 2, "edits": [["op": "appendEntries", "dataSet": "zz", "entries": [1]]]])
    h.synchronize()
    let rejected = try #require(h.sink.all.last { $0["method"] == "chart/diagnostics" })
    #expect(rejected["params"]?["version"] == 2)
    #expect(rejected["params"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/0/dataSet")
    h.notify("chart/update", ["uri": "mem:a", "version": 3, "edits": [["op": "appendEntries", "dataSet": "a", "entries": [1]]]])
    h.synchronize()
    let cleared = try #require(h.sink.all.last { $0["method"] == "chart/diagnostics" })
    #expect(cleared["params"]?["version"] == 3)
    #expect(cleared["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
  }

  @Test func closeForgetsTheDocument() {
    let h = ServerHarness()
    _ = opened(h)
    #expect(h.request("chart/close", ["uri": "mem:a"])["result"] == .null)
    #expect(h.request("chart/render", ["uri": "mem:a"])["error"]?["data"]?["kind"] == "unknownDocument")
    #expect(h.request("chart/close", ["uri": "mem:a"])["error"]?["data"]?["kind"] == "unknownDocument")
    // It can be opened again.
    #expect(!opened(h).isEmpty)
  }

  @Test func prefixesAreUniqueAndIndependentOfOpenOrder() throws {
    let h1 = ServerHarness(), h2 = ServerHarness()
    let a1 = opened(h1, uri: "mem:x"), b1 = opened(h1, uri: "mem:y")
    let b2 = opened(h2, uri: "mem:y"), a2 = opened(h2, uri: "mem:x")
    #expect(a1 == a2)
    #expect(b1 == b2)
    #expect(a1 != b1)
    let explicit = h1.request("chart/open", ["uri": "mem:z", "version": 1, "spec": Self.spec, "idPrefix": "chartA"])
    #expect(explicit["result"]?["svg"]?.stringValue?.contains("id=\"chartA\"") == true)
    let clash = h1.request("chart/open", ["uri": "mem:w", "version": 1, "spec": Self.spec, "idPrefix": "chartA"])
    #expect(clash["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/idPrefix")
  }

  @Test func renderSpecKeepsNothing() throws {
    let h = ServerHarness()
    let r = try #require(h.request("chart/renderSpec", ["spec": Self.spec])["result"])
    #expect(r["svg"]?.stringValue?.contains("id=\"chart\"") == true)
    let bad = h.request("chart/renderSpec", ["spec": ["kind": "sunburst"]])
    #expect(bad["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/spec/kind")
  }

  @Test func hitTestFindsThePlotAndNothingOutside() throws {
    let h = ServerHarness()
    _ = opened(h)
    let inside = try #require(h.request("chart/hitTest", ["uri": "mem:a", "x": 200, "y": 120])["result"]?["target"])
    #expect(["plotArea", "entry"].contains(inside["kind"]?.stringValue ?? ""))
    #expect(h.request("chart/hitTest", ["uri": "mem:a", "x": -50, "y": -50])["result"]?["target"] == .null)
  }

  @Test func hitTestOnAStackSegmentNamesItAndItHighlights() throws {
    let h = ServerHarness()
    let spec: JSONValue = ["kind": "bar", "width": 400, "height": 300, "legend": ["enabled": false],
                           "dataSets": [["id": "s", "entries": ["stacks": [[10, 30]]]]]]
    _ = h.request("chart/open", ["uri": "mem:s", "version": 1, "spec": spec])
    // Probe down the middle of the canvas: the first point inside the bar is in the top segment.
    var target: JSONValue?
    for y in stride(from: 20.0, to: 280, by: 4) {
      let t = h.request("chart/hitTest", ["uri": "mem:s", "x": 200, "y": .number(y)])["result"]?["target"]
      if t?["kind"] == "entry" { target = t; break }
    }
    let hit = try #require(target)
    #expect(hit["stackIndex"] == 1 && hit["value"] == 30 && hit["y"] == 40)
    // What the hit names is what setHighlight takes.
    let edit: JSONValue = ["op": "setHighlight", "highlights": [["dataSet": "s", "index": 0, "stackIndex": hit["stackIndex"]!]]]
    #expect(h.request("chart/update", ["uri": "mem:s", "version": 2, "edits": [edit]])["result"] != nil)
  }

  @Test func hitTestOnMoreNamesTheItemsItStandsForAndTheyToggle() throws {
    let h = ServerHarness()
    let sets: [JSONValue] = (0..<40).map { k in ["id": .string("s\(k)"), "label": .string("series number \(k)"), "entries": [1, 2]] }
    let spec: JSONValue = ["kind": "line", "width": 300, "height": 200, "dataSets": .array(sets)]
    let svg = h.request("chart/open", ["uri": "mem:m", "version": 1, "spec": spec])["result"]?["svg"]?.stringValue ?? ""
    // The item's transparent hit rectangle, as drawn: `data-more="N"><rect x="…" y="…" width="…" height="…"`.
    let drawn = try #require(svg.firstMatch(of: /data-more="(\d+)"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/))
    let (x, y) = (Double(drawn.2)! + Double(drawn.4)! / 2, Double(drawn.3)! + Double(drawn.5)! / 2)
    let at: JSONValue = ["uri": "mem:m", "x": .number(x), "y": .number(y)]
    let target = h.request("chart/hitTest", at)["result"]?["target"]
    #expect(target?["kind"] == "legendMore")
    let more = try #require(target)
    let count = try #require(more["count"]?.intValue)
    let items = try #require(more["items"]?.arrayValue)
    #expect(items.count == count && count > 0 && count < 40 && String(drawn.1) == String(count))
    #expect(items.map { $0["dataSet"]?.stringValue } == (40 - count..<40).map { "s\($0)" })
    #expect(items.first?["label"]?.stringValue == "series number \(40 - count)")
    #expect(items.allSatisfy { $0["hidden"] == false && $0["index"] == nil })
    // An item it names toggles as its own legend item would, and then reads as hidden.
    let toggle: JSONValue = ["op": "setVisibility", "dataSet": items[0]["dataSet"]!, "visible": false]
    #expect(h.request("chart/update", ["uri": "mem:m", "version": 2, "edits": [toggle]])["result"] != nil)
    let again = h.request("chart/hitTest", at)["result"]?["target"]
    #expect(again?["count"]?.intValue == count)
    #expect(again?["items"]?.arrayValue?.map { $0["hidden"] == true } == [true] + Array(repeating: false, count: count - 1))
  }
}
