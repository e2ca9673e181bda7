import ChartCore
import ChartdJSON
import ChartdProtocol
import Testing
@testable import ChartdServer

/// A `chart/update` in its plain form is read straight from its bytes (`ChartServer.prepare`);
/// whatever that reader takes, the general one (decode, `UpdateChartRequest(params:)`,
/// `ChartEdit.parseEdits`) reads the same, and the server answers it the same.
@Suite struct PreparedUpdateTests {
  /// What the general path makes of `text`: the request and its edits as read, or nil where it
  /// is no `chart/update` request with params `init(params:)` accepts.
  static func general(_ text: String, limits: SpecLimits) -> (RequestID, UpdateChartRequest, ReadEdits)? {
    let bytes = Array(text.utf8)
    guard case .success(.request(let id, UpdateChartRequest.method, let params))?
            = try? bytes.withUnsafeBytes({ try IncomingMessage.decode($0) }),
          let r = try? UpdateChartRequest(params: params) else { return nil }
    return (id, r, ReadEdits(r.edits, at: ChartServer.editsPath, limits: limits))
  }

  static func prepared(_ text: String, options: ServerOptions) -> PreparedUpdate? {
    let server = ChartServer(options: options, sink: RecordingSink(), log: ServerLog(level: .off)) { _ in }
    return Array(text.utf8).withUnsafeBytes { server.prepare($0) }
  }

  /// Checks one text; returns whether it was read plain and whether the general path read it.
  static func agree(_ text: String, options: ServerOptions) -> (plain: Bool, general: Bool) {
    let fast = prepared(text, options: options)
    let slow = general(text, limits: options.spec)
    guard let fast else { return (false, slow != nil) }
    guard let (id, r, edits) = slow else {
      Issue.record("read plain, refused in general: \(text)")
      return (true, false)
    }
    #expect(fast.id == id, "\(text)")
    #expect(fast.request.uri == r.uri && fast.request.version == r.version && fast.request.versionOmitted == r.versionOmitted, "\(text)")
    #expect(edits.diagnostics.isEmpty, "read plain, but the general reader says \(edits.diagnostics): \(text)")
    #expect(fast.edits.edits == edits.edits, "\(text)")
    #expect(fast.edits.diagnostics.isEmpty)
    return (true, true)
  }

  @Test func whatClientsSendIsReadPlain() throws {
    let texts = [
      #"{"jsonrpc":"2.0","id":7,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[{"op":"appendEntries","dataSet":"s","entries":[{"x":10030,"y":50.3}]}]}}"#,
      #"{"jsonrpc": "2.0", "id": 8, "method": "chart/update", "params": {"uri": "mem:a", "version": 3, "edits": [{"op": "appendEntries", "dataSet": "s", "entries": [[1, 2], [3, -4e2]], "maxEntries": 500}]}}"#,
      "{\"params\":{\"edits\":[{\"dataSet\":\"s\",\"op\":\"appendEntries\",\"entries\":[1,-2.5,3e-3]}],\"uri\":\"mem:a\"},\n\t\"method\":\"chart/update\",\"id\":\"req-9\",\"jsonrpc\":\"2.0\"}\r\n",
      #"{"jsonrpc":"2.0","id":10,"method":"chart/update","params":{"uri":"mem:a","version":4,"edits":[{"op":"setHighlight","highlights":[{"dataSet":"s","index":17}]},{"op":"setVisibility","dataSet":"ref","visible":false}]}}"#,
      #"{"jsonrpc":"2.0","id":11,"method":"chart/update","params":{"uri":"mem:a","version":5,"edits":[{"op":"removeEntries","dataSet":"s","start":0,"count":2},{"op":"updateEntries","dataSet":"s","start":1,"entries":[9]},{"op":"setHighlight","highlights":[]},{"op":"setVisibility","dataSet":"s","entry":3,"visible":true}]}}"#,
      "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"chart/update\",\"params\":{\"uri\":\"mem:a\",\"version\":6,\"edits\":[]}}",
    ]
    for text in texts {
      let (plain, general) = Self.agree(text, options: ServerOptions())
      #expect(plain && general, "\(text)")
    }
    let first = try #require(Self.prepared(texts[0], options: ServerOptions()))
    #expect(first.id == .number(7) && first.request.uri == "mem:a" && first.request.version == 2)
    #expect(first.edits.edits == [.appendEntries(dataSet: "s", entries: EntryBatch(columns: EntryColumns(x: [10030], y: [50.3]), explicitX: true), maxEntries: nil)])
    let third = try #require(Self.prepared(texts[2], options: ServerOptions()))
    #expect(third.id == .string("req-9") && third.request.versionOmitted)
  }

