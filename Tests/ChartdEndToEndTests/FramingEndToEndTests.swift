import ChartdJSON
import Foundation
import Testing

/// Framing through real pipes: split writes, header variants, ndjson, trace, a quiet stdout.
@Suite(.serialized) struct FramingEndToEndTests {
  @Test func byteAtATimeWithHeaderVariants() throws {
    let d = try DaemonProcess()
    let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"clientInfo":{"name":"ünï"}}}"#.utf8)
    let framed = Array("content-length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\nX-Extra: 1\r\n\r\n".utf8) + body
    for b in framed {
      d.writeRaw([b])
      usleep(50)
    }
    #expect(d.response(1)?["result"]?["serverInfo"]?["name"] == "chartd")
  }

  @Test func severalMessagesInOneWrite() throws {
    let d = try DaemonProcess()
    var all: [UInt8] = []
    for (id, method) in [(1, "initialize"), (2, "chart/synchronize"), (3, "chart/synchronize")] {
      all += d.frame(JSONWriter.bytes(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": ["processId": .null]]))
    }
    d.writeRaw(all)
    #expect(d.response(1)?["result"] != nil)
    #expect(d.response(2)?["result"] == .null)
    #expect(d.response(3)?["result"] == .null)
  }

  @Test func ndjsonFraming() throws {
    let d = try DaemonProcess(arguments: ["--framing", "ndjson"])
    d.request(1, "initialize", ["processId": .null])
    #expect(d.response(1)?["result"] != nil)
    d.writeRaw("\n\n")
    d.request(2, "chart/renderSpec", ["spec": lineSpec])
    #expect(d.response(2)?["result"]?["svg"]?.stringValue?.contains("</svg>") == true)
  }

  @Test func stdoutCarriesOnlyFramesEvenWhenLoggingVerbosely() throws {
    let d = try DaemonProcess(arguments: ["--log-level", "debug"])
    d.request(1, "initialize", ["processId": .null])
    d.notify("unknown/notification")
    d.request(2, "chart/frobnicate")
    d.request(3, "shutdown")
    d.notify("exit")
    // `read` only accepts exact `Content-Length: N\r\n\r\n` frames: any stray byte would break it.
    var ids: [JSONValue] = []
    while let m = d.read(timeout: 5) { ids.append(m["id"] ?? .null) }
    #expect(ids == [1, 2, 3])
    #expect(d.waitForExit() == 0)
    #expect(d.stderr(contains: "chartd[debug]"), "\(d.stderr)")
  }

  @Test func traceMirrorsTraffic() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chartd-trace-\(getpid()).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let d = try DaemonProcess(arguments: ["--trace", path])
    d.request(1, "initialize", ["processId": .null])
    _ = d.response(1)
    d.request(2, "shutdown")
    _ = d.response(2)
    d.notify("exit")
    _ = d.waitForExit()
    let trace = try String(contentsOfFile: path, encoding: .utf8)
    #expect(trace.contains("\"initialize\""))
    #expect(trace.contains("\"serverInfo\""))
  }

  @Test func clientThatStopsReadingDoesNotBlockInput() throws {
    // Fill stdout with large replies while not reading; then read everything back.
    let d = try DaemonProcess()
    d.request(1, "initialize", ["processId": .null])
    var spec = lineSpec
    spec = ["kind": "line", "dataSets": [["id": "a", "entries": .numbers((0..<5000).map { Double($0 % 97) })]]]
    for i in 0..<60 { d.request(100 + i, "chart/renderSpec", ["spec": spec]) }
    d.request(999, "chart/synchronize")
    // Only now start reading: the daemon must have kept reading stdin meanwhile.
    #expect(d.response(999, timeout: 60)?["result"] == .null)
  }
}
