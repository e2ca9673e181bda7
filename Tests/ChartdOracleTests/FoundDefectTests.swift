import ChartdJSON
import ChartdOracle
import Testing

/// The defects the oracle and the fuzzers found, minimized, replayed through the in-process server
/// and judged by the oracle's own checks (regressions once fixed).
@Suite struct FoundDefectTests {
  static func server() throws -> InProcessServer {
    let s = InProcessServer()
    s.timeout = 10
    _ = try s.request("initialize", ["processId": .null])
    return s
  }

  /// `chart/renderSpec` of `spec` succeeds with a well-shaped SVG.
  static func renders(_ spec: JSONValue) throws {
    let r = try server().request("chart/renderSpec", ["spec": spec])
    let result = try #require(r["result"], "\(JSONWriter.string(r))")
    _ = try SVGChecks.check(result["svg"]?.stringValue ?? "", regions: result["regions"])
  }

  /// FuzzSpec, FuzzEdits, FuzzProtocol before the fixes: a data set named like a stack label's
  /// legend key gave two regions one id.
  @Test func dataSetNamedLikeAStackLegendKey() throws {
    try Self.renders(["kind": "bar", "dataSets": [["id": "#entry-0", "entries": [1]], ["id": "s", "stackLabels": ["x"], "entries": [["values": [1]]]]]])
  }

  /// FuzzEdits before the fixes (15 s): Double→Int traps in the M4 columns.
  @Test func extremeXWithM4() throws {
    try Self.renders(["largeData": ["threshold": 0], "viewport": ["xMin": 0, "xMax": 1e-300], "dataSets": [["id": "a", "entries": [1, 2]]]])
    try Self.renders(["largeData": ["threshold": 0], "viewport": ["xMin": 0, "xMax": 1], "dataSets": [["id": "c", "entries": [[-1e300, 5]]]]])
  }

  /// The differential test before the fixes (seed 5): prefixes `doc` and `doc-plot` shared the
  /// element id `doc-plot` (the first document's clip path).
  @Test func prefixesThatCouldShareIDs() throws {
    let s = try Self.server()
    let a = try s.request("chart/open", ["uri": "mem:a", "version": 1, "idPrefix": "doc", "spec": [:]])
    let b = try s.request("chart/open", ["uri": "mem:b", "version": 1, "idPrefix": "doc-plot", "spec": [:]])
    if let first = a["result"]?["svg"]?.stringValue, let second = b["result"]?["svg"]?.stringValue {
      #expect(SVGChecks.sharedID(first, second) == nil)
    }
  }

  /// FuzzEdits (campaign of 2026-11-24, 1,201 s, 35,107 runs): after a removal at the front, the
  /// chunks left alone kept colours cycled from the old first entry while a render from scratch
  /// cycled from the new one. `colors` now cycles by absolute position (entryOffset + index).
  @Test func colorsCycleByPositionAcrossARemovalAtTheFront() throws {
    let s = try Self.server()
    for kind in ["bubble", "scatter", "bar"] {
      let uri = JSONValue.string("mem:\(kind)")
      let entries: JSONValue = kind == "bubble"
        ? ["x": .numbers((0..<20).map(Double.init)), "y": .numbers((0..<20).map { Double($0 % 7) }), "size": .numbers((0..<20).map { Double($0 % 5 + 1) })]
        : .numbers((0..<20).map { Double($0 % 7 + 1) })
      // A fixed domain, so that the removal leaves the axes and the chunk after the first alone.
      let spec: JSONValue = ["kind": .string(kind), "largeData": ["chunkSize": 16], "leftAxis": ["min": 0, "max": 10],
                             "xAxis": ["min": -1, "max": 21],
                             "dataSets": [["id": "b", "colors": ["#000000", "#ffffff", "steelblue", "#11223344"], "entries": entries]]]
      _ = try #require(try s.request("chart/open", ["uri": uri, "version": 1, "spec": spec])["result"])
      _ = try #require(try s.request("chart/update", ["uri": uri, "version": 2, "edits": [["op": "removeEntries", "dataSet": "b", "start": 0, "count": 14]]])["result"])
      let rendered = try #require(try s.request("chart/render", ["uri": uri])["result"]?["svg"]?.stringValue)
      let spec2 = try #require(try s.request("chart/getSpec", ["uri": uri])["result"]?["spec"])
      let prefix = try #require(try SVGText(parsing: rendered).prefix)
      let fresh = try #require(try s.request("chart/renderSpec", ["spec": spec2, "idPrefix": .string(prefix)])["result"]?["svg"]?.stringValue)
      #expect(rendered == fresh, "\(kind): \(SVGChecks.difference(fresh, rendered))")
    }
  }

  /// Renders document `uri` and `chart/renderSpec` of its `chart/getSpec` with its prefix; both SVGs.
  static func renderAndRoundTrip(_ s: InProcessServer, _ uri: JSONValue) throws -> (String, String) {
    let rendered = try #require(try s.request("chart/render", ["uri": uri])["result"]?["svg"]?.stringValue)
    let spec = try #require(try s.request("chart/getSpec", ["uri": uri])["result"]?["spec"])
    let prefix = try #require(try SVGText(parsing: rendered).prefix)
    let fresh = try #require(try s.request("chart/renderSpec", ["spec": spec, "idPrefix": .string(prefix)])["result"]?["svg"]?.stringValue)
    return (rendered, fresh)
  }

  /// The differential test (seeds 1001, 1087 and others of a 300-seed run): entries given as plain
  /// values into a data set with a `close` column kept their y but no close, and `chart/getSpec`
  /// wrote the close column (null there) without y — read back, the value was gone.
  @Test func plainEntriesIntoADataSetWithCloseValuesKeepTheirValueInGetSpec() throws {
    let s = try Self.server()
    let ohlc: JSONValue = ["open": [1, 2, 3], "high": [4, 5, 6], "low": [0, 1, 2], "close": [2, 3, 4]]
    let edits: [(String, JSONValue)] = [
      ("update", ["op": "updateEntries", "dataSet": "a", "start": 1, "entries": [[1, 9]]]),
      ("append", ["op": "appendEntries", "dataSet": "a", "entries": [7, 8]]),
      ("append OHLC to plain", ["op": "appendEntries", "dataSet": "p", "entries": [["open": 1, "high": 3, "low": 0, "close": 2]]]),
    ]
    for (k, (what, edit)) in edits.enumerated() {
      let uri = JSONValue.string("mem:close-\(k)")
      let spec: JSONValue = ["kind": "combined", "dataSets": [["id": "a", "kind": "line", "entries": ohlc],
                                                                ["id": "p", "kind": "line", "entries": [5, 6, 7]]]]
      _ = try #require(try s.request("chart/open", ["uri": uri, "version": 1, "spec": spec])["result"])
      _ = try #require(try s.request("chart/update", ["uri": uri, "version": 2, "edits": [edit]])["result"], "\(what)")
      let (rendered, fresh) = try Self.renderAndRoundTrip(s, uri)
      #expect(rendered == fresh, "\(what): \(SVGChecks.difference(fresh, rendered))")
    }
  }
}
