import Testing
@testable import ChartdJSON

/// RFC 7396 merge patch: the examples of the RFC's Appendix A and its introductory document.
@Suite struct JSONMergePatchTests {
  static let appendixA: [(String, String, String)] = [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, #"null"#, #"null"#),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ]

  @Test(arguments: 0..<appendixA.count)
  func appendixAExample(_ index: Int) throws {
    let (original, patch, result) = Self.appendixA[index]
    let merged = try JSONReader.parse(original).mergePatched(with: try JSONReader.parse(patch))
    #expect(merged == (try JSONReader.parse(result)))
    #expect(JSONWriter.bytes(merged) == JSONWriter.bytes(try JSONReader.parse(result)))
  }

  @Test func introductoryDocument() throws {
    let target = try JSONReader.parse(#"""
      {"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},
       "tags":["example","sample"],"content":"This will be unchanged"}
      """#)
    let patch = try JSONReader.parse(#"""
      {"title":"Hello!","phoneNumber":"+01-555-1234","author":{"familyName":null},"tags":["example"]}
      """#)
    let expected = try JSONReader.parse(#"""
      {"title":"Hello!","author":{"givenName":"John"},"tags":["example"],
       "content":"This will be unchanged","phoneNumber":"+01-555-1234"}
      """#)
    #expect(target.mergePatched(with: patch) == expected)
  }

  @Test func mergingDoesNotChangeTheTarget() throws {
    let target: JSONValue = ["a": ["b": 1]]
    _ = target.mergePatched(with: ["a": ["b": nil, "c": 2]])
    #expect(target == ["a": ["b": 1]])
  }
}
