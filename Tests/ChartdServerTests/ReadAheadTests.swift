import ChartdJSON
import Testing
@testable import ChartdServer

/// A `chart/update` queued behind other work has its edits read when it arrives
/// (`ChartServer.readAhead`); its answer is the one it gets when read in its turn.
@Suite struct ReadAheadTests {
  static let editLists: [JSONValue] = [
    [["op": "appendEntries", "dataSet": "a", "entries": [4, 5]]],
    [["op": "frobnicate"]],
    [["op": "appendEntries", "dataSet": "a", "entries": [1, "x"]]],
    [["op": "appendEntries", "dataSet": "nope", "entries": [1]]],
    [["op": "setVisibility", "dataSet": "a", "visible": false], ["op": "resize", "width": 300, "height": 200, "extra": 1]],
    [["op": "setHighlight", "highlights": [["dataSet": "a", "index": 0]]]],
    // A long list (the daemon, which knows a message's size, reads one over `readAheadBytes` in
    // its turn; this harness passes no size, so it is read ahead here too).
    [["op": "appendEntries", "dataSet": "a", "entries": .numbers((0..<20_000).map { Double($0 % 97) })]],
    "not an array",
  ]

  /// The answers to the updates above, each sent once the one before was answered; `caughtUp`
  /// says the reader had nothing more to read (the update then runs at once, read in its turn).
  static func answers(caughtUp: Bool) -> [JSONValue] {
    let h = ServerHarness()
    _ = h.request("chart/open", ["uri": "mem:r", "version": 1, "spec": ["dataSets": [["id": "a", "entries": [1, 2, 3]]]]])
    return editLists.enumerated().map { k, edits in
      let id = JSONValue.number(Double(10 + k))
      h.server.receive(["jsonrpc": "2.0", "id": id, "method": "chart/update",
                        "params": ["uri": "mem:r", "version": .number(Double(2 + k)), "edits": edits]], caughtUp: caughtUp)
      return h.response(id: id)
    }
  }

  @Test func anUpdateReadOnArrivalIsAnsweredAsOneReadInItsTurn() {
    let queued = Self.answers(caughtUp: false), atOnce = Self.answers(caughtUp: true)
    #expect(queued.count == Self.editLists.count)
    for (q, a) in zip(queued, atOnce) { #expect(q == a) }
    #expect(queued.contains { $0["error"] != nil } && queued.contains { $0["result"] != nil })
  }

  @Test func updatesQueuedBehindWorkKeepTheirOrderAndAnswers() {
    let h = ServerHarness()
    _ = h.request("chart/open", ["uri": "mem:q", "version": 1, "spec": ["dataSets": [["id": "a", "entries": [1, 2, 3]]]]])
    h.occupyWorker()
    for k in 0..<20 {
      let edits: JSONValue = k % 5 == 3 ? [["op": "bogus"]] : [["op": "appendEntries", "dataSet": "a", "entries": [.number(Double(k))]]]
      h.server.receive(["jsonrpc": "2.0", "id": .number(Double(100 + k)), "method": "chart/update",
                        "params": ["uri": "mem:q", "version": .number(Double(2 + k)), "edits": edits]])
    }
    for k in 0..<20 {
      let r = h.response(id: .number(Double(100 + k)))
      if k % 5 == 3 {
        #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"]?.stringValue == "/edits/0/op", "\(r)")
      } else {
        #expect(r["result"]?["baseVersion"]?.intValue == (k % 5 == 4 ? 1 + k - 1 : 1 + k), "\(r)")
      }
    }
  }
}
