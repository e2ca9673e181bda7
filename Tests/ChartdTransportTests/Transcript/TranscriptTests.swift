import ChartdJSON
import Testing
@testable import ChartdTransport

/// Reading transcripts: every entry kind, the header rules, and errors that name their line.
@Suite struct TranscriptTests {
  func parse(_ text: String) throws(TranscriptError) -> Transcript { try Transcript(parsing: Array(text.utf8)) }

  @Test func readsEveryKindOfLine() throws {
    let t = try parse("""
      {"dir":"meta","time":"t","transcript":1,"framing":"ndjson","maxDocuments":2,"chartd":"0.1.0"}
      {"dir":"in","time":"t","message":{"id":1,"method":"initialize"}}

      {"dir":"out","message":{"id":1,"result":{}}}
      {"dir":"in","raw":"{nope"}
      {"dir":"in","rawBase64":"/w=="}
      {"dir":"in","event":"end of input"}
      {"dir":"meta","exitCode":1}
      """)
    #expect(t.header == TranscriptHeader(framing: .ndjson, maxDocuments: 2, chartdVersion: "0.1.0"))
    #expect(t.header.daemonArguments == ["--framing", "ndjson", "--max-documents", "2"])
    #expect(t.lines.map(\.number) == [2, 4, 5, 6, 7, 8])
    #expect(t.lines.map(\.entry) == [
      .message(.incoming, ["id": 1, "method": "initialize"]), .message(.outgoing, ["id": 1, "result": [:]]),
      .raw(.incoming, Array("{nope".utf8)), .raw(.incoming, [0xFF]), .event(.incoming, "end of input"), .exit(1),
    ])
    #expect(t.clientEntries.map(\.number) == [2, 5, 6, 7])
  }

  @Test func everyRecordedLimitGoesBackToTheDaemon() throws {
    let t = try parse(#"{"dir":"meta","transcript":1,"maxMessageBytes":9,"maxUnsentBytes":8,"maxMemory":1073741824}"#)
    #expect(t.header.daemonArguments == ["--framing", "lsp", "--max-message-bytes", "9", "--max-unsent-bytes", "8", "--max-memory", "1073741824"])
  }

  @Test func theHeaderIsOptionalButOnlyFirst() throws {
    #expect(try parse(#"{"dir":"in","message":{}}"#).header == TranscriptHeader())
    #expect(throws: TranscriptError(line: 2, "the 'meta' header must be the first line")) {
      try parse("{\"dir\":\"in\",\"message\":{}}\n{\"dir\":\"meta\",\"transcript\":1}")
    }
  }

  @Test(arguments: [
    ("{\"dir\":\"in\",", "line 1: not JSON: unexpected end of input at byte 12"),
    ("[1]", "line 1: expected an object, got an array"),
    (#"{"dir":"sideways","message":{}}"#, #"line 1: 'dir' must be "in", "out" or "meta""#),
    (#"{"dir":"in"}"#, "line 1: expected one of 'message', 'raw', 'rawBase64' or 'event'"),
    (#"{"dir":"meta","transcript":2}"#, "line 1: transcript format 2 is not supported (this chartd reads 1)"),
    (#"{"dir":"meta","transcript":1,"framing":"xml"}"#, #"line 1: 'framing' must be "lsp" or "ndjson""#),
    (#"{"dir":"meta","transcript":1,"maxDocuments":0}"#, "line 1: 'maxDocuments' must be a positive integer"),
    (#"{"dir":"meta","exitCode":"zero"}"#, "line 1: 'exitCode' must be an integer"),
  ])
  func errorsNameTheLine(_ text: String, _ message: String) {
    #expect(throws: (any Error).self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func sameSessionIgnoresTimesAndTheClientProcessID() throws {
    let a = try parse("""
      {"dir":"in","time":"1","message":{"method":"initialize","id":1,"params":{"processId":41}}}
      {"dir":"out","time":"2","message":{"id":1,"result":null}}
      """)
    let b = try parse("""
      {"dir":"in","time":"9","message":{"method":"initialize","id":1,"params":{"processId":99}}}
      {"dir":"out","time":"9","message":{"id":1,"result":null}}
      """)
    let c = try parse("""
      {"dir":"in","message":{"method":"initialize","id":1,"params":{"processId":null}}}
      {"dir":"out","message":{"id":2,"result":null}}
      """)
    #expect(a.recordsSameSession(as: b))
    #expect(!a.recordsSameSession(as: c))
  }
}
