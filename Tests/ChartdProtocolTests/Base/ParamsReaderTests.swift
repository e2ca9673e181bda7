import ChartdJSON
import Testing

@testable import ChartdProtocol

/// The JSON Pointer of the first diagnostic of a -32602 error.
func diagnosticPath(_ error: ResponseError) -> String? {
  error.data?["diagnostics"]?.arrayValue?.first?["path"]?.stringValue
}

/// Runs `body`, returning the ResponseError it throws (nil when it does not throw).
func thrown<T>(_ body: () throws -> T) -> ResponseError? {
  do {
    _ = try body()
    return nil
  } catch let error as ResponseError {
    return error
  } catch {
    Issue.record("expected a ResponseError, got \(error)")
    return nil
  }
}

@Suite("ParamsReader")
struct ParamsReaderTests {
  @Test("absent and null params read as an empty object; other types are refused at the root")
  func shapes() throws {
    #expect(try ParamsReader(nil).fields.isEmpty)
    #expect(try ParamsReader(.null).fields.isEmpty)
    let e = try #require(thrown { try ParamsReader([1, 2]) })
    #expect(e.code == .invalidParams)
    #expect(diagnosticPath(e) == "")
  }

  @Test("each accessor names the field with a JSON Pointer")
  func pointers() throws {
    let p = try ParamsReader(["uri": "", "version": -1, "x": "1", "n": 1.5, "long": .string(String(repeating: "u", count: 4097))])
    #expect(diagnosticPath(try #require(thrown { try p.uri() })) == "/uri")
    #expect(thrown { try p.uri() }?.message == "invalid params: /uri: must not be empty")
    #expect(thrown { try p.uri("long") }?.message.contains("4096") == true)
    #expect(diagnosticPath(try #require(thrown { try p.version() })) == "/version")
    #expect(diagnosticPath(try #require(thrown { try p.number("x") })) == "/x")
    #expect(thrown { try p.int("n") }?.message.contains("a fraction") == true)
    #expect(thrown { try p.string("missing") }?.message == "invalid params: /missing: missing required property 'missing'")
  }

  @Test("integers are read while every one is exact: a larger whole number is refused as too large")
  func exactIntegers() throws {
    let p = try ParamsReader(["top": 9_007_199_254_740_991, "over": 9_007_199_254_740_992, "huge": 1e20])
    #expect(try p.version("top") == 9_007_199_254_740_991)
    // 2^53 would be the last version: 2^53 + 1 reads as the same double, so no later one could follow.
    for key in ["over", "huge"] {
      let e = try #require(thrown { try p.version(key) })
      #expect(diagnosticPath(e) == "/" + key)
      #expect(!e.message.contains("fraction"), "\(e.message)")
      #expect(e.message.contains("9007199254740991"), "\(e.message)")
    }
    let huge = thrown { try p.int("huge") }?.message ?? ""
    #expect(huge.hasSuffix("got 1e20"), "\(huge)")
  }

  @Test("optional accessors accept absence and null, but not a wrong type")
  func optionals() throws {
    let p = try ParamsReader(["a": .null, "b": 3])
    #expect(try p.optionalString("a") == nil)
    #expect(try p.optionalInt("missing") == nil)
    #expect(try p.optionalInt("b") == 3)
    #expect(diagnosticPath(try #require(thrown { try p.optionalString("b") })) == "/b")
  }

  @Test("invalidParams summarises several diagnostics and keeps them all in data")
  func summary() {
    let e = ResponseError.invalidParams([
      ["path": "/spec/dataSets/0/entries", "message": "expected an array", "severity": "error"],
      ["path": "/spec/width", "message": "must be positive", "severity": "error"],
    ])
    #expect(e.message == "invalid params: /spec/dataSets/0/entries: expected an array (and 1 more)")
    #expect(e.data?["diagnostics"]?.arrayValue?.count == 2)
  }

  @Test("requestFailed errors carry data.kind and extra fields")
  func failed() {
    let e = ResponseError.failed(.tooManyDocuments, "limit 64", extra: ["limit": 64])
    #expect(e.json["code"] == .number(-32803))
    #expect(e.json["data"] == ["kind": "tooManyDocuments", "limit": 64])
  }
}
