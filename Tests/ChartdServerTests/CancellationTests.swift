import ChartdJSON
import ChartdProtocol
import Testing
@testable import ChartdServer

/// `$/cancelRequest`: answered exactly once when sent as a request, and remembered only while the
/// cancelled request waits.
@Suite struct CancellationTests {
  @Test func aCancelSentWithAnIdIsAnsweredAndStillCancels() {
    let h = ServerHarness()
    h.occupyWorker()
    h.server.receive(["jsonrpc": "2.0", "id": 7001, "method": "chart/synchronize"])
    h.server.receive(["jsonrpc": "2.0", "id": 7002, "method": "$/cancelRequest", "params": ["id": 7001]])
    #expect(h.response(id: 7002).errorCode == -32600)
    #expect(h.response(id: 7001).errorCode == -32800)
    h.synchronize()
    #expect(h.sink.all.filter { $0["id"] == 7002 }.count == 1)
  }

  @Test func cancelsOfUnknownIdsAreForgotten() {
    let h = ServerHarness()
    let big = String(repeating: "x", count: 100_000)
    for i in 0..<300 { h.notify("$/cancelRequest", ["id": .string(big + String(i))]) }
    h.synchronize()
    let counts = h.server.cancellation.counts
    #expect(counts.inFlight == 0 && counts.cancelled == 0)
  }

  @Test func aCancelThatCameAfterTheAnswerDoesNotHitALaterRequestWithTheSameId() {
    let h = ServerHarness()
    h.server.receive(["jsonrpc": "2.0", "id": 9, "method": "chart/synchronize"])
    #expect(h.response(id: 9)["result"] == .null)
    h.notify("$/cancelRequest", ["id": 9])
    h.synchronize()
    // The id is reused after its first request was answered.
    h.server.receive(["jsonrpc": "2.0", "id": 9, "method": "chart/renderSpec", "params": ["spec": ["dataSets": []]]])
    h.synchronize()
    let answers = h.sink.all.filter { $0["id"] == 9 }
    #expect(answers.count == 2)
    #expect(answers.last?["result"]?["svg"] != nil)
    #expect(h.server.cancellation.counts.cancelled == 0)
  }

  @Test func trackerKeepsOnlyQueuedIds() {
    let t = CancellationTracker()
    t.cancel(.number(1))
    #expect(t.counts.cancelled == 0)
    t.queued(.number(2))
    t.queued(.number(2))
    t.cancel(.number(2))
    #expect(t.take(.number(2)))
    #expect(!t.take(.number(2)))
    #expect(t.counts.inFlight == 0 && t.counts.cancelled == 0)
  }
}
