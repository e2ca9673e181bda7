import ChartdJSON
import ChartdProtocol
import Testing
@testable import ChartdServer

@Suite struct LifecycleTests {
  /// A message the transport reports as the last one ready runs on the calling thread when the
  /// worker is idle: its answer is there when `receive` returns.
  @Test func caughtUpMessageRunsOnTheReaderThread() {
    // A fresh server: nothing queued, the worker idle.
    let h = ServerHarness(initialize: false)
    h.server.receive(["jsonrpc": "2.0", "id": 7, "method": "initialize", "params": ["processId": nil, "capabilities": [:]]],
                     caughtUp: true)
    let sent = h.sink.all
    #expect(sent.count == 1)
    #expect(sent.first?["id"] == 7)
    #expect(sent.first?["result"]?["capabilities"] != nil)
  }

  @Test func requestBeforeInitializeIsRejected() {
    let h = ServerHarness(initialize: false)
    #expect(h.request("chart/render", ["uri": "a"]).errorCode == -32002)
    #expect(h.request("shutdown").errorCode == -32002)
  }

  @Test func notificationBeforeInitializeIsDroppedButExitCounts() {
    let h = ServerHarness(initialize: false)
    h.notify("chart/update", ["uri": "a", "version": 1, "edits": []])
    h.notify("exit")
    #expect(h.waitForExit() == 1)
    // Nothing was answered: notifications never are.
    #expect(h.sink.all.isEmpty)
  }

  @Test func initializeResultDescribesTheServer() throws {
    let h = ServerHarness(initialize: false)
    let r = h.request("initialize", ["processId": .null, "clientInfo": ["name": "test"], "capabilities": [:]])
    let result = try #require(r["result"])
    #expect(result["serverInfo"]?["name"] == "chartd")
    #expect(result["protocolVersion"]?.stringValue != nil)
    let chart = try #require(result["capabilities"]?["chart"])
    #expect(result["capabilities"]?["experimental"]?["chart"] == chart)
    #expect(chart["fragmentFormat"] == "svg")
    #expect(chart["kinds"]?.arrayValue?.contains("candlestick") == true)
    #expect(chart["editOps"]?.arrayValue?.count == EditOps.all.count)
    #expect(chart["limits"]?["maxMessageBytes"]?.intValue == 256 * 1024 * 1024)
  }

  @Test func initializeTwiceIsInvalid() {
    let h = ServerHarness()
    #expect(h.request("initialize", ["processId": .null]).errorCode == -32600)
  }

  @Test(arguments: [JSONValue?.none, .some(.null), .some([:])])
  func shutdownAcceptsAbsentOrNullParams(_ params: JSONValue?) {
    let h = ServerHarness()
    let r = h.request("shutdown", params)
    #expect(r["result"] == .null)
    #expect(r["error"] == nil)
  }

  @Test func afterShutdownOnlyExitIsAccepted() {
    let h = ServerHarness()
    h.request("shutdown")
    #expect(h.request("chart/synchronize").errorCode == -32600)
    h.notify("exit")
    #expect(h.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownExitsWithOne() {
    let h = ServerHarness()
    h.notify("exit")
    #expect(h.waitForExit() == 1)
  }

  @Test func endOfInputExitsWithShutdownStatus() {
    let a = ServerHarness()
    a.server.receiveEndOfInput()
    #expect(a.waitForExit() == 1)
    let b = ServerHarness()
    b.request("shutdown")
    b.server.receiveEndOfInput()
    #expect(b.waitForExit() == 0)
  }

  @Test func synchronizeIsABarrier() {
    let h = ServerHarness()
    #expect(h.request("chart/synchronize")["result"] == .null)
    #expect(h.request("chart/synchronize", .null)["result"] == .null)
  }
}
