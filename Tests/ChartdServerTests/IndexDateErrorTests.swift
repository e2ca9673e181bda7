import ChartdJSON
import ChartdProtocol
import Testing
@testable import ChartdServer

/// A bad trading-day list rejects `chart/open` and `chart/update` with -32602 and the pointer of the
/// bad date; a good one opens.
@Suite struct IndexDateErrorTests {
  static func spec(_ dates: JSONValue) -> JSONValue {
    ["kind": "candlestick", "marker": ["trigger": "axis"],
     "xAxis": ["format": ["type": "indexDate", "dates": dates, "pattern": "MM/dd"]],
     "dataSets": [["id": "k", "entries": ["open": [1, 2], "high": [3, 4], "low": [0, 1], "close": [2, 3]]]]]
  }

  @Test func aBadDateIsAnInvalidParamsErrorAtItsPointer() throws {
    let h = ServerHarness()
    let r = h.request("chart/open", ["uri": "mem:k", "version": 1, "spec": Self.spec(["2026-08-07", "2026-02-30"])])
    #expect(r.errorCode == -32602)
    let paths = r["error"]?["data"]?["diagnostics"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
    #expect(paths == ["/spec/xAxis/format/dates/1"])
    let ok = h.request("chart/open", ["uri": "mem:k", "version": 1, "spec": Self.spec(["2026-08-07", "2026-08-10"])])
    #expect(ok.errorCode == nil)
    let edit = h.request("chart/update", ["uri": "mem:k", "version": 2, "edits": [
      // A merge patch merges the format object: `dates` must be removed to give `times`.
      ["op": "mergeSpec", "patch": ["xAxis": ["format": ["dates": .null, "times": [0, "x"]]]]],
    ]])
    #expect(edit.errorCode == -32602)
    #expect(edit["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/0/patch/xAxis/format/times/1")
  }
}
