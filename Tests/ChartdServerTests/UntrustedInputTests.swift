import ChartCore
import ChartdJSON
import Testing
@testable import ChartdServer

/// Inputs that once killed the daemon, and the id rules that keep several charts apart on one page.
@Suite struct UntrustedInputTests {
  func json(_ text: String) -> JSONValue { (try? JSONReader.parse(text)) ?? .null }

  /// Every `id="…"` attribute of an SVG.
  static func elementIDs(_ svg: String) -> [Substring] {
    svg.split(separator: " id=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first }
  }

  @Test(arguments: ["#entry-0", "entry-0", "legend-entry-0", "_23_entry_2d_0", "#slice-0", "#stack-0"])
  func aDataSetNamedLikeAnInternalLegendKeyGetsItsOwnRegion(id: String) {
    let h = ServerHarness()
    let spec: JSONValue = ["kind": "bar", "dataSets": [
      ["id": "s", "stackLabels": ["one", "two"], "entries": ["stacks": [[1, 2]]]],
      ["id": .string(id), "entries": [3]],
    ]]
    let opened = h.request("chart/open", ["uri": "m:a", "version": 1, "spec": spec])["result"]
    let regions = opened?["regions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(!regions.isEmpty)
    #expect(Set(regions).count == regions.count, "duplicate region ids: \(regions)")
    let ids = Self.elementIDs(opened?["svg"]?.stringValue ?? "")
    #expect(Set(ids).count == ids.count)
    // The update that used to trap on the duplicate key.
    let r = h.request("chart/update", ["uri": "m:a", "version": 2, "edits": []])
    #expect(r["result"]?["version"] == 2)
    let pie = h.request("chart/renderSpec", ["spec": ["kind": "pie", "dataSets": [["id": .string(id), "entries": [1, 2, 3]]]]])
    let pieIDs = Self.elementIDs(pie["result"]?["svg"]?.stringValue ?? "")
    #expect(!pieIDs.isEmpty && Set(pieIDs).count == pieIDs.count)
  }

  @Test(arguments: [
    #"{"largeData":{"threshold":0},"viewport":{"xMin":0,"xMax":1e-300},"dataSets":[{"id":"a","entries":[1,2]}]}"#,
    #"{"largeData":{"threshold":0},"xAxis":{"max":1e-300},"dataSets":[{"id":"a","entries":[1,2]}]}"#,
    #"{"largeData":{"threshold":0},"xAxis":{"min":-1e308,"max":1e308},"dataSets":[{"id":"a","entries":[1,2]}]}"#,
    #"{"largeData":{"threshold":0},"dataSets":[{"id":"a","entries":[[0,1],[1e-320,2],[1e300,3]]}]}"#,
    #"{"kind":"scatter","dataSets":[{"id":"a","entries":[[1e300,1e300],[-1e300,5e-324],[0,0]]}]}"#,
    #"{"kind":"bar","leftAxis":{"min":0,"max":5e-324},"dataSets":[{"id":"a","entries":[1e308,-1e308]}]}"#,
  ])
  func extremeNumbersRenderWithoutTrapping(spec: String) {
    let h = ServerHarness()
    let r = h.request("chart/renderSpec", ["spec": json(spec)])
    #expect(r["result"]?["svg"]?.stringValue?.hasPrefix("<svg") == true, "\(r)")
  }

  @Test func aDeepZoomOnALargeLineDoesNotTrap() {
    let h = ServerHarness()
    let spec: JSONValue = ["dataSets": [["id": "a", "entries": .numbers((0..<5_001).map { Double($0 % 17) })]]]
    _ = h.request("chart/open", ["uri": "m:a", "version": 1, "spec": spec])
    let r = h.request("chart/update", ["uri": "m:a", "version": 2, "edits": json(#"[{"op":"setViewport","xMin":0,"xMax":1e-13}]"#)])
    #expect(r["result"]?["version"] == 2, "\(r)")
  }

  @Test func anIdPrefixThatExtendsAnOpenOneIsRefused() {
    let h = ServerHarness()
    let spec: JSONValue = ["dataSets": [["id": "a", "entries": [1, 2]]]]
    #expect(h.request("chart/open", ["uri": "m:a", "version": 1, "idPrefix": "doc", "spec": spec])["result"] != nil)
    for p in ["doc-plot", "doc-s-a-0", "doc"] {
      let r = h.request("chart/open", ["uri": "m:b", "version": 1, "idPrefix": .string(p), "spec": spec])
      #expect(r["error"]?["code"] == -32602)
      #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/idPrefix")
    }
    // The other way round: `do` would own `do-c…`, a prefix of nothing open; `d` is fine too.
    #expect(h.request("chart/open", ["uri": "m:c", "version": 1, "idPrefix": "do", "spec": spec])["result"] != nil)
    let refused = h.request("chart/open", ["uri": "m:d", "version": 1, "idPrefix": "do-c", "spec": spec])
    #expect(refused["error"]?["code"] == -32602)
  }

  @Test func derivedPrefixesNeverShareIdsWithOpenDocuments() {
    let h = ServerHarness()
    let spec: JSONValue = ["kind": "pie", "dataSets": [["id": "a", "entries": [1, 2]]]]
    // The derived prefix of m:x, taken explicitly by another document first, then extended.
    let derived = PrefixAllocator.derived(from: "m:x")
    _ = h.request("chart/open", ["uri": "m:1", "version": 1, "idPrefix": .string(derived), "spec": spec])
    _ = h.request("chart/open", ["uri": "m:2", "version": 1, "idPrefix": .string(derived + "_2-x"), "spec": spec])
    _ = h.request("chart/open", ["uri": "m:x", "version": 1, "spec": spec])
    var seen: [Substring: String] = [:]
    for uri in ["m:1", "m:2", "m:x"] {
      let svg = h.request("chart/render", ["uri": .string(uri)])["result"]?["svg"]?.stringValue ?? ""
      #expect(!svg.isEmpty)
      for id in Self.elementIDs(svg) {
        #expect(seen[id] == nil, "\(id) is in \(uri) and \(seen[id] ?? "")")
        seen[id] = uri
      }
    }
  }
}
