import ChartdJSON
import Foundation
import Testing

/// Every row of the error table, through the real binary.
@Suite(.serialized) struct ErrorsEndToEndTests {
  func started(_ args: [String] = []) throws -> DaemonProcess {
    let d = try DaemonProcess(arguments: args)
    d.request(1, "initialize", ["processId": .null])
    _ = d.response(1)
    return d
  }

  @Test func parseErrorAnswersWithNullID() throws {
    let d = try started()
    d.writeRaw(d.frame(Array("{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\":".utf8)))
    let r = try #require(d.read())
    #expect(r.errorCode == -32700)
    #expect(r["id"] == .null)
    // The stream stays usable.
    d.request(6, "chart/synchronize")
    #expect(d.response(6)?["result"] == .null)
  }

  /// JSON with a number beyond a double's range: a request is answered with its own id and the
  /// number's pointer, and its document stays as it was; a notification stays a parse error.
  @Test func aNumberOutOfRangeIsAnsweredWithTheRequestsID() throws {
    let d = try started()
    d.request(2, "chart/open", ["uri": "mem:a", "version": 1, "spec": lineSpec])
    _ = d.response(2)
    d.writeRaw(d.frame(Array(#"{"jsonrpc":"2.0","id":3,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[{"op":"appendEntries","dataSet":"a","entries":[1e400]}]}}"#.utf8)))
    let r = try #require(d.response(3))
    #expect(r.errorCode == -32602)
    #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/0/entries/0")
    d.writeRaw(d.frame(Array(#"{"jsonrpc":"2.0","method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[1e400]}}"#.utf8)))
    let n = try #require(d.read())
    #expect(n.errorCode == -32700)
    #expect(n["id"] == .null)
    d.request(4, "chart/update", ["uri": "mem:a", "version": 2, "edits": [["op": "appendEntries", "dataSet": "a", "entries": [7]]]])
    #expect(d.response(4)?["result"]?["baseVersion"] == 1)
  }

  /// An integer id beyond 2^53 − 1 reads as a double that may be its neighbour: refused with id
  /// null rather than answered with an id the client never sent; the largest exact one is kept.
  @Test func anIDADoubleCannotHoldExactlyIsRefused() throws {
    let d = try started()
    d.writeRaw(d.frame(Array(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"chart/synchronize"}"#.utf8)))
    let r = try #require(d.read())
    #expect(r.errorCode == -32600)
    #expect(r["id"] == .null)
    d.writeRaw(d.frame(Array(#"{"jsonrpc":"2.0","id":9007199254740991,"method":"chart/synchronize"}"#.utf8)))
    #expect(d.read()?["id"] == .number(9007199254740991))
  }

  @Test func invalidUTF8IsAParseError() throws {
    let d = try started()
    d.writeRaw(d.frame([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]))
    #expect(d.read()?.errorCode == -32700)
  }

  @Test func batchIsInvalidRequest() throws {
    let d = try started()
    d.send([["jsonrpc": "2.0", "id": 2, "method": "chart/synchronize"]])
    let r = try #require(d.read())
    #expect(r.errorCode == -32600)
    #expect(r["id"] == .null)
  }

  @Test func unknownMethodAndInvalidParams() throws {
    let d = try started()
    d.request(2, "chart/frobnicate", [:])
    #expect(d.response(2)?.errorCode == -32601)
    d.request(3, "chart/open", ["uri": "mem:x", "version": 1])
    let r = try #require(d.response(3))
    #expect(r.errorCode == -32602)
    #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/spec")
  }

  @Test func notInitialized() throws {
    let d = try DaemonProcess()
    d.request(1, "chart/render", ["uri": "mem:x"])
    #expect(d.response(1)?.errorCode == -32002)
  }

  @Test func requestAfterShutdownIsInvalid() throws {
    let d = try started()
    d.request(2, "shutdown")
    _ = d.response(2)
    d.request(3, "chart/synchronize")
    #expect(d.response(3)?.errorCode == -32600)
  }

  @Test func cancelledBeforeItRuns() throws {
    let d = try started()
    // A large render keeps the worker busy, so request 9 still waits when its cancel is read.
    let points = JSONValue.numbers((0..<200_000).map { Double(($0 * 7_919) % 1_000) })
    let render: JSONValue = ["jsonrpc": "2.0", "id": 8, "method": "chart/renderSpec",
                             "params": ["spec": ["kind": "scatter", "dataSets": [["id": "a", "entries": ["x": points, "y": points]]]]]]
    // The render, request 9 and its cancel in one write, so the end of the render arrives with
    // them: the render is then not the last message ready and goes to the worker (it is not run
    // on the reader thread), and 9 waits behind it while the reader reads the cancel. Written
    // apart, the render could run on the reader thread and leave the worker idle when 9 comes: 9
    // would then start at once and race its cancel — either answer is what protocol/transport.md
    // allows, but this test checks the cancelled one.
    let nine = d.frame(JSONWriter.bytes(["jsonrpc": "2.0", "id": 9, "method": "chart/synchronize"]))
    let cancel = d.frame(JSONWriter.bytes(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 9]]))
    d.writeRaw(d.frame(JSONWriter.bytes(render)) + nine + cancel)
    #expect(d.response(8)?["result"]?["svg"] != nil)
    #expect(d.response(9)?.errorCode == -32800)
  }

  @Test func staleVersionAndUnknownDocument() throws {
    let d = try started()
    d.request(2, "chart/open", ["uri": "mem:a", "version": 5, "spec": lineSpec])
    _ = d.response(2)
    d.request(3, "chart/update", ["uri": "mem:a", "version": 5, "edits": []])
    let stale = try #require(d.response(3))
    #expect(stale.errorCode == -32801)
    #expect(stale["error"]?["data"]?["currentVersion"] == 5)
    d.request(4, "chart/render", ["uri": "mem:nope"])
    let unknown = try #require(d.response(4))
    #expect(unknown.errorCode == -32803)
    #expect(unknown["error"]?["data"]?["kind"] == "unknownDocument")
    d.request(5, "chart/open", ["uri": "mem:a", "version": 1, "spec": lineSpec])
    #expect(d.response(5)?["error"]?["data"]?["kind"] == "documentAlreadyOpen")
  }

  @Test func tooManyDocuments() throws {
    let d = try started(["--max-documents", "2"])
    for (i, uri) in ["mem:1", "mem:2", "mem:3"].enumerated() {
      d.request(10 + i, "chart/open", ["uri": .string(uri), "version": 1, "spec": lineSpec])
    }
    #expect(d.response(10)?["result"] != nil)
    #expect(d.response(11)?["result"] != nil)
    let r = try #require(d.response(12))
    #expect(r["error"]?["data"]?["kind"] == "tooManyDocuments")
    #expect(r["error"]?["message"]?.stringValue?.contains("maxDocuments") == true)
  }

  @Test func tooLargeMessageIsSkippedAndAnswered() throws {
    let d = try started(["--max-message-bytes", "2048"])
    let big = String(repeating: "x", count: 10_000)
    d.request(7, "chart/renderSpec", ["spec": ["title": .string(big)]])
    let r = try #require(d.response(7))
    #expect(r.errorCode == -32803)
    #expect(r["error"]?["data"]?["kind"] == "messageTooLarge")
    d.request(8, "chart/synchronize")
    #expect(d.response(8)?["result"] == .null)
  }

  @Test func malformedHeadersDoNotKillTheDaemon() throws {
    let d = try started()
    d.writeRaw("Content-Lenght: 12\r\n\r\n{\"a\": true}\r\n")
    d.writeRaw("Content-Length: banana\r\n\r\n")
    d.request(2, "chart/synchronize")
    #expect(d.response(2)?["result"] == .null)
    #expect(d.process.isRunning)
  }

  @Test func invalidEditLeavesTheDocumentUnchanged() throws {
    let d = try started()
    d.request(2, "chart/open", ["uri": "mem:a", "version": 1, "spec": lineSpec])
    let before = try #require(d.response(2)?["result"]?["svg"])
    d.request(3, "chart/update", ["uri": "mem:a", "version": 2, "edits": [
      ["op": "appendEntries", "dataSet": "a", "entries": [7]],
      ["op": "appendEntries", "dataSet": "missing", "entries": [1]],
    ]])
    let r = try #require(d.response(3))
    #expect(r.errorCode == -32602)
    #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/1/dataSet")
    d.request(4, "chart/render", ["uri": "mem:a"])
    let after = try #require(d.response(4)?["result"])
    #expect(after["svg"] == before)
    #expect(after["version"] == 1)
    d.request(5, "chart/update", ["uri": "mem:a", "version": 2, "edits": [["op": "appendEntries", "dataSet": "a", "entries": [7]]]])
    #expect(d.response(5)?["result"]?["version"] == 2)
  }
}
