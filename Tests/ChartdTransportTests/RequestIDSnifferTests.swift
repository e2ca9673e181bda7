import ChartdJSON
import Testing
@testable import ChartdTransport

@Suite struct RequestIDSnifferTests {
  @Test(arguments: [
    (#"{"id":1}"#, JSONValue.number(1)),
    (#" { "jsonrpc" : "2.0" , "id" : "abc" } "#, .string("abc")),
    (#"{"method":"x","params":{"id":99,"list":[{"id":5}],"s":"\"id\":3"},"id":12}"#, .number(12)),
    (#"{"\u0069d":3}"#, .number(3)),
    (#"{"id":null}"#, .null),
    (#"{"id":1.5e1,"params":{}}"#, .number(15)),
    (#"{"id":"a\"b"}"#, .string("a\"b")),
  ])
  func findsTopLevelID(_ text: String, _ id: JSONValue) {
    #expect(RequestIDSniffer.sniff(Array(text.utf8)) == id)
  }

  @Test(arguments: [
    #"{"method":"x"}"#, #"{"params":{"id":1}}"#, #"[{"id":1}]"#, #"{"params":{"a":"#, #"{"id":12"#,
    #"{"id":{"nested":1}}"#, #"{"id":[1]}"#, "", "garbage", #"{"id":tru}"#,
  ])
  func reportsNothingWithoutAUsableTopLevelID(_ text: String) {
    #expect(RequestIDSniffer.sniff(Array(text.utf8)) == nil)
  }
}