  @Test func anythingElseIsLeftToTheGeneralReader() {
    let base = #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[EDIT]}}"#
    let edits = [
      #"{"op":"appendEntries","dataSet":"s","entries":[1,null]}"#,  // a gap
      #"{"op":"appendEntries","dataSet":"s","entries":[1,[2,3]]}"#,  // mixed forms
      #"{"op":"appendEntries","dataSet":"s","entries":[{"x":1,"y":2,"label":"a"}]}"#,  // a label
      #"{"op":"appendEntries","dataSet":"s","entries":[]}"#,
      #"{"op":"appendEntries","dataSet":"s","entries":[1],"extra":true}"#,  // warned about
      #"{"op":"appendEntries","dataSet":"s","dataSet":"t","entries":[1]}"#,  // duplicate: the last wins
      #"{"op":"appendEntries","dataSet":"caf\u00e9","entries":[1]}"#,  // an escape
      #"{"op":"appendEntries","dataSet":"","entries":[1]}"#,  // refused
      #"{"op":"appendEntries","dataSet":"s","entries":[1],"maxEntries":0}"#,  // refused
      #"{"op":"setVisibility","dataSet":"s","visible":false,"entry":-1}"#,  // refused
      #"{"op":"setHighlight","highlights":[{"dataSet":"s","index":1.5}]}"#,  // refused
      #"{"op":"resize","width":300,"height":200}"#,  // not a streaming op
    ]
    for edit in edits {
      let text = base.replacingOccurrences(of: "EDIT", with: edit)
      let (plain, _) = Self.agree(text, options: ServerOptions())
      #expect(!plain, "\(edit)")
    }
    for text in [
      #"{"jsonrpc":"2.0","method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[]}}"#,  // a notification
      #"{"jsonrpc":"2.0","id":1,"method":"chart/open","params":{"uri":"mem:a","version":2,"edits":[]}}"#,
      #"{"jsonrpc":"2.0","id":1.5,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[]},"x":1}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"","version":2,"edits":[]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[]}} x"#,
      #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"mem:a","version":2,"edits":[]}"#,
    ] {
      #expect(!Self.agree(text, options: ServerOptions()).plain, "\(text)")
    }
  }

  /// Thousands of generated messages, plain and not, valid and not, some with bytes broken: what
  /// the plain reader takes, the general reader reads the same, without a diagnostic.
  @Test(arguments: [0, 1])
  func theReadersAgreeOnGeneratedMessages(variant: Int) {
    var options = ServerOptions()
    if variant == 1 { options.spec = SpecLimits(maxEntriesPerDataSet: 3, maxLabelBytes: 4) }
    var gen = UpdateTextGenerator(seed: 0xC0FFEE &+ UInt64(variant))
    var plain = 0, generalOnly = 0
    for _ in 0..<3_000 {
      let (p, g) = Self.agree(gen.message(), options: options)
      if p { plain += 1 } else if g { generalOnly += 1 }
    }
    // Both readers are exercised: many messages are plain, many others only the general reader takes.
    print("variant \(variant): \(plain) plain, \(generalOnly) only general")
    #expect(plain > 300, "\(plain) plain")
    #expect(generalOnly > 300, "\(generalOnly) read only in general")
  }

  /// The server answers a message read plain as it answers the same message decoded in general:
  /// before `initialize`, in order with the rest, cancelled, refused against the document.
  @Test func theServerAnswersAPreparedUpdateAsTheSameMessageDecoded() throws {
    func session(prepared: Bool) -> [JSONValue] {
      let h = ServerHarness(initialize: false)
      var gen = UpdateTextGenerator(seed: 99)
      func send(_ text: String) {
        let bytes = Array(text.utf8)
        if prepared, let p = bytes.withUnsafeBytes({ h.server.prepare($0) }) {
          h.server.receive(p, bytes: bytes.count)
        } else if let json = try? JSONReader.parse(bytes) {
          h.server.receive(json, bytes: bytes.count)
        }
      }
      send(#"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"u","version":2,"edits":[]}}"#)
      _ = h.request("initialize", ["processId": .null, "capabilities": [:]])
      h.notify("initialized", [:])
      _ = h.request("chart/open", ["uri": "u", "version": 1, "spec": ["dataSets": [["id": "s", "entries": [1, 2, 3]], ["id": "ref", "entries": [4, 5]]]]])
      // Queued behind a long render, so that a cancel finds id 3 waiting.
      h.occupyWorker()
      for (k, text) in gen.session(uri: "u", count: 300, firstID: 2).enumerated() {
        send(text)
        if k == 5 { h.notify("$/cancelRequest", ["id": 3]) }
      }
      h.synchronize()
      return h.sink.all
    }
    let withPrepared = session(prepared: true), decoded = session(prepared: false)
    #expect(withPrepared.count == decoded.count)
    for (a, b) in zip(withPrepared, decoded) { #expect(a == b) }
    #expect(withPrepared.contains { $0["id"] == 3 && $0.errorCode == -32800 })
    #expect(withPrepared.contains { $0["id"] == 1 && $0.errorCode == -32002 })
    #expect(withPrepared.filter { $0["result"]?["fragments"] != nil }.count > 50)
  }
}
