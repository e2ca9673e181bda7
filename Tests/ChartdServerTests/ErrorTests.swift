import ChartdJSON
import ChartdProtocol
import Testing
@testable import ChartdServer

@Suite struct ErrorTests {
  @Test func unknownMethod() {
    let h = ServerHarness()
    let r = h.request("chart/nonsense")
    #expect(r.errorCode == -32601)
    #expect(r["error"]?["message"]?.stringValue?.contains("chart/nonsense") == true)
  }

  @Test func unknownNotificationsAreIgnored() {
    let h = ServerHarness()
    h.notify("$/setTrace", ["value": "off"])
    h.notify("some/notification")
    h.synchronize()
    #expect(h.sink.all.allSatisfy { $0["method"] == nil || $0["method"] == "chart/diagnostics" })
  }

  /// Malformed messages, the error code they get and the id the error carries.
  static let malformed: [(message: JSONValue, code: Int, id: JSONValue)] = [
    (.array([["jsonrpc": "2.0", "id": 1, "method": "shutdown"]]), -32600, .null),
    (.string("just a string"), -32600, .null),
    (["jsonrpc": "2.0", "id": 1.5, "method": "shutdown"], -32600, .null),
    (["jsonrpc": "2.0", "id": true, "method": "shutdown"], -32600, .null),
    (["jsonrpc": "1.0", "id": 7, "method": "shutdown"], -32600, 7),
    (["id": 8, "method": "shutdown"], -32600, 8),
    (["jsonrpc": "2.0", "id": 9, "method": 12], -32600, 9),
    (["jsonrpc": "2.0", "id": 10], -32600, 10),
    (["jsonrpc": "2.0", "id": 11, "method": "chart/render", "params": "uri"], -32600, 11),
    (["jsonrpc": "2.0", "id": "s", "method": "chart/render", "params": 5], -32600, "s"),
  ]

  @Test(arguments: 0..<malformed.count)
  func malformedMessages(_ k: Int) throws {
    let (message, code, id) = Self.malformed[k]
    let h = ServerHarness()
    h.server.receive(message)
    h.synchronize()
    let reply = try #require(h.sink.all.first { $0.errorCode == code && $0["id"] == id })
    #expect(reply["jsonrpc"] == "2.0")
    #expect(reply["result"] == nil)
  }

  @Test func parseErrorHasNullID() throws {
    let h = ServerHarness()
    h.server.receiveParseError("unexpected character at byte 3")
    h.synchronize()
    let reply = try #require(h.sink.all.first { $0.errorCode == -32700 })
    #expect(reply["id"] == .null)
  }

  @Test func tooLargeMessageNamesTheLimit() throws {
    var options = ServerOptions()
    options.maxMessageBytes = 1024
    let h = ServerHarness(options: options)
    h.server.receiveTooLarge(id: 42, bytes: 5000)
    let r = h.response(id: 42)
    #expect(r.errorCode == -32803)
    #expect(r["error"]?["data"]?["kind"] == "messageTooLarge")
    #expect(r["error"]?["message"]?.stringValue?.contains("maxMessageBytes") == true)
  }

  @Test func invalidParamsCarryAPointer() throws {
    let h = ServerHarness()
    let r = h.request("chart/open", ["uri": "a", "version": "one", "spec": [:]])
    #expect(r.errorCode == -32602)
    let d = try #require(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first)
    #expect(d["path"] == "/version")
    let missing = h.request("chart/hitTest", ["uri": "a", "x": 1])
    #expect(missing["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/y")
  }

  @Test func cancelledRequestIsAnsweredWithCancelled() {
    let h = ServerHarness()
    // The worker is busy with a large render, so the request still waits when its cancel is read.
    h.occupyWorker()
    h.server.receive(["jsonrpc": "2.0", "id": 5000, "method": "chart/synchronize"])
    h.notify("$/cancelRequest", ["id": 5000])
    #expect(h.response(id: 5000).errorCode == -32800)
  }

  @Test func responsesFromTheClientAreIgnored() {
    let h = ServerHarness()
    h.server.receive(["jsonrpc": "2.0", "id": 3, "result": .null])
    h.synchronize()
    #expect(h.sink.all.filter { $0["id"] == 3 }.isEmpty)
  }
}

@Suite struct ReplyTests {
  @Test func secondReplyIsDropped() {
    let sink = RecordingSink()
    do {
      let reply = Reply(id: .number(1), method: "m", sink: sink) { _ in }
      reply.result(.null)
      reply.error(ResponseError(.internalError, "late"))
    }
    #expect(sink.all.count == 1)
    #expect(sink.all.first?["result"] == .null)
  }

  @Test func missingReplyBecomesInternalError() {
    let sink = RecordingSink()
    do { _ = Reply(id: .string("x"), method: "m", sink: sink) { _ in } }
    #expect(sink.all.count == 1)
    #expect(sink.all.first?.errorCode == -32603)
  }
}
