import ChartdJSON
import Testing
@testable import ChartdOracle

/// The oracle's own reading of JSON-RPC 2.0: which messages get a reply, with which id and code.
@Suite struct ExpectedReplyTests {
  @Test func requestsNotificationsAndResponses() throws {
    func reply(_ text: String) throws -> (id: JSONValue?, code: Int?) { Oracle.expectedReply(try JSONReader.parse(text)) }
    #expect(try reply(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":null}}"#).id == .none)
    #expect(try reply(#"{"jsonrpc":"2.0","id":21,"result":null}"#).id == .none)
    #expect(try reply(#"{"jsonrpc":"2.0","id":5,"method":12}"#) == (5, -32600))
    #expect(try reply(#"{"jsonrpc":"2.0","id":16,"method":"","params":{}}"#) == (16, -32601))
    #expect(try reply(#"{"jsonrpc":"2.0","id":null,"method":"chart/synchronize"}"#) == (.null, -32600))
    #expect(try reply(#"{"jsonrpc":"2.0","id":1.5,"method":"chart/synchronize"}"#) == (.null, -32600))
    #expect(try reply(#"{"jsonrpc":"1.0","id":"a","method":"chart/synchronize"}"#) == ("a", -32600))
    #expect(try reply(#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#) == (.null, -32600))
    #expect(try reply(#"{"jsonrpc":"2.0","id":3,"method":"chart/render","params":5}"#) == (3, -32600))
    #expect(try reply(#"{"jsonrpc":"2.0","id":3,"method":"initialize"}"#) == (3, -32600))
    #expect(try reply(#"{"jsonrpc":"2.0","id":3,"method":"chart/render"}"#) == (3, nil))
    #expect(try reply(#"{"jsonrpc":"2.0","id":3,"method":"$/cancelRequest","params":{"id":2}}"#) == (3, -32600))
  }
}
