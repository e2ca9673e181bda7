import Testing
@testable import ChartdJSON

/// `JSONCursor` reads what it is asked for, as `JSONReader.parse` reads it, and gives up (nil,
/// false) on anything else, valid JSON or not.
@Suite struct JSONCursorTests {
  static let names = JSONNames(["a", "bb", "longer-than-8"])

  /// Reads `text` as an object of `names` whose values are numbers: the numbers by name index.
  static func numbers(_ text: String) -> [Int: Double]? {
    var out: [Int: Double] = [:]
    let read = Array(text.utf8).withUnsafeBytes { bytes in
      JSONCursor.read(bytes) { c in
        c.object(names: names) { c, k in
          guard let v = c.number() else { return false }
          out[k] = v
          return true
        }
      }
    }
    return read ? out : nil
  }

  @Test func objectsOfKnownNamesAreRead() {
    #expect(Self.numbers(#"{"a":1,"bb":2.5,"longer-than-8":-3e2}"#) == [0: 1, 1: 2.5, 2: -300])
    #expect(Self.numbers(" \u{FEFF}{}") == nil)  // a byte order mark only at the very start
    #expect(Self.numbers("\u{FEFF}{ } \n") == [:])
    #expect(Self.numbers(#"{ "bb" : 1 , "a" : 0.1 }"#) == [1: 1, 0: 0.1])
    for refused in [#"{"a":1,"a":2}"#, #"{"c":1}"#, #"{"longer-than-9":1}"#, #"{"\u0061":1}"#, #"{"a":1,}"#,
                    #"{"a":1} x"#, #"{"a":01}"#, #"{"a":1e400}"#, #"{"a":"1"}"#, #"{"a":1"#, "", #"{"longer-than-"#] {
      #expect(Self.numbers(refused) == nil, "\(refused)")
    }
  }

  @Test func numbersReadAsTheReaderReadsThem() throws {
    for text in ["0", "-0", "0.1", "1e-400", "123456789012345678901234", "2.2250738585072011e-308", "-1.5E+3"] {
      var got: Double?
      _ = Array(text.utf8).withUnsafeBytes { b in JSONCursor.read(b) { c in got = c.number(); return got != nil } }
      let parsed = try JSONReader.parse(text).numberValue
      #expect(got == parsed && got?.sign == parsed?.sign, "\(text)")
    }
  }

  @Test func plainIntegersAreDigitsOnly() {
    func integer(_ text: String) -> Int? {
      var got: Int?
      let read = Array(text.utf8).withUnsafeBytes { b in JSONCursor.read(b) { c in got = c.plainInteger(); return got != nil } }
      return read ? got : nil
    }
    #expect(integer("0") == 0)
    #expect(integer(" 42 ") == 42)
    #expect(integer("999999999999999") == 999_999_999_999_999)
    for refused in ["1000000000000000", "-1", "1.0", "1e2", "01", "1E2", "x", ""] {
      #expect(integer(refused) == nil, "\(refused)")
    }
  }

  @Test func plainStringsAreASCIIWithoutEscapes() {
    func string(_ text: String) -> String? {
      var got: String?
      let read = Array(text.utf8).withUnsafeBytes { b in JSONCursor.read(b) { c in got = c.plainString(); return got != nil } }
      return read ? got : nil
    }
    #expect(string(#""mem:a b/c""#) == "mem:a b/c")
    #expect(string(#""""#) == "")
    for refused in [#""a\"b""#, "\"caf\u{e9}\"", "\"a\u{1}\"", #""open"#, "5", "\"\u{7f}\""] {
      #expect(string(refused) == nil, "\(refused)")
    }
    #expect(Array(#"{"x":[true,false]}"#.utf8).withUnsafeBytes { b in
      JSONCursor.read(b) { c in
        c.object(names: JSONNames(["x"])) { c, _ in c.array { c in c.bool() != nil } }
      }
    })
    #expect(Array(#"["appendEntries"]"#.utf8).withUnsafeBytes { b in
      JSONCursor.read(b) { c in c.array { c in c.string(among: JSONNames(["removeEntries", "appendEntries"])) == 1 } }
    })
  }

  @Test func aTextCanBeSearchedForAByteString() {
    let text = Array(#"{"method":"chart/synchronize","uri":"file:///a/updates"}"#.utf8)
    text.withUnsafeBytes { b in
      #expect(!JSONCursor.contains(b, "/update\""))
      #expect(JSONCursor.contains(b, "/a/updates"))
      #expect(JSONCursor.contains(b, "updates\"}"))
    }
    Array("/update".utf8).withUnsafeBytes { b in #expect(!JSONCursor.contains(b, "/update\"")) }
  }
}
