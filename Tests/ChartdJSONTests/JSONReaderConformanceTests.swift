import Testing
@testable import ChartdJSON

/// Hand-written valid and invalid documents in the spirit of JSONTestSuite.
@Suite struct JSONReaderConformanceTests {
  static let valid: [(String, JSONValue)] = [
    ("null", .null), ("true", .bool(true)), ("false", .bool(false)),
    (" \t\r\n 1 \t\r\n", .number(1)),
    ("0", .number(0)), ("-0", .number(-0.0)), ("1", .number(1)), ("-1", .number(-1)),
    ("1.5", .number(1.5)), ("-1.25e-3", .number(-0.00125)), ("0.0", .number(0)),
    ("1e2", .number(100)), ("1E2", .number(100)), ("1e+2", .number(100)), ("1e-2", .number(0.01)),
    ("0e0", .number(0)), ("0.5e1", .number(5)), ("10000000000000000000000", .number(1e22)),
    ("123456789", .number(123_456_789)),
    ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
    ("-1.7976931348623157e308", .number(-.greatestFiniteMagnitude)),
    ("5e-324", .number(.leastNonzeroMagnitude)), ("4.9e-324", .number(.leastNonzeroMagnitude)),
    ("2.2250738585072014e-308", .number(.leastNormalMagnitude)),
    ("1e-400", .number(0)), ("-1e-400", .number(-0.0)),
    ("1e-99999999999999999999", .number(0)),
    ("0.000000000000000000000000000001", .number(1e-30)),
    ("\"\"", .string("")), ("\"abc\"", .string("abc")),
    (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
    (#""\u0041\u00e9\u00E9\u20AC""#, .string("Aéé€")),
    (#""\uD83D\uDE00""#, .string("😀")),
    (#""\ud83d\ude00x""#, .string("😀x")),
    (#""\u0000""#, .string("\u{0}")),
    ("\"é😀 ü\"", .string("é😀 ü")),
    ("\"\u{7F}\"", .string("\u{7F}")),
    // Lone surrogates become U+FFFD (documented on JSONReader).
    (#""\uDE00""#, .string("\u{FFFD}")),
    (#""\uD83Dx""#, .string("\u{FFFD}x")),
    (#""\uD83D""#, .string("\u{FFFD}")),
    (#""\uD83D\u0041""#, .string("\u{FFFD}A")),
    (#""\uD83D\uD83D\uDE00""#, .string("\u{FFFD}😀")),
    (#""\uDE00\uD83D""#, .string("\u{FFFD}\u{FFFD}")),
    ("[]", .array([])), ("[ ]", .array([])),
    ("[1,2]", .numbers([1, 2])), ("[ 1 , -2.5e1 ]", .numbers([1, -25])),
    ("[1,\"a\"]", .array([.number(1), .string("a")])),
    ("[\"a\",1]", .array([.string("a"), .number(1)])),
    ("[1,2,null]", .array([.number(1), .number(2), .null])),
    ("[[]]", .array([.array([])])), ("[1,[2]]", .array([.number(1), .numbers([2])])),
    ("{}", .object([:])), ("{ }", .object([:])),
    ("{\"a\":1}", .object(["a": .number(1)])),
    ("{\"\":0}", .object(["": .number(0)])),
    ("{\"a\":{\"b\":[true,false]}}", .object(["a": .object(["b": .array([.bool(true), .bool(false)])])])),
    (" { \"a\" : 1 , \"b\" : [ ] } ", .object(["a": .number(1), "b": .array([])])),
    // Duplicate keys: the last one wins.
    ("{\"a\":1,\"a\":2}", .object(["a": .number(2)])),
    ("{\"a\\u0062\":1}", .object(["ab": .number(1)])),
    ("\u{FEFF}[1]", .numbers([1])),
  ]

  @Test(arguments: 0..<valid.count)
  func validDocument(_ index: Int) throws {
    let (text, expected) = Self.valid[index]
    let parsed = try JSONReader.parse(text)
    #expect(sameShape(parsed, expected), "\(text) → \(parsed)")
    if case .number(let e) = expected, case .number(let p) = parsed {
      #expect(p.sign == e.sign, "sign of \(text)")
    }
  }

  /// (input bytes, message prefix, offset)
  static let invalid: [([UInt8], String, Int)] = [
    (b(""), "unexpected end of input", 0),
    (b("   "), "unexpected end of input", 3),
    (b("[1,]"), "unexpected character ']'", 3),
    (b("{\"a\":1,}"), "unexpected character '}'", 7),
    (b("[1,,2]"), "unexpected character ','", 3),
    (b("[1 2]"), "unexpected character '2'", 3),
    (b("1 2"), "unexpected character '2'", 2),
    (b("[1] x"), "unexpected character 'x'", 4),
    (b("{\"a\":1}}"), "unexpected character '}'", 7),
    (b("01"), "leading zeros are not allowed in numbers", 0),
    (b("-01"), "leading zeros are not allowed in numbers", 0),
    (b("[00]"), "leading zeros are not allowed in numbers", 1),
    (b("+1"), "unexpected character '+'", 0),
    (b(".5"), "unexpected character '.'", 0),
    (b("1."), "expected a digit after the decimal point", 2),
    (b("1.e3"), "expected a digit after the decimal point", 2),
    (b("1e"), "expected a digit in the exponent", 2),
    (b("1e+"), "expected a digit in the exponent", 3),
    (b("1e-x"), "expected a digit in the exponent", 3),
    (b("-"), "unexpected end of input", 1),
    (b("-a"), "unexpected character 'a'", 1),
    (b("--1"), "unexpected character '-'", 1),
    (b("1x"), "unexpected character 'x'", 1),
    (b("0x10"), "unexpected character 'x'", 1),
    (b("NaN"), "unexpected character 'N'", 0),
    (b("Infinity"), "unexpected character 'I'", 0),
    (b("-Infinity"), "unexpected character 'I'", 1),
    (b("1e400"), "number out of range", 0),
    (b("[-1e400]"), "number out of range", 1),
    (b("123456789012345678901234567890e300"), "number out of range", 0),
    (b("\"abc"), "unterminated string", 0),
    (b("[\"a\\"), "unterminated string", 1),
    (b("\"\\x\""), "invalid escape '\\x'", 1),
    (b("\"\\u00\""), "invalid \\u escape", 1),
    (b("\"\\u12"), "unterminated string", 0),
    (b("\"\\uZZZZ\""), "invalid \\u escape", 1),
    (b("\"a\tb\""), "unescaped control character U+0009 in string", 2),
    (b("\"a\nb\""), "unescaped control character U+000A in string", 2),
    (b("\"\\n\u{1}\""), "unescaped control character U+0001 in string", 3),
    ([0x22, 0x80, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xC1, 0xBF, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xE2, 0x82, 0x22], "invalid UTF-8", 1),
    ([0x22, 0xE2, 0x82], "invalid UTF-8", 1),
    ([0x22, 0x5C, 0x6E, 0xFF, 0x22], "invalid UTF-8", 3),
    ([0xFF], "unexpected byte 0xFF", 0),
    ([0x01], "unexpected control character U+0001", 0),
    (b("[1,\u{FEFF}2]"), "unexpected byte 0xEF", 3),
    (b("{\"a\" 1}"), "unexpected character '1'", 5),
    (b("{a:1}"), "unexpected character 'a'", 1),
    (b("{\"a\":}"), "unexpected character '}'", 5),
    (b("{1:1}"), "unexpected character '1'", 1),
    (b("["), "unexpected end of input", 1),
    (b("{"), "unexpected end of input", 1),
    (b("[\"a\""), "unexpected end of input", 4),
    (b("{\"a\":1"), "unexpected end of input", 6),
    (b("tru"), "unexpected end of input", 3),
    (b("trUe"), "unexpected character 'U'", 2),
    (b("nul"), "unexpected end of input", 3),
    (b("falsey"), "unexpected character 'y'", 5),
    (b("'a'"), "unexpected character '''", 0),
    (b("/* c */ 1"), "unexpected character '/'", 0),
    (b("[1]\u{0}"), "unexpected control character U+0000", 3),
  ]

  @Test(arguments: 0..<invalid.count)
  func invalidDocument(_ index: Int) {
    let (bytes, message, offset) = Self.invalid[index]
    let text = String(decoding: bytes, as: UTF8.self)
    guard let error = parseError(bytes) else {
      Issue.record("\(text) parsed but should fail")
      return
    }
    #expect(error.message == "\(message) at byte \(offset)", "\(text)")
    #expect(error.offset == offset, "\(text)")
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var value = try JSONReader.parse(deep)
    var depth = 0
    while case .array(let a) = value, let first = a.first { value = first; depth += 1 }
    #expect(depth == 511)
    let objects = String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)
    #expect(throws: Never.self) { try JSONReader.parse(objects) }
  }

  @Test func nestingBeyondTheLimitIsAnError() {
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(parseError(tooDeep)?.message == "nesting deeper than 512 at byte 512")
    // A hostile input far deeper than the limit fails the same way, without deep recursion.
    let hostile = String(repeating: "[", count: 1_000_000)
    #expect(parseError(hostile)?.offset == 512)
    #expect(parseError("[[1]]", maxDepth: 1)?.message == "nesting deeper than 1 at byte 1")
    #expect(parseError("{\"a\":{}}", maxDepth: 1)?.offset == 5)
  }

  @Test func parsesFromARawBufferAndAString() throws {
    let bytes = Array("{\"k\":[1,2,3]}".utf8)
    let fromBuffer = try bytes.withUnsafeBytes { try JSONReader.parse($0) }
    #expect(fromBuffer == ["k": [1, 2, 3]])
    #expect(try JSONReader.parse("{\"k\":[1,2,3]}") == fromBuffer)
  }

  @Test func arraysSwitchFromPackedToGeneralAtTheFirstNonNumber() throws {
    let mixed = try JSONReader.parse("[1,2,3,\"four\",5]")
    #expect(sameShape(mixed, .array([1, 2, 3, "four", 5])))
    let packed = try JSONReader.parse("[1,2,3,4,5]")
    #expect(sameShape(packed, .numbers([1, 2, 3, 4, 5])))
  }

  @Test func longStringsWithEscapesDecodeCompletely() throws {
    let piece = "abc\\\"déf\\n😀\\u00e9"
    let text = "\"" + String(repeating: piece, count: 10_000) + "\""
    let expected = String(repeating: "abc\"déf\n😀é", count: 10_000)
    #expect(try JSONReader.parse(text) == .string(expected))
  }

  static func b(_ s: String) -> [UInt8] { Array(s.utf8) }
}
