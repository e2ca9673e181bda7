import ChartdJSON
import ChartdServer
import Foundation
import Testing

/// An embedder (a test, the fuzz targets' in-process server) may release a `ChartServer` while work
/// it was sent is still queued: the worker must then drop that work, not touch the freed server.
@Suite struct ServerLifetimeTests {
  @Test func releasingAServerWithQueuedWorkDropsTheWork() {
    let sink = RecordingSink()
    var server: ChartServer? = ChartServer(sink: sink, log: ServerLog(level: .off)) { _ in }
    server?.receive(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": .null]])
    // Enough rendering queued that most of it is still waiting when the server is released.
    let spec: JSONValue = ["dataSets": [["id": "a", "entries": .numbers((0..<20_000).map { Double($0 % 97) })]]]
    for id in 2..<40 {
      server?.receive(["jsonrpc": "2.0", "id": .number(Double(id)), "method": "chart/renderSpec", "params": ["spec": spec]])
    }
    server = nil
    // Before the fix the worker trapped here ("unowned reference … already destroyed").
    Thread.sleep(forTimeInterval: 1)
    #expect(sink.all.count < 39)
  }
}
