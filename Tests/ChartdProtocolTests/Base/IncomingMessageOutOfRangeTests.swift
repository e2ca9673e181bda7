import ChartdJSON
import Testing

@testable import ChartdProtocol

/// A request that is JSON but for a number beyond a double's range is answered with its own id and
/// the number's JSON Pointer; what names no request stays a parse error.
@Suite struct IncomingMessageOutOfRangeTests {
  /// The answer `IncomingMessage.numberOutOfRange` gives `text`, after the strict reader refused it.
  func answer(_ text: String) -> InvalidMessage? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { body -> InvalidMessage? in
      do {
        _ = try IncomingMessage.decode(body)
        Issue.record("\(text) was read")
        return nil
      } catch let error as JSONParseError {
        return IncomingMessage.numberOutOfRange(body, error)
      } catch {
        Issue.record("\(error)")
        return nil
      }
    }
  }

  @Test func aNumberInParamsIsInvalidParamsAtItsPointer() throws {
    let a = try #require(answer(#"{"jsonrpc":"2.0","id":3,"method":"chart/update","params":{"uri":"u","version":2,"edits":[{"op":"appendEntries","dataSet":"s","entries":[4,-1e400]}]}}"#))
    #expect(a.id == .number(3))
    #expect(a.error.code == .invalidParams)
    let d = try #require(a.error.data?["diagnostics"]?.arrayValue?.first)
    #expect(d["path"] == "/edits/0/entries/1")
    #expect(d["message"]?.stringValue?.hasPrefix("number -1e400 is out of range") == true)
  }

  @Test func keysAreEscapedAndLongLiteralsShortened() throws {
    let digits = String(repeating: "9", count: 60)
    let a = try #require(answer(#"{"id":"k","jsonrpc":"2.0","method":"m","params":{"a/b~c":[0,{"x":"#  + digits + #"e308}]}}"#))
    #expect(a.id == .string("k"))
    let d = try #require(a.error.data?["diagnostics"]?.arrayValue?.first)
    #expect(d["path"] == "/a~1b~0c/1/x")
    #expect(d["message"]?.stringValue?.hasPrefix("number " + String(repeating: "9", count: 40) + "… is out of range") == true)
  }

  @Test func aNumberElsewhereInTheEnvelopeIsAnInvalidRequest() throws {
    let a = try #require(answer(#"{"jsonrpc":"2.0","id":"x","method":"chart/synchronize","extra":[1e999]}"#))
    #expect(a.id == .string("x"))
    #expect(a.error.code == .invalidRequest)
    #expect(a.error.message.hasPrefix("/extra/0: number 1e999 is out of range"))
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1e400,"method":"chart/synchronize"}"#,  // the id itself
    #"{"jsonrpc":"2.0","method":"chart/update","params":{"v":1e400}}"#,  // a notification
    #"{"jsonrpc":"2.0","id":5,"method":"m","params":[1e400,]}"#,  // not JSON further on
    #"{"jsonrpc":"1.0","id":5,"method":"m","params":[1e400]}"#,  // not a request
    #"{"id":5,"result":1e400}"#,  // a response
    #"[{"jsonrpc":"2.0","id":5,"method":"m","params":[1e400]}]"#,  // a batch
  ])
  func nothingNamesARequestSoItStaysAParseError(_ text: String) {
    #expect(answer(text) == nil)
  }

  @Test func onlyANumberOutOfRangeIsLookedAt() {
    let text = Array(#"{"jsonrpc":"2.0","id":5,"method":"m","params":[1e400]}"#.utf8)
    text.withUnsafeBytes { body in
      #expect(IncomingMessage.numberOutOfRange(body, JSONParseError(offset: 45, message: "unexpected character")) == nil)
    }
  }
}
