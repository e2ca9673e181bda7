import ChartdJSON
import Testing

@testable import ChartdProtocol

/// Classifies `text` as the server's reader would.
private func classify(_ text: String) throws -> Result<IncomingMessage, InvalidMessage> {
  IncomingMessage.classify(try JSONReader.parse(text))
}

/// The error a message is answered with, or nil when it is valid.
private func rejection(_ text: String) throws -> InvalidMessage? {
  if case .failure(let e) = try classify(text) { return e }
  return nil
}

@Suite("IncomingMessage classification")
struct IncomingMessageTests {
  @Test("a request keeps its id type, method and params")
  func request() throws {
    let r = try classify(#"{"jsonrpc":"2.0","id":7,"method":"chart/render","params":{"uri":"a"}}"#)
    #expect(r == .success(.request(id: .number(7), method: "chart/render", params: ["uri": "a"])))
    let s = try classify(#"{"jsonrpc":"2.0","id":"x-1","method":"shutdown"}"#)
    #expect(s == .success(.request(id: .string("x-1"), method: "shutdown", params: nil)))
  }

  @Test("a message without id is a notification; params null is allowed")
  func notification() throws {
    let r = try classify(#"{"jsonrpc":"2.0","method":"initialized","params":null}"#)
    #expect(r == .success(.notification(method: "initialized", params: .null)))
  }

  @Test("responses from the client are recognised, not treated as errors")
  func response() throws {
    #expect(try classify(#"{"jsonrpc":"2.0","id":3,"result":null}"#) == .success(.response(id: .number(3))))
    #expect(try classify(#"{"jsonrpc":"2.0","id":4,"error":{"code":1,"message":"m"}}"#) == .success(.response(id: .number(4))))
  }

  @Test("batches and non-objects are -32600 without an id")
  func notAnObject() throws {
    for text in [#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, "[]", "42", #""s""#, "null", "true"] {
      let e = try #require(try rejection(text))
      #expect(e.id == nil)
      #expect(e.error.code == .invalidRequest)
    }
    #expect(try rejection("[]")?.error.message.contains("batches") == true)
  }

  @Test("ids must be integers or strings", arguments: [#"1.5"#, "true", "{}", "[1]"])
  func badID(id: String) throws {
    let e = try #require(try rejection(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#))
    #expect(e.id == nil)
    #expect(e.error.code == .invalidRequest)
    #expect(e.error.message.contains("'id'"))
  }

  @Test("integer ids up to 2^53 - 1 are kept exactly; larger ones, which a double may round to a neighbour, are refused")
  func idsADoubleHoldsExactly() throws {
    for id in ["9007199254740991", "-9007199254740991", "0", "-0", "1.0", "1e2"] {
      let r = try classify(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#)
      guard case .success(.request(let read, _, _)) = r else {
        Issue.record("\(id): \(r)")
        continue
      }
      #expect(read.json == .number(try JSONReader.parse(id).numberValue ?? .nan), "\(id)")
    }
    for id in ["9007199254740992", "9007199254740993", "-9007199254740993", "1e300"] {
      let e = try #require(try rejection(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#))
      #expect(e.id == nil)
      #expect(e.error.code == .invalidRequest)
      #expect(e.error.message == "'id' must be a string or an integer within ±9007199254740991, "
        + "got an integer beyond ±9007199254740991 (2^53 − 1), which a double does not hold exactly", "\(id)")
    }
    let fraction = try #require(try rejection(#"{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}"#))
    #expect(fraction.error.message == "'id' must be a string or an integer within ±9007199254740991, got the fraction 1.5")
    // The same rule for the id a cancel names.
    #expect(throws: ResponseError.self) { try CancelRequestNotification(params: ["id": 9007199254740993]) }
    #expect(try CancelRequestNotification(params: ["id": 9007199254740991]).id == .number(9007199254740991))
  }

  @Test("a null id in a request is refused")
  func nullID() throws {
    let e = try #require(try rejection(#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#))
    #expect(e.error.code == .invalidRequest)
  }

  @Test("jsonrpc must be exactly \"2.0\"; the error keeps the readable id")
  func version() throws {
    for text in [#"{"id":5,"method":"shutdown"}"#, #"{"jsonrpc":"1.0","id":5,"method":"shutdown"}"#,
                 #"{"jsonrpc":2.0,"id":5,"method":"shutdown"}"#] {
      let e = try #require(try rejection(text))
      #expect(e.id == .number(5))
      #expect(e.error.code == .invalidRequest)
    }
  }

  @Test("method must be present and a string")
  func method() throws {
    #expect(try rejection(#"{"jsonrpc":"2.0","id":1}"#)?.error.message == "missing 'method'")
    let e = try #require(try rejection(#"{"jsonrpc":"2.0","id":1,"method":3}"#))
    #expect(e.id == .number(1))
    #expect(e.error.message.contains("'method' must be a string"))
  }

  @Test("params must be an object or an array", arguments: ["1", #""p""#, "true"])
  func params(params: String) throws {
    let e = try #require(try rejection(#"{"jsonrpc":"2.0","id":2,"method":"chart/render","params":\#(params)}"#))
    #expect(e.id == .number(2))
    #expect(e.error.code == .invalidRequest)
  }
}
