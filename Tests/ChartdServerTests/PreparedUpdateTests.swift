import ChartCore
import ChartdJSON
import ChartdOracle
import ChartdProtocol
import Testing
@testable import ChartdServer

/// A `chart/update` in its plain form is read straight from its bytes (`ChartServer.prepare`);
/// whatever that reader takes, the general one (decode, `UpdateChartRequest(params:)`,
/// `ChartEdit.parseEdits`) reads the same, and the server answers it the same.
@Suite struct PreparedUpdateTests {
  static func prepared(_ text: String, limits: SpecLimits = SpecLimits()) -> PreparedUpdate? {
    Array(text.utf8).withUnsafeBytes { ChartServer.prepare($0, limits: limits) }
  }

  /// Checks one text against the general reader (`FuzzChecks.preparedUpdate`, under the default
  /// limits and tight ones); returns whether it was read plain and whether the general path read it.
  static func agree(_ bytes: [UInt8]) -> (plain: Bool, general: Bool) {
    let problem = FuzzChecks.preparedUpdate(bytes)
    #expect(problem == nil, "\(problem ?? "")")
    let plain = bytes.withUnsafeBytes { ChartServer.prepare($0, limits: SpecLimits()) } != nil
    let general = bytes.withUnsafeBytes { ChartServer.readInGeneral($0, limits: SpecLimits()) } != nil
    return (plain, general)
  }

  static func agree(_ text: String) -> (plain: Bool, general: Bool) { agree(Array(text.utf8)) }

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
      let (plain, general) = Self.agree(text)
      #expect(plain && general, "\(text)")
    }
    let first = try #require(Self.prepared(texts[0]))
    #expect(first.id == .number(7) && first.request.uri == "mem:a" && first.request.version == 2)
    #expect(first.edits.edits == [.appendEntries(dataSet: "s", entries: EntryBatch(columns: EntryColumns(x: [10030], y: [50.3]), explicitX: true), maxEntries: nil)])
    let third = try #require(Self.prepared(texts[2]))
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
      let (plain, _) = Self.agree(text)
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
      #expect(!Self.agree(text).plain, "\(text)")
    }
  }

  /// Thousands of generated messages, plain and not, valid and not, some with bytes broken: what
  /// the plain reader takes, the general reader reads the same, without a diagnostic.
  @Test(arguments: [0xC0FFEE, 0xC0FFEF] as [UInt64])
  func theReadersAgreeOnGeneratedMessages(seed: UInt64) {
    let texts = UpdateTexts(SeededChoices(seed: seed))
    var plain = 0, generalOnly = 0
    for _ in 0..<3_000 {
      let (p, g) = Self.agree(texts.message())
      if p { plain += 1 } else if g { generalOnly += 1 }
    }
    // Both readers are exercised: many messages are plain, many others only the general reader takes.
    #expect(plain > 300, "\(plain) plain")
    #expect(generalOnly > 300, "\(generalOnly) read only in general")
  }

  /// The server answers a message read plain as it answers the same message decoded in general:
  /// before `initialize`, in order with the rest, cancelled, refused against the document.
  @Test func theServerAnswersAPreparedUpdateAsTheSameMessageDecoded() throws {
    func session(prepared: Bool) -> [JSONValue] {
      let h = ServerHarness(initialize: false)
      let texts = UpdateTexts(SeededChoices(seed: 99))
      func send(_ bytes: [UInt8]) {
        if prepared, let p = bytes.withUnsafeBytes({ h.server.prepare($0) }) {
          h.server.receive(p, bytes: bytes.count)
        } else if let json = try? JSONReader.parse(bytes) {
          h.server.receive(json, bytes: bytes.count)
        }
      }
      send(Array(#"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"u","version":2,"edits":[]}}"#.utf8))
      _ = h.request("initialize", ["processId": .null, "capabilities": [:]])
      h.notify("initialized", [:])
      _ = h.request("chart/open", ["uri": "u", "version": 1, "spec": ["dataSets": [["id": "s", "entries": [1, 2, 3]], ["id": "ref", "entries": [4, 5]]]]])
      // Queued behind a long render, so that a cancel finds id 3 waiting (a plain update: generated
      // ones are not all JSON, and one that is not is never queued).
      h.occupyWorker()
      send(Array(#"{"jsonrpc":"2.0","id":3,"method":"chart/update","params":{"uri":"u","version":2,"edits":[{"op":"appendEntries","dataSet":"s","entries":[9]}]}}"#.utf8))
      for (k, text) in texts.session(uri: "u", count: 300, firstID: 4).enumerated() {
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
